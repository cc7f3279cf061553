/**
 * Turns ajv's errors into plain messages, one table entry per JSON Schema keyword, so a user reads
 * `unknown key 'lable' (did you mean 'label'?)` instead of ajv's raw text. Values of `tokenEnv` are
 * never quoted: they might be a token written by mistake.
 */
import type { ErrorObject } from 'ajv';
import type { DiagnosticInput } from '../../../core/source/diagnostics.js';
import { pointerToPath } from '../../../core/source/locate.js';
import type { PathSegment } from '../../../core/source/locate.js';
import { schemaNameOf } from './schemas.js';
import { closest } from './suggest.js';
import { own } from '../../../core/own.js';
import { families, perInstall } from '../../installed.js';

export interface ShapeProblem {
  path: PathSegment[];
  /** point at the key (unknown keys) or at the value */
  target: 'key' | 'value';
  input: DiagnosticInput;
  /** for an unknown key: the key it probably means */
  suggestion?: string;
}

interface ErrorContext {
  error: ErrorObject;
  path: PathSegment[];
  /** the `$defs` entry the failing keyword belongs to */
  def: string;
  /** the start of a message: empty, as messages follow the key path, or `the document ` at the root */
  subject: string;
}

type Describe = (context: ErrorContext) => ShapeProblem | undefined;

/** Keywords whose failure leaves the value usable by the semantic rules (right type, wrong detail). */
export const NON_BLOCKING_KEYWORDS: ReadonlySet<string> = new Set([
  'additionalProperties',
  'pattern',
  'maxLength',
  'minLength',
  'minimum',
  'minItems',
  'uniqueItems',
]);

/** Keywords that only wrap other errors already reported. */
const SILENT_KEYWORDS: ReadonlySet<string> = new Set(['if', 'propertyNames']);

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping (key: value)',
  null: 'null',
};

/** Keys users often write for another one: the engine's, then each family's (`ManifestPart.synonyms`). */
const ENGINE_SYNONYMS: Record<string, string[]> = {
  archived: ['deleted'],
  deleted: ['archived'],
  object: ['objectType'],
  token: [],
};

const synonymsOf = perInstall((): Readonly<Record<string, readonly string[]>> => {
  const all: Record<string, readonly string[]> = { ...ENGINE_SYNONYMS };
  for (const family of families()) Object.assign(all, family.manifest.synonyms ?? {});
  return all;
});

const NAME_RULE = 'a lowercase letter first, then lowercase letters, digits and underscores';

/** Plain messages of `pattern` failures, by the `$defs` entry that holds the pattern. */
const PATTERNS: Record<string, (value: string) => DiagnosticInput> = {
  objectType: (value) => ({
    code: 'INVALID_VALUE',
    message: `'${value}' is not an object type: use a name such as 'tickets' or an id such as '0-5'`,
  }),
  objectTypeName: (value) => nameRule(value, 'object type name', 100),
  branchName: (value) => ({
    code: 'NAME_INVALID',
    message: `'${value}' is not a branch name crm-schema writes to: letters, digits, '.', '_', '-' and '/', not starting with '-', without '..' or '//', not ending with '.' or '/'`,
    hint: 'for example crm-schema-records',
  }),
  environmentName: (value) => ({
    code: 'NAME_INVALID',
    message: `'${value}' is not a valid environment name: a letter first, then letters, digits, '_' and '-'`,
  }),
  'Environment.tokenEnv': (value) =>
    looksLikeToken(value)
      ? LITERAL_TOKEN_IN_TOKEN_ENV
      : {
          code: 'NAME_INVALID',
          message: "'tokenEnv' must be the name of an environment variable: letters, digits and underscores",
          hint: 'for example CRM_TOKEN_STAGING',
        },
};

/** The plain messages of `pattern` failures: the engine's, then each family's (`ManifestPart.patterns`). */
const patternsOf = perInstall((): Readonly<Record<string, (value: string) => DiagnosticInput>> => {
  const all: Record<string, (value: string) => DiagnosticInput> = { ...PATTERNS };
  for (const family of families()) Object.assign(all, family.manifest.patterns ?? {});
  return all;
});

/** Schema objects whose `pattern` has a plain message (a test checks every pattern is covered). */
export function patternNames(): string[] {
  return Object.keys(patternsOf());
}

