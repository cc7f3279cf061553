/**
 * Every diagnostic code validation can report, with its step and what it means: the engine's here, each
 * family's in its folder (registered when the families are installed). The README's error code table is
 * this table; a test checks every code in the invalid corpus is listed.
 */
export type DiagnosticStep = 'input' | 'yaml' | 'shape' | 'meaning' | 'project' | 'lint';

export interface CodeInfo {
  step: DiagnosticStep;
  /** errors make validation fail (exit 1); warnings do not */
  severity: 'error' | 'warning';
  /** one line for the README table */
  summary: string;
}

export const DIAGNOSTIC_CODES = {
  // lint: team conventions (src/engine/manifest/lint/rules.ts); the message starts with the rule id, the project file sets
  // the severity
  LINT: {
    step: 'lint',
    severity: 'warning',
    summary: 'a team convention is not kept (the rule id starts the message; see the lint rules table)',
  },
  LEGACY_API_VERSION: {
    step: 'lint',
    severity: 'warning',
    summary:
      'an environment calls the legacy v3/v4 paths (no apiVersion, or legacy), which the platform stops supporting in 2027',
  },
  // input: reading the files
  FILE_NOT_FOUND: {
    step: 'input',
    severity: 'error',
    summary: 'a path given (or a glob target) does not exist',
  },
  FILE_UNREADABLE: {
    step: 'input',
    severity: 'error',
    summary:
      'the file cannot be read (permissions), or is not a regular file (a FIFO, a device, a socket, a folder)',
  },
  FILE_TOO_LARGE: { step: 'input', severity: 'error', summary: 'the file is larger than the 10 MiB cap' },
  FILE_NOT_UTF8: {
    step: 'input',
    severity: 'error',
    summary: 'the file is not UTF-8 text (a UTF-8 byte order mark is fine)',
  },
  FILE_BINARY: {
    step: 'input',
    severity: 'error',
    summary: 'the file holds NUL bytes: it is binary, not YAML',
  },
  // yaml
  YAML_SYNTAX: { step: 'yaml', severity: 'error', summary: 'the YAML cannot be parsed' },
  YAML_DUPLICATE_KEY: { step: 'yaml', severity: 'error', summary: 'a key appears twice in one mapping' },
  YAML_ALIAS_LIMIT: {
    step: 'yaml',
    severity: 'error',
    summary: 'aliases expand past the limit ("billion laughs")',
  },
  YAML_WARNING: { step: 'yaml', severity: 'warning', summary: 'a YAML construct that is probably a mistake' },
  EMPTY_DOCUMENT: { step: 'yaml', severity: 'warning', summary: 'a document (between `---` lines) is empty' },
  // shape: the JSON Schemas
  KIND_INVALID: {
    step: 'shape',
    severity: 'error',
    summary: '`kind` is missing or is not Properties, Associations, EventProperties',
  },
  UNKNOWN_KEY: { step: 'shape', severity: 'error', summary: 'a key the format does not have (often a typo)' },
  MISSING_KEY: { step: 'shape', severity: 'error', summary: 'a required key is missing' },
  WRONG_TYPE: {
    step: 'shape',
    severity: 'error',
    summary: 'a value has the wrong type (text, number, list, mapping, true/false)',
  },
  INVALID_VALUE: { step: 'shape', severity: 'error', summary: 'a value is not one of the allowed values' },
  VALUE_TOO_SMALL: {
    step: 'shape',
    severity: 'error',
    summary: 'a number is below its minimum (limits are positive integers)',
  },
  EMPTY_VALUE: {
    step: 'shape',
    severity: 'error',
    summary: 'a text or a list that must not be empty is empty',
  },
  DUPLICATE_ITEM: { step: 'shape', severity: 'error', summary: 'a list holds the same item twice' },
  NAME_INVALID: { step: 'shape', severity: 'error', summary: 'an internal name breaks its naming rule' },
  NAME_TOO_LONG: {
    step: 'shape',
    severity: 'error',
    summary: 'an internal name is too long (100; event properties 50)',
  },
  OBJECT_TYPE_UNKNOWN: {
    step: 'meaning',
    severity: 'error',
    summary:
      "an object type that is not the platform's, not an id (0-5, 2-123), and not in the project file's objectTypes:",
  },
  TOMBSTONE_EXTRA_KEYS: {
    step: 'meaning',
    severity: 'error',
    summary: 'a tombstone (`archived`/`deleted: true`) has other keys',
  },
  // project file
  CONFIG_NOT_FOUND: { step: 'project', severity: 'error', summary: 'no crm-schema.yaml where one is needed' },
  CONFIG_MULTIPLE_DOCUMENTS: {
    step: 'project',
    severity: 'error',
    summary: 'crm-schema.yaml holds more than one document',
  },
  LITERAL_TOKEN: {
    step: 'project',
    severity: 'error',
    summary: 'a token (or a credential) is written in the project file',
  },
  BASE_URL_INVALID: {
    step: 'project',
    severity: 'error',
    summary: '`baseUrl` is not an http(s) URL without credentials',
  },
  ENVIRONMENT_UNKNOWN: {
    step: 'project',
    severity: 'error',
    summary: '`defaultEnvironment` names no environment',
  },
  GLOB_NO_MATCH: { step: 'project', severity: 'warning', summary: 'a `manifests` glob matches no file' },
  CONFIG_OUTSIDE_PROJECT: {
    step: 'project',
    severity: 'error',
    summary: 'the project file is a symbolic link to a file outside its folder (not read)',
  },
  GLOB_TOO_COMPLEX: {
    step: 'project',
    severity: 'error',
    summary: 'a manifests glob whose {a,b} groups expand to more than 64 alternatives',
  },
  GLOB_NOT_MANIFEST: {
    step: 'project',
    severity: 'error',
    summary:
      'a manifests glob matches a file in a .git folder, or one that is not a .yaml or .yml file (not read)',
  },
  GLOB_OUTSIDE_PROJECT: {
    step: 'project',
    severity: 'error',
    summary:
      'a `manifests` glob leaves the project folder (`..`, an absolute path, or a symbolic link leading outside)',
  },
  NO_MANIFESTS: {
    step: 'project',
    severity: 'error',
    summary: 'the globs (or a folder given) name no manifest file at all',
  },
} as const satisfies Record<string, CodeInfo>;

/** A code of the table above, or of a family's (registered when the families are installed). */
export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES | (string & {});

let registered: Readonly<Record<string, CodeInfo>> = {};

/** The families' codes, registered when they are installed (engine/installed.ts). */
export function registerDiagnosticCodes(codes: Readonly<Record<string, CodeInfo>>): void {
  registered = codes;
}

/** Every code: the table above, then the families'. */
export function diagnosticCodes(): Readonly<Record<string, CodeInfo>> {
  return { ...DIAGNOSTIC_CODES, ...registered };
}

/** The info of one code, or undefined for a code no table knows. */
export function codeInfo(code: string): CodeInfo | undefined {
  return Object.hasOwn(DIAGNOSTIC_CODES, code)
    ? (DIAGNOSTIC_CODES as Readonly<Record<string, CodeInfo>>)[code]
    : Object.hasOwn(registered, code)
      ? registered[code]
      : undefined;
}
