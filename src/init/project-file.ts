/**
 * The project file `init` writes: commented, so a team sees at once what it can set. Written by the yaml
 * library (project-file-yaml.ts): the scope and the adopted account are data, whatever they hold.
 */
import { manageData, type ManageEntries } from '../pull/scope-flags.js';
import { projectFileYaml, type KeyNote } from '../pull/project-file-yaml.js';
import { NEWEST_API_VERSION, type ApiVersion } from '../wire/api-version.js';

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

const LABELS_NOTE = [
  'and the association labels it owns: every label of an object pair (tickets->orders), or those whose',
  "text or inverse text matches a pattern ('contacts->companies:Escalation *')",
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
    comment: ['custom properties in the managed scope that no manifest declares: ignore, report or archive'],
  });
  const hasLabels = (options.manage.labels ?? []).length > 0;
  notes.set('policy.manage', {
    comment: [
      'what this project owns: the custom properties in these groups or with these name prefixes',
      '(tickets.support_ counts for tickets only); pull adds only these, plan reports those no',
      'manifest declares',
    ],
    // without labels: how to own some, as a comment after the lists
    ...(hasLabels
      ? {}
      : {
          commentAfter: [
            ...LABELS_NOTE.slice(0, 1),
            `${LABELS_NOTE[1] ?? ''}; until one is listed,`,
            'labels have no owner and a manifest may name any:',
            'labels: [tickets->orders]',
          ],
        }),
  });
  if (hasLabels) notes.set('policy.manage.labels', { comment: LABELS_NOTE });
  return projectFileYaml(data, notes);
}
