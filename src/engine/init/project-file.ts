/**
 * The project file `init` writes: commented, so a team sees at once what it can set. Written by the yaml
 * library (project-file-yaml.ts): the scope and the adopted account are data, whatever they hold.
 */
import type { ManageKey } from '../family.js';
import { families } from '../installed.js';
import { manageData, type ManageEntries } from '../pull/scope-flags.js';
import { projectFileYaml, type KeyNote } from '../pull/project-file-yaml.js';
import { NEWEST_API_VERSION, type ApiVersion } from '../../wire/api-version.js';

export interface ProjectFileOptions {
  /** the glob of the manifests, relative to the project file */
  glob: string;
  /** the editor modeline (first line) */
  schemaComment: string;
  /** the scope the project owns (`policy.manage`), as given or chosen */
  manage: ManageEntries;
  /** the account `init --pull` adopted over HTTP: written as the default environment, pinned to its id */
  environment?: AdoptedEnvironment;
}

export interface AdoptedEnvironment {
  name: string;
  baseUrl: string;
  tokenEnv: string;
  /** the account's id; undefined when its details could not be read */
  accountId: number | undefined;
  /** the API version the account was adopted with */
  apiVersion: ApiVersion;
}

const TARGETS = [
  'Named targets: a base URL, the variable holding its token (never the token itself), the id of the',
  'account that token must reach (checked before any other call: another account is refused), and the',
  'API version every call uses (a date version; legacy is the v3/v4 paths the platform stops supporting).',
];

const EXAMPLE_ENVIRONMENT = [
  'environments:',
  '  production:',
  '    baseUrl: https://api.example.com',
  '    tokenEnv: CRM_TOKEN_PRODUCTION',
  '    accountId: 12345678',
  `    apiVersion: ${NEWEST_API_VERSION}`,
  'defaultEnvironment: production',
];

export function projectFileText(options: ProjectFileOptions): string {
  const { environment } = options;
  const data: Record<string, unknown> = { manifests: [options.glob] };
  const notes = new Map<string, KeyNote>([
    [
      'manifests',
      {
        comment: [
          options.schemaComment.replace(/^# ?/, ''),
          '',
          'The crm-schema project file. Globs are relative to this file.',
        ],
      },
    ],
  ]);
  if (environment !== undefined) {
    data.environments = {
      [environment.name]: {
        baseUrl: environment.baseUrl,
        tokenEnv: environment.tokenEnv,
        ...(environment.accountId === undefined ? {} : { accountId: environment.accountId }),
        apiVersion: environment.apiVersion,
      },
    };
    data.defaultEnvironment = environment.name;
    notes.set('environments', { blankBefore: true, comment: TARGETS });
    const pin =
      environment.accountId === undefined
        ? [
            "the account's details could not be read when it was adopted: write its id here to pin it",
            'accountId: 12345678',
          ]
        : ['the account init --pull adopted'];
    notes.set(
      `environments.${environment.name}.${environment.accountId === undefined ? 'apiVersion' : 'accountId'}`,
      {
        comment: pin,
      },
    );
  }
  data.policy = { destructive: 'deny', unmanaged: 'report', manage: manageData(options.manage) };
  notes.set('policy', {
    blankBefore: true,
    ...(environment === undefined
      ? { comment: [...TARGETS, ...EXAMPLE_ENVIRONMENT], blankAfterComment: true }
      : {}),
  });
  notes.set('policy.destructive', {
    comment: ['archives and deletes need --allow-destructive, or their address under allow: [...]'],
  });
  notes.set('policy.unmanaged', {
    comment: ['resources in the managed scope that no manifest declares: ignore, report or archive'],
  });
  const keys = families().flatMap((family) => family.manage ?? []);
  const given = (key: ManageKey) => (options.manage[key.key] ?? []).length > 0;
  // the keys left out: how to own some, as a comment after the lists
  const absent = keys.filter((key) => !given(key)).flatMap((key) => key.note?.absent ?? []);
  notes.set('policy.manage', {
    comment: ['what this project owns: pull adds only these, plan reports those no manifest declares'],
    ...(absent.length > 0 ? { commentAfter: absent } : {}),
  });
  for (const key of keys)
    if (given(key) && key.note !== undefined)
      notes.set(`policy.manage.${key.key}`, { comment: [...key.note.given] });
  return projectFileYaml(data, notes);
}