export const LITERAL_TOKEN_IN_TOKEN_ENV: DiagnosticInput = {
  code: 'LITERAL_TOKEN',
  message: "'tokenEnv' holds what looks like a token; it must hold the NAME of an environment variable",
  hint: 'remove the token from the file (and rotate it), set it in a variable such as CRM_TOKEN_STAGING, and write that name here',
};

/** Heuristic for secrets pasted where a variable name belongs: prefixes, or long mixed strings. */
export function looksLikeToken(value: string): boolean {
  if (/^(pat|sk|ghp|gho|xox[a-z]|bearer)[-_ ]/i.test(value)) return true;
  return value.length >= 24 && /\d/.test(value) && /[a-z]/.test(value);
}

export function nameRule(value: string, what: string, max: number): DiagnosticInput {
  const suggestion = suggestName(value);
  return {
    code: 'NAME_INVALID',
    message: `'${value}' is not a valid ${what}: use ${NAME_RULE} (at most ${max})`,
    hint: suggestion && suggestion !== value ? `for example '${suggestion}'` : undefined,
  };
}

/** `Escalation-Level` -> `escalation_level`; undefined when nothing usable is left. */
export function suggestName(value: string): string | undefined {
  const name = value
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .replace(/_+$/, '');
  return name === '' ? undefined : name;
}

const isSecretPath = (path: readonly PathSegment[]): boolean => path.at(-1) === 'tokenEnv';

const DESCRIBE: Record<string, Describe> = {
  additionalProperties: ({ error, path }) => {
    const key = String((error.params as { additionalProperty: unknown }).additionalProperty);
    const allowed = Object.keys(
      (error.parentSchema as { properties?: object } | undefined)?.properties ?? {},
    );
    const suggestion = didYouMean(key, allowed);
    return {
      path: [...path, key],
      target: 'key',
      input: {
        code: 'UNKNOWN_KEY',
        message: `unknown key '${key}'${suggestion ? ` (did you mean '${suggestion}'?)` : ''}`,
        hint: suggestion ? undefined : knownKeys(allowed),
      },
      ...(suggestion ? { suggestion } : {}),
    };
  },
  required: ({ error, path }) => {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return { path, target: 'value', input: { code: 'MISSING_KEY', message: `missing key '${missing}'` } };
  },
  dependentRequired: ({ error, path }) => {
    const params = error.params as { property: string; missingProperty: string };
    return {
      path,
      target: 'value',
      input: {
        code: 'MISSING_KEY',
        message: `'${params.property}' needs '${params.missingProperty}' with it`,
      },
    };
  },
  type: ({ error, path, subject }) => {
    const expected = ([] as string[]).concat((error.params as { type: string | string[] }).type);
    const wanted = expected.map((t) => TYPE_WORDS[t] ?? t).join(' or ');
    return {
      path,
      target: 'value',
      input: {
        code: 'WRONG_TYPE',
        message: `${subject}must be ${wanted}, not ${describeValue(error.data)}`,
        hint: isSecretPath(path) ? undefined : typeHint(expected, error.data, path),
      },
    };
  },
  enum: ({ error, path, subject }) => {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues.map(String);
    const got = isSecretPath(path) ? '' : ` (got ${quote(error.data)})`;
    const suggestion = typeof error.data === 'string' ? closest(error.data, allowed) : undefined;
    return {
      path,
      target: 'value',
      input: {
        code: 'INVALID_VALUE',
        message: `${subject}must be one of: ${allowed.join(', ')}${got}`,
        hint: suggestion ? `did you mean '${suggestion}'?` : undefined,
      },
    };
  },
  const: ({ error, path, subject }) => ({
    path,
    target: 'value',
    input: {
      code: 'INVALID_VALUE',
      message: `${subject}must be ${quote((error.params as { allowedValue: unknown }).allowedValue)}`,
    },
  }),
  minimum: ({ error, path, subject }) => {
    const limit = (error.params as { limit: number }).limit;
    const positive = limit === 1 ? 'a positive integer (1 or more)' : `${limit} or more`;
    return {
      path,
      target: 'value',
      input: { code: 'VALUE_TOO_SMALL', message: `${subject}must be ${positive}` },
    };
  },
  minLength: ({ path, subject }) => ({
    path,
    target: 'value',
    input: { code: 'EMPTY_VALUE', message: `${subject}must not be empty` },
  }),
  minItems: ({ path, subject }) => ({
    path,
    target: 'value',
    input: { code: 'EMPTY_VALUE', message: `${subject}must list at least one entry` },
  }),
  // every maxLength of the schemas is on an internal name
  maxLength: ({ error, path, subject }) => {
    const limit = (error.params as { limit: number }).limit;
    const length = typeof error.data === 'string' ? error.data.length : 0;
    return {
      path,
      target: 'value',
      input: {
        code: 'NAME_TOO_LONG',
        message: `${subject}has ${length} characters; at most ${limit} are allowed`,
      },
    };
  },
  pattern: ({ error, path, subject, def }) => {
    const describe = patternsOf()[def];
    const value = typeof error.data === 'string' ? error.data : '';
    const input: DiagnosticInput = describe
      ? describe(value)
      : { code: 'INVALID_VALUE', message: `${subject}does not have the expected form` };
    // a failing property name (under propertyNames) points at the key itself
    const key = (error as { propertyName?: string }).propertyName;
    return key === undefined
      ? { path, target: 'value', input }
      : { path: [...path, key], target: 'key', input };
  },
  uniqueItems: ({ error, path, subject }) => {
    const { i, j } = error.params as { i: number; j: number };
    const [first, second] = [Math.min(i, j), Math.max(i, j)];
    const item = Array.isArray(error.data) ? (error.data as unknown[])[second] : undefined;
    return {
      path: [...path, second],
      target: 'value',
      input: {
        code: 'DUPLICATE_ITEM',
        message: `${subject}lists ${quote(item)} twice (entries ${first + 1} and ${second + 1})`,
      },
    };
  },
};

