/** The project file `init` writes: commented, so a team sees at once what it can set. */
import { manageLines, type ManageEntries } from '../pull/scope-flags.js';
import { dump } from './yaml-list.js';
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

export function projectFileText(options: ProjectFileOptions): string {
  const lines = [
    options.schemaComment,
    '#',
    '# The crm-schema project file. Globs are relative to this file.',
    `manifests: [${dump(options.glob)}]`,
    '',
    '# Named targets: a base URL, the variable holding its token (never the token itself), the id of the',
    '# account that token must reach (checked before any other call: another account is refused), and the',
    '# API version every call uses (a date version; legacy is the v3/v4 paths the platform stops supporting).',
    ...(options.environment === undefined ? EXAMPLE_ENVIRONMENT : adoptedEnvironment(options.environment)),
    '',
    'policy:',
    '  # archives and deletes need --allow-destructive, or their address under allow: [...]',
    '  destructive: deny',
    '  # custom properties in the managed scope that no manifest declares: ignore, report or archive',
    '  unmanaged: report',
    '  # what this project owns: the custom properties in these groups or with these name prefixes',
    '  # (tickets.support_ counts for tickets only); pull adds only these, plan reports those no',
    '  # manifest declares',
    ...manageLines(options.manage, '  '),
  ];
  return `${lines.join('\n')}\n`;
}

const EXAMPLE_ENVIRONMENT = [
  '# environments:',
  '#   production:',
  '#     baseUrl: https://api.example.com',
  '#     tokenEnv: CRM_TOKEN_PRODUCTION',
  '#     accountId: 12345678',
  `#     apiVersion: ${dump(NEWEST_API_VERSION)}`,
  '# defaultEnvironment: production',
];

function adoptedEnvironment(environment: AdoptedEnvironment): string[] {
  const pin =
    environment.accountId === undefined
      ? [
          "    # the account's details could not be read when it was adopted: write its id here to pin it",
          '    # accountId: 12345678',
        ]
      : ['    # the account init --pull adopted', `    accountId: ${environment.accountId}`];
  return [
    'environments:',
    `  ${environment.name}:`,
    `    baseUrl: ${dump(environment.baseUrl)}`,
    `    tokenEnv: ${environment.tokenEnv}`,
    ...pin,
    `    apiVersion: ${dump(environment.apiVersion)}`,
    `defaultEnvironment: ${environment.name}`,
  ];
}
