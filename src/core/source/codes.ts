/**
 * Every diagnostic code validation can report, with its step and what it means. The README's error
 * code table is this table; a test checks every code in the invalid corpus is listed here.
 */
export type DiagnosticStep = 'input' | 'yaml' | 'shape' | 'meaning' | 'project' | 'lint';

interface CodeInfo {
  step: DiagnosticStep;
  /** errors make validation fail (exit 1); warnings do not */
  severity: 'error' | 'warning';
  /** one line for the README table */
  summary: string;
}

export const DIAGNOSTIC_CODES = {
  // lint: team conventions (src/manifest/lint/rules.ts); the message starts with the rule id, the project file sets
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
  // meaning: semantic rules
  FIELD_TYPE_MISMATCH: { step: 'meaning', severity: 'error', summary: '`fieldType` does not go with `type`' },
  BOOL_OPTIONS: {
    step: 'meaning',
    severity: 'error',
    summary: 'a bool property needs exactly the options `true` and `false`',
  },
  OPTIONS_REQUIRED: {
    step: 'meaning',
    severity: 'error',
    summary: 'an enumeration needs options (unless `externalOptions`)',
  },
  OPTIONS_NOT_ALLOWED: {
    step: 'meaning',
    severity: 'error',
    summary: 'options on a type that takes none, or with `externalOptions`',
  },
  OPTIONS_TOO_MANY: { step: 'meaning', severity: 'error', summary: 'more than 5,000 options' },
  DUPLICATE_OPTION_VALUE: {
    step: 'meaning',
    severity: 'error',
    summary: 'two options of one property share a value',
  },
  RENAME_INVALID: {
    step: 'meaning',
    severity: 'error',
    summary:
      'renamedFrom names the property itself, a property another entry declares, or a name two properties are renamed from',
  },
  REPLACES_INVALID: {
    step: 'meaning',
    severity: 'error',
    summary:
      'replaces on a property without options of its own or on an event property, names an option the property keeps, or a value two options replace',
  },
  OBJECT_TYPE_UNKNOWN: {
    step: 'meaning',
    severity: 'error',
    summary:
      "an object type that is not the platform's, not an id (0-5, 2-123), and not in the project file's objectTypes:",
  },
  ON_CONFLICT_INVALID: {
    step: 'meaning',
    severity: 'error',
    summary: 'onConflict on a property that is neither renamed (renamedFrom) nor remapped (replaces)',
  },
  DUPLICATE_OPTION_LABEL: {
    step: 'meaning',
    severity: 'error',
    summary: 'two options of one property share a label',
  },
  EXTERNAL_OPTIONS_INVALID: {
    step: 'meaning',
    severity: 'error',
    summary: '`externalOptions` only on enumerations, and only with `referencedObjectType: OWNER`',
  },
  UNIQUE_LIMIT: {
    step: 'meaning',
    severity: 'error',
    summary: 'more than 10 `hasUniqueValue` properties on one object type',
  },
  FORMULA_MISSING: {
    step: 'meaning',
    severity: 'error',
    summary: '`calculation_equation` without a `calculationFormula`',
  },
  FORMULA_NOT_ALLOWED: {
    step: 'meaning',
    severity: 'error',
    summary: '`calculationFormula` on a property that is not calculated',
  },
  FORMULA_SYNTAX: {
    step: 'meaning',
    severity: 'error',
    summary: 'a formula has an unclosed string or unbalanced parentheses',
  },
  FORMULA_UNKNOWN_PROPERTY: {
    step: 'meaning',
    severity: 'error',
    summary: 'a formula refers to a property no manifest declares',
  },
  FORMULA_ARCHIVED_PROPERTY: {
    step: 'meaning',
    severity: 'error',
    summary: 'a formula refers to a property the manifests archive',
  },
  FORMULA_CYCLE: {
    step: 'meaning',
    severity: 'error',
    summary: 'calculated properties refer to each other in a cycle',
  },
  DUPLICATE_PROPERTY: {
    step: 'meaning',
    severity: 'error',
    summary: 'a property is declared twice (names both places)',
  },
  DUPLICATE_GROUP: {
    step: 'meaning',
    severity: 'error',
    summary: 'a group is declared twice (names both places)',
  },
  DUPLICATE_LABEL: {
    step: 'meaning',
    severity: 'error',
    summary: 'an association label (or its name) is declared twice',
  },
  LABEL_PAIR_CONFLICT: {
    step: 'meaning',
    severity: 'error',
    summary:
      'two declarations of one label pair (a label and its inverse) disagree, or a side of a declared pair is marked deleted (names both places)',
  },
  LABEL_INVERSE_NEEDED: {
    step: 'meaning',
    severity: 'error',
    summary: '`inverseRenamedFrom` or `inverseMaxToObjectIds` without the inverse text (`inverseLabel`)',
  },
  LABEL_RENAME_INVALID: {
    step: 'meaning',
    severity: 'error',
    summary:
      '`renamedFrom` names the label itself, a label another entry declares or deletes, or a text two labels are renamed from',
  },
  LABEL_KEY_ON_BUILT_IN_TYPE: {
    step: 'meaning',
    severity: 'error',
    summary:
      'a built-in association type entry carries a key only user labels take (`name`, `inverseLabel`, ...)',
  },
  DUPLICATE_ASSOCIATION_TYPE: {
    step: 'meaning',
    severity: 'error',
    summary: 'a built-in association type is declared twice',
  },
  DUPLICATE_EVENT_PROPERTY: {
    step: 'meaning',
    severity: 'error',
    summary: 'an event property is declared twice',
  },
  DUPLICATE_EVENT_DEFINITION: {
    step: 'meaning',
    severity: 'error',
    summary: 'two documents give the `definition` of the same event',
  },
  GROUP_UNDECLARED: {
    step: 'meaning',
    severity: 'warning',
    summary: 'a property uses a group no manifest declares',
  },
  GROUP_ARCHIVED: {
    step: 'meaning',
    severity: 'error',
    summary: 'a property uses a group the manifests archive',
  },
  RESERVED_NAME: {
    step: 'meaning',
    severity: 'warning',
    summary: 'a property name starts with `hs_`, kept for built-ins',
  },
  TOMBSTONE_EXTRA_KEYS: {
    step: 'meaning',
    severity: 'error',
    summary: 'a tombstone (`archived`/`deleted: true`) has other keys',
  },
  ASSOCIATION_TYPE_TARGET: {
    step: 'meaning',
    severity: 'error',
    summary: 'an association type needs either `label` or `category` + `typeId`',
  },
  TOMBSTONE_NOT_ALLOWED: {
    step: 'meaning',
    severity: 'error',
    summary: '`deleted: true` on a built-in association type',
  },
  NOTHING_TO_MANAGE: {
    step: 'meaning',
    severity: 'warning',
    summary: 'a built-in association type without `maxToObjectIds`',
  },
  TOO_MANY_LABELS: {
    step: 'meaning',
    severity: 'error',
    summary: 'more than 50 association labels for one object pair',
  },
  TOO_MANY_EVENT_PROPERTIES: {
    step: 'meaning',
    severity: 'error',
    summary: 'more than 500 properties on one event',
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

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;
