/** The project file `init` writes: commented, so a team sees at once what it can set. */
import { dump } from './yaml-list.js';

export interface ProjectFileOptions {
  /** the glob of the manifests, relative to the project file */
  glob: string;
  /** the editor modeline (first line) */
  schemaComment: string;
  /** `manage.groups`, qualified by object type (`tickets.support`), from what `init --pull` pulled */
  manageGroups: readonly string[];
  /** `manage.events`: the event definitions `init --pull` pulled */
  manageEvents?: readonly string[];
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
    `  unmanaged: ${options.manageGroups.length > 0 ? 'report' : 'ignore'}`,
  ];
  const events = options.manageEvents ?? [];
  if (options.manageGroups.length > 0 || events.length > 0) {
    lines.push(
      '  # what the project owns (a manifest naming anything else is refused): the groups the pulled',
      '  # properties are in (a property someone adds there by hand is reported) and the pulled events',
      '  manage:',
    );
    if (options.manageGroups.length > 0)
      lines.push(`    groups: [${options.manageGroups.map(dump).join(', ')}]`);
    if (events.length > 0) lines.push(`    events: [${events.map(dump).join(', ')}]`);
  }
  return `${lines.join('\n')}\n`;
}
