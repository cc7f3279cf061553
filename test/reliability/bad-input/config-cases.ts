/**
 * Malformed project files (crm-schema.yaml): empty or blank, not a mapping, several documents, wrong
 * types, unknown keys, literal tokens and credentials, bad base URLs, unknown environments, bad policy
 * values, globs that match nothing or leave the project folder, and the byte-level problems of manifests.
 */
import { configCase, type BadCase } from './case.js';

const GLOBS = "manifests: ['schema/*.yaml']\n";

export function configCases(): BadCase[] {
  const text: [string, string, string, BadCase['located']?][] = [
    ['empty', '', 'MISSING_KEY'],
    ['blank-lines', '\n\n   \n', 'MISSING_KEY'],
    ['comments-only', '# nothing here\n', 'MISSING_KEY'],
    ['document-marker-only', '---\n', 'MISSING_KEY'],
    ['bom-only', '\uFEFF', 'MISSING_KEY'],
    ['a-list', "- 'schema/*.yaml'\n", 'WRONG_TYPE'],
    ['a-scalar', 'schema/*.yaml\n', 'WRONG_TYPE'],
    ['two-documents', `${GLOBS}---\n${GLOBS}`, 'CONFIG_MULTIPLE_DOCUMENTS'],
    ['manifests-number', 'manifests: 5\n', 'WRONG_TYPE'],
    ['manifests-empty', 'manifests: []\n', 'EMPTY_VALUE'],
    ['manifests-items', 'manifests: [5, true]\n', 'WRONG_TYPE'],
    ['manifests-match-nothing', "manifests: ['nowhere/*.yaml']\n", 'NO_MANIFESTS'],
    ['glob-parent', "manifests: ['schema/*.yaml', '../*.yaml']\n", 'GLOB_OUTSIDE_PROJECT'],
    ['glob-parent-in-braces', "manifests: ['{schema,..}/*.yaml']\n", 'GLOB_OUTSIDE_PROJECT'],
    ['glob-absolute', "manifests: ['/etc/*.yaml']\n", 'GLOB_OUTSIDE_PROJECT'],
    ['key-typo', "manifest: ['schema/*.yaml']\n", 'UNKNOWN_KEY'],
    ['unknown-key', `${GLOBS}colour: blue\n`, 'UNKNOWN_KEY'],
    ['token-key', `${GLOBS}token: abc123\n`, 'LITERAL_TOKEN'],
    ['api-key', `${GLOBS}apiKey: abc123\n`, 'LITERAL_TOKEN'],
    [
      'env-token',
      `${GLOBS}environments:\n  prod:\n    baseUrl: https://crm.example.com\n    token: abc123\n`,
      'LITERAL_TOKEN',
    ],
    [
      'token-as-env-name',
      `${GLOBS}environments:\n  prod:\n    baseUrl: https://crm.example.com\n    tokenEnv: pat-na1-11111111-2222-3333-4444-555555555555\n`,
      'LITERAL_TOKEN',
    ],
    [
      'credentials-in-url',
      `${GLOBS}environments:\n  prod:\n    baseUrl: https://user:hunter2@crm.example.com\n`,
      'LITERAL_TOKEN',
    ],
    ['ftp-url', `${GLOBS}environments:\n  prod:\n    baseUrl: ftp://crm.example.com\n`, 'BASE_URL_INVALID'],
    ['not-a-url', `${GLOBS}environments:\n  prod:\n    baseUrl: not a url\n`, 'BASE_URL_INVALID'],
    ['environments-list', `${GLOBS}environments: [prod]\n`, 'WRONG_TYPE'],
    ['default-env-unknown', `${GLOBS}defaultEnvironment: nope\n`, 'ENVIRONMENT_UNKNOWN'],
    ['destructive-maybe', `${GLOBS}policy:\n  destructive: maybe\n`, 'INVALID_VALUE'],
    ['unmanaged-delete', `${GLOBS}policy:\n  unmanaged: delete\n`, 'INVALID_VALUE'],
    ['manage-groups-string', `${GLOBS}policy:\n  manage: { groups: support }\n`, 'WRONG_TYPE'],
    ['policy-list', `${GLOBS}policy: [deny]\n`, 'WRONG_TYPE'],
    ['syntax', "manifests: ['schema/*.yaml'\n", 'YAML_SYNTAX'],
    ['duplicate-key', `${GLOBS}${GLOBS}`, 'YAML_DUPLICATE_KEY'],
    ['tab-indent', `${GLOBS}policy:\n\tdestructive: deny\n`, 'YAML_SYNTAX'],
  ];
  const bytes: [string, Uint8Array, string, BadCase['located']][] = [
    ['binary', new Uint8Array([0x6d, 0x61, 0, 0x6e, 0x69]), 'FILE_BINARY', 'file'],
    ['utf16', new Uint8Array(Buffer.from(`\uFEFF${GLOBS}`, 'utf16le')), 'FILE_NOT_UTF8', 'file'],
    [
      'latin1',
      new Uint8Array([...Buffer.from(`${GLOBS}# caf`, 'latin1'), 0xe9, 0x0a]),
      'FILE_NOT_UTF8',
      'position',
    ],
  ];
  return [
    ...text.map(([name, body, code, located]) => configCase(name, body, code, located)),
    ...bytes.map(([name, body, code, located]) => configCase(name, body, code, located)),
  ];
}
