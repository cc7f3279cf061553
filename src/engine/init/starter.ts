/**
 * The manifests a project starts with when init pulled none: so that the project validates at once (a
 * project whose globs match no file is an error, which keeps a mistyped glob from planning an empty
 * project). Each family that can starts its own (a `kind: Properties` document per object type the scope
 * qualifies, with an empty list and a commented example); a scope that names nothing a family can start
 * gets one file holding an example only (validate warns that the file holds no document until one is
 * written).
 */
import type { StarterFile } from '../pull-part.js';
import { families } from '../installed.js';
import { oneOfWords } from '../manifest/schema/manifest-json-schema.js';
import { documentKinds } from '../manifest/schema/document-kinds.js';
import type { ManageEntries } from '../pull/scope-flags.js';

export type { StarterFile } from '../pull-part.js';

export function starterManifests(manage: ManageEntries, schemaComment: string): StarterFile[] {
  const starters = families().flatMap((family) => {
    const own = family.pull?.adopt?.starter?.(manage, schemaComment);
    return own === undefined ? [] : [own];
  });
  const files = starters.flatMap((starter) => starter.files);
  if (files.length > 0) return files;
  const example = starters.find((starter) => starter.example.length > 0)?.example ?? [];
  const kinds = documentKinds().map((kind) => `${kind.summary} (kind: ${kind.kind})`);
  return [
    {
      name: 'example.yaml',
      text: [
        schemaComment,
        '#',
        ...wrapped(`A manifest declares the ${oneOfWords(kinds)}.`).map((line) => `# ${line}`),
        ...example.map((line) => `# ${line}`.trimEnd()),
        '',
      ].join('\n'),
    },
  ];
}

/** A sentence in lines of at most 100 characters. */
function wrapped(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > 100) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}
