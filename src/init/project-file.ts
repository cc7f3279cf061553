/** The project file `init` writes: commented, so a team sees at once what it can set. */
import { manageLines, type ManageEntries } from '../pull/scope-flags.js';
import { dump } from './yaml-list.js';

export interface ProjectFileOptions {
  /** the glob of the manifests, relative to the project file */
  glob: string;
  /** the editor modeline (first line) */
  schemaComment: string;
  /** the scope the project owns (`policy.manage`), as given or chosen */
  manage: ManageEntries;
}

export function projectFileText(options: ProjectFileOptions): string {
  const lines = [
    options.schemaComment,
    '#',
    '# The crm-schema project file. Globs are relative to this file.',
    `manifests: [${dump(options.glob)}]`,
    '',
    '# Named targets: a base URL and the variable holding its token (never the token itself).',
    '# environments:',
    '#   production:',
    '#     baseUrl: https://api.example.com',
    '#     tokenEnv: CRM_TOKEN_PRODUCTION',
    '# defaultEnvironment: production',
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
