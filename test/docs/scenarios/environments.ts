/** Environments of a project file: a pinned production account, several environments planned at once. */
import { cli, copyExamples, emulatorRun, newFolder, writeFiles } from '../scenario-kit.js';
import type { Scenario, ScenarioRun } from '../scenario.js';
import { startTestEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { removeDir } from '../../live/helpers.js';

export const productionPlan: Scenario = {
  description:
    'The example project (a copy of examples/) as the current folder, and an emulator on a free port (CRM_BASE_URL, CRM_ACCESS_TOKEN) holding account 12345678, the account its environment production pins.',
  async start() {
    const dir = await newFolder();
    await copyExamples(dir);
    return emulatorRun(dir, undefined, { accountId: 12345678 });
  },
};

const property = (name: string, label: string) =>
  `  - { name: ${name}, label: ${label}, type: string, fieldType: text, groupName: support }`;
const tickets = (...lines: string[]) =>
  [
    'kind: Properties',
    'objectType: tickets',
    'groups:',
    '  - { name: support, label: Support }',
    'properties:',
    ...lines,
    '',
  ].join('\n');

function project(staging: TestEmulator, production: TestEmulator): string {
  return `manifests: ['schema/**/*.yaml']
environments:
  staging:
    baseUrl: ${staging.url}
    tokenEnv: CRM_TOKEN_STAGING
    policy: { destructive: allow }
  production:
    baseUrl: ${production.url}
    tokenEnv: CRM_TOKEN_PRODUCTION
policy:
  destructive: deny
  manage: { groups: [tickets.support], prefixes: [support_] }
`;
}

export const twoEnvironments: Scenario = {
  description:
    'A project with the environments staging (destructive: allow) and production (the project policy, destructive: deny), each an emulator on a free port (production: account 1000002); both accounts hold the group support with support_tier and support_legacy, staging also support_note; the manifests declare support_tier and support_note and archive support_legacy.',
  async start(): Promise<ScenarioRun> {
    const dir = await newFolder();
    const staging = await startTestEmulator();
    const production = await startTestEmulator({ accountId: 1000002 });
    const env = { CRM_TOKEN_STAGING: staging.token, CRM_TOKEN_PRODUCTION: production.token };
    const close = async () => {
      await staging.close();
      await production.close();
      await removeDir(dir);
    };
    try {
      const [tier, note, legacy] = [
        property('support_tier', 'Tier'),
        property('support_note', 'Note'),
        property('support_legacy', 'Legacy'),
      ];
      await writeFiles(dir, {
        'crm-schema.yaml': project(staging, production),
        'schema/tickets.yaml': tickets(tier, note, legacy),
      });
      await cli(dir, ['apply', '--env', 'staging', '--yes'], env);
      await writeFiles(dir, { 'schema/tickets.yaml': tickets(tier, legacy) });
      await cli(dir, ['apply', '--env', 'production', '--yes'], env);
      await writeFiles(dir, {
        'schema/tickets.yaml': tickets(tier, note, '  - { name: support_legacy, archived: true }'),
      });
    } catch (error) {
      await close();
      throw error;
    }
    return { cwd: dir, env, close };
  },
};
