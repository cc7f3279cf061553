/**
 * Step 2: the shape of each document against the JSON Schemas, all errors at once, each at the
 * file:line:col of the offending node. Also says which entries a blocking error makes unusable, so
 * the semantic rules skip them instead of reporting noise.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { describeAjvError, NON_BLOCKING_KEYWORDS } from './ajv-messages.js';
import type { ShapeProblem } from './ajv-messages.js';
import type { DiagnosticInput, DiagnosticSink } from '../../../core/source/diagnostics.js';
import { formatPath, locate } from '../../../core/source/locate.js';
import type { PathSegment } from '../../../core/source/locate.js';
import type { ParsedDocument } from '../../../core/source/parse-yaml.js';
import { validators } from './schemas.js';
import { errorsInChunks } from './chunked-validate.js';
import { closest } from './suggest.js';
import { documentKindNamed, documentKinds } from './document-kinds.js';
import { defNameOf } from '../../../core/json-schema.js';
import { own } from '../../../core/own.js';
import { families } from '../../installed.js';

export interface ShapeResult {
  /** the document's `kind:` value, when it is one an installed family owns */
  kind: string | undefined;
  /** the whole document is unusable for the semantic rules */
  documentBlocked: boolean;
  /** entries (`properties/3`) a blocking error makes unusable */
  blockedEntries: ReadonlySet<string>;
}

export interface SchemaRunOptions {
  /** hints for missing keys, by `<root>.<list>` or by list alone */
  missingHints?: Readonly<Record<string, string | undefined>>;
  /** overrides the message of a problem (the project file turns `token:` keys into LITERAL_TOKEN) */
  override?: (problem: ShapeProblem) => DiagnosticInput | undefined;
}

/** Validates `data` with `validate`, reports every problem, returns the blocking ones' paths. */
export function runSchema(
  document: ParsedDocument,
  validate: ValidateFunction,
  rootDef: string,
  sink: DiagnosticSink,
  options: SchemaRunOptions = {},
): PathSegment[][] {
  const blocking: PathSegment[][] = [];
  // a chunk of a long list at a time: the errors about one entry are all in one chunk, and what a long
  // list of broken entries gives is not all held at once
  for (const errors of errorsInChunks(validate, document.data)) {
    for (const { problem, keyword, silent } of mergeMissingKeys(
      errors,
      rootDef,
      options.missingHints ?? {},
    )) {
      if (!NON_BLOCKING_KEYWORDS.has(keyword)) blocking.push(problem.path);
      if (silent) continue;
      const input = options.override?.(problem) ?? problem.input;
      // an unknown key is shown under the object that holds it: `properties[0]: unknown key 'lable'`
      const shown = problem.target === 'key' ? problem.path.slice(0, -1) : problem.path;
      sink.at(locate(document, problem.path, problem.target), { ...input, path: formatPath(shown) });
    }
  }
  return blocking;
}

/** Checks one manifest document: its kind, then its kind's schema. */
export function checkManifestShape(document: ParsedDocument, sink: DiagnosticSink): ShapeResult {
  const blocked: ShapeResult = { kind: undefined, documentBlocked: true, blockedEntries: new Set() };
  const data = document.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    sink.at(locate(document, []), {
      code: 'WRONG_TYPE',
      message: `a manifest document must be a mapping with a 'kind' key, not ${Array.isArray(data) ? 'a list' : 'a single value'}`,
    });
    return blocked;
  }
  const kind = (data as { kind?: unknown }).kind;
  const documentKind = typeof kind === 'string' ? documentKindNamed(kind) : undefined;
  const validate = documentKind === undefined ? undefined : validators().kinds.get(documentKind.kind);
  if (documentKind === undefined || validate === undefined) {
    reportKind(document, kind, sink);
    return blocked;
  }
  // lists whose entries are checked (and skipped) one by one
  const entryLists = new Set(documentKind.lists.map((list) => list.key));
  const rootDef = defNameOf(documentKind.schema);
  const blocking = runSchema(document, validate, rootDef, sink, {
    missingHints: missingHints(documentKind.kind),
  });
  const blockedEntries = new Set<string>();
  let documentBlocked = false;
  for (const path of blocking) {
    const [list, index] = path;
    if (typeof list === 'string' && entryLists.has(list) && typeof index === 'number') {
      blockedEntries.add(`${list}/${index}`);
    } else if (!(typeof list === 'string' && entryLists.has(list) && path.length === 1)) {
      // a header key (objectType, from, eventName, ...) is broken: nothing in the document is usable;
      // a list that is not a list is simply skipped by the extraction
      documentBlocked = true;
    }
  }
  return { kind: documentKind.kind, documentBlocked, blockedEntries };
}