/** One ajv error as a plain problem; undefined for wrapper keywords whose cause is reported anyway. */
export function describeAjvError(error: ErrorObject, rootDef: string): ShapeProblem | undefined {
  if (SILENT_KEYWORDS.has(error.keyword)) return undefined;
  const path = pointerToPath(error.instancePath);
  const def = schemaNameOf(error.parentSchema) ?? rootDef;
  const context: ErrorContext = { error, path, def, subject: subjectOf(path) };
  const describe = DESCRIBE[error.keyword];
  if (describe) return describe(context);
  return {
    path,
    target: 'value',
    input: { code: 'INVALID_VALUE', message: `${context.subject}is not valid here` },
  };
}

/** The keywords this module turns into plain messages (a test checks the schemas use no others). */
export const HANDLED_KEYWORDS: ReadonlySet<string> = new Set([...Object.keys(DESCRIBE), ...SILENT_KEYWORDS]);

/** Messages follow the key path (`properties[2].fieldType: must be ...`); only the root needs a subject. */
function subjectOf(path: readonly PathSegment[]): string {
  return path.length === 0 ? 'the document ' : '';
}

function didYouMean(key: string, allowed: readonly string[]): string | undefined {
  const synonyms = (own(synonymsOf(), key) ?? []).filter((s) => allowed.includes(s));
  const camel = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return synonyms[0] ?? (allowed.includes(camel) ? camel : undefined) ?? closest(key, allowed);
}

function knownKeys(allowed: readonly string[]): string | undefined {
  return allowed.length > 0 ? `known keys here: ${allowed.join(', ')}` : undefined;
}

function quote(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
}

function describeValue(value: unknown): string {
  if (value === null) return 'null (an empty value)';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return `a number (${JSON.stringify(value)})`;
}

function typeHint(
  expected: readonly string[],
  data: unknown,
  path: readonly PathSegment[],
): string | undefined {
  const key = path.at(-1);
  if (expected.includes('string') && (typeof data === 'boolean' || typeof data === 'number')) {
    return `YAML reads unquoted true, false and numbers as such; quote it: ${String(key)}: '${String(data)}'`;
  }
  if ((expected.includes('integer') || expected.includes('number')) && typeof data === 'string') {
    return /^-?\d+(\.\d+)?$/.test(data) ? `remove the quotes: ${String(key)}: ${data}` : undefined;
  }
  if (expected.includes('integer') && typeof data === 'number') return 'use a whole number';
  if (expected.includes('boolean') && typeof data === 'string') {
    return /^(true|false)$/i.test(data)
      ? `write ${data.toLowerCase()} without quotes`
      : 'write true or false';
  }
  return undefined;
}
