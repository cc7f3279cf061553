/**
 * The text of a project file that `init` or `pull` writes, made by the yaml library from the data, never
 * by joining strings: whatever a value holds (a comma, a quote, `#`, a line break, YAML syntax), it reads
 * back as that value. Lists are written in flow style (`prefixes: [support_]`), the manifest globs in single
 * quotes, and the comments of the file as comment lines before their keys. The text is parsed back and
 * compared with the data before it is returned: a difference is an internal error, never a file that says
 * something else.
 */
import { Document, isMap, isPair, isScalar, isSeq, parse, Scalar } from 'yaml';
import { CrmSchemaError } from '../../core/errors.js';

export interface KeyNote {
  /** comment lines written before the key (without `#`; an empty string is a `#` line alone) */
  comment?: readonly string[];
  /** a blank line before the key (and its comment) */
  blankBefore?: boolean;
  /** a blank line after the comment, before the key */
  blankAfterComment?: boolean;
  /** comment lines written after the key's value (a mapping: after its last key, at its indentation) */
  commentAfter?: readonly string[];
}

/**
 * `data` as YAML; `notes` keyed by the dotted path of a key (`policy.manage`). With `quoteGlobs` the
 * `manifests` globs are single-quoted.
 */
export function projectFileYaml(
  data: Record<string, unknown>,
  notes: ReadonlyMap<string, KeyNote>,
  options: { quoteGlobs?: boolean } = {},
): string {
  const doc = new Document(data, { aliasDuplicateObjects: false });
  visit(doc.contents, '', notes, options.quoteGlobs === true);
  const text = doc.toString({ lineWidth: 0, flowCollectionPadding: false });
  if (JSON.stringify(parse(text)) !== JSON.stringify(data))
    throw new CrmSchemaError(
      'PROJECT_FILE_NOT_WRITTEN',
      'The project file made does not read back as what was meant; it was not written.',
      {
        hint: 'Report this: it is a fault of crm-schema.',
      },
    );
  return text;
}

const comment = (lines: readonly string[]) =>
  lines.map((line) => (line === '' ? ' ' : ` ${line}`)).join('\n');

function visit(node: unknown, path: string, notes: ReadonlyMap<string, KeyNote>, quoteGlobs: boolean): void {
  if (isSeq(node)) {
    node.flow = true;
    if (path === 'manifests' && quoteGlobs)
      for (const item of node.items) if (isScalar(item)) item.type = Scalar.QUOTE_SINGLE;
    return;
  }
  if (!isMap(node)) return;
  for (const pair of node.items) {
    if (!isPair(pair) || !isScalar(pair.key)) continue;
    const key = String(pair.key.value);
    const at = path === '' ? key : `${path}.${key}`;
    const note = notes.get(at);
    if (note !== undefined) {
      if (note.blankBefore === true) pair.key.spaceBefore = true;
      if (note.comment !== undefined && note.comment.length > 0)
        pair.key.commentBefore = comment(note.comment) + (note.blankAfterComment === true ? '\n' : '');
      if (note.commentAfter !== undefined && note.commentAfter.length > 0 && isMap(pair.value))
        pair.value.comment = comment(note.commentAfter);
    }
    visit(pair.value, at, notes, quoteGlobs);
  }
}