function reportKind(document: ParsedDocument, kind: unknown, sink: DiagnosticSink): void {
  const names = documentKinds().map((k) => k.kind);
  const hint = `kind is one of: ${names.join(', ')}`;
  if (kind === undefined) {
    sink.at(locate(document, []), { code: 'KIND_INVALID', message: "missing key 'kind'", hint });
    return;
  }
  const suggestion = typeof kind === 'string' ? closest(kind, names) : undefined;
  sink.at(locate(document, ['kind']), {
    code: 'KIND_INVALID',
    message: `unknown kind ${typeof kind === 'string' ? `'${kind}'` : JSON.stringify(kind)}${suggestion ? ` (did you mean '${suggestion}'?)` : ''}`,
    hint,
    path: 'kind',
  });
}

/** ajv reports each missing key apart; one message per object reads better. */
function mergeMissingKeys(
  errors: readonly ErrorObject[],
  rootDef: string,
  hints: Readonly<Record<string, string | undefined>>,
): { problem: ShapeProblem; keyword: string; silent?: boolean }[] {
  const out: { problem: ShapeProblem; keyword: string; silent?: boolean }[] = [];
  const missingByPath = new Map<string, { problem: ShapeProblem; keys: string[] }>();
  // `lable:` already says "did you mean 'label'?"; "missing key 'label'" would only repeat it
  const misspelt = new Set<string>();
  const described = errors.map((error) => ({ error, problem: describeAjvError(error, rootDef) }));
  for (const { error, problem } of described) {
    if (problem?.suggestion !== undefined) misspelt.add(`${error.instancePath}\0${problem.suggestion}`);
  }
  for (const { error, problem } of described) {
    if (!problem) continue;
    if (error.keyword === 'required') {
      if (
        misspelt.has(
          `${error.instancePath}\0${(error.params as { missingProperty: string }).missingProperty}`,
        )
      ) {
        out.push({ problem, keyword: 'required', silent: true });
        continue;
      }
      const key = (error.params as { missingProperty: string }).missingProperty;
      const seen = missingByPath.get(error.instancePath);
      if (seen) {
        seen.keys.push(key);
        continue;
      }
      missingByPath.set(error.instancePath, { problem, keys: [key] });
      out.push({ problem, keyword: 'required' });
      continue;
    }
    out.push({ problem, keyword: error.keyword });
  }
  for (const { problem, keys } of missingByPath.values()) {
    if (keys.length > 1) problem.input.message = `missing keys ${keys.map((k) => `'${k}'`).join(', ')}`;
    problem.input.hint = own(hints, `${rootDef}.${listOf(problem.path)}`) ?? own(hints, listOf(problem.path));
  }
  return out;
}

/** Hints for missing keys of one kind of document, by `<root>.<list>` or by list alone (its family's). */
function missingHints(kind: string): Record<string, string | undefined> {
  const hints: Record<string, string | undefined> = {};
  for (const family of families()) {
    const own = family.manifest.documents.find((d) => d.kind === kind);
    Object.assign(hints, family.manifest.missingHints ?? {});
    if (own === undefined) continue;
    for (const list of own.lists) hints[`${defNameOf(own.schema)}.${list.key}`] = list.missingHint;
  }
  return hints;
}

/** The list an object sits in: `options` for `properties[2].options[0]`. */
function listOf(path: readonly PathSegment[]): string {
  const list = path.length >= 2 && typeof path.at(-1) === 'number' ? path.at(-2) : undefined;
  return typeof list === 'string' ? list : '';
}
