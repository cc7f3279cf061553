/** Accounts to pull from: one to adopt into a new project, one changed on both sides since a deploy. */
import { call, cli, commitAll, emulatorRun, git, newFolder, writeFiles } from '../scenario-kit.js';
import type { Scenario } from '../scenario.js';
import type { TestEmulator } from '../../helpers/emulator.js';

async function supportTickets(emulator: TestEmulator): Promise<void> {
  await call(emulator, 'POST', '/crm/v3/properties/tickets/groups', { name: 'support', label: 'Support' });
  await call(emulator, 'POST', '/crm/v3/properties/tickets', {
    name: 'support_level',
    label: 'Level',
    type: 'enumeration',
    fieldType: 'radio',
    groupName: 'support',
    options: [
      { label: 'Low', value: 'low', displayOrder: 0 },
      { label: 'High', value: 'high', displayOrder: 1 },
    ],
  });
  await call(emulator, 'POST', '/crm/v4/associations/tickets/orders/labels', {
    label: 'Primary order',
    name: 'primary_order',
  });
}

export const adoptTickets: Scenario = {
  description:
    'An empty folder, CRM_ACCESS_TOKEN set, and an emulator on a free port whose tickets have the group support with the enumeration support_level in it, and a label Primary order of tickets->orders.',
  async start() {
    return emulatorRun(await newFolder(), supportTickets);
  },
};

const PROJECT = "manifests: ['schema/**/*.yaml']\npolicy:\n  manage: { prefixes: [support_] }\n";

const manifest = (entries: readonly (readonly [string, string])[]) =>
  [
    'kind: Properties',
    'objectType: tickets',
    'properties:',
    ...entries.map(
      ([name, label]) =>
        `  - { name: ${name}, label: ${label}, type: string, fieldType: text, groupName: ticketinformation }`,
    ),
    '',
  ].join('\n');

const DEPLOYED = manifest([
  ['support_code', 'Code'],
  ['support_hint', 'Hint'],
  ['support_note', 'Note'],
  ['support_old', 'Old'],
]);

const SINCE = manifest([
  ['support_code', 'Code (manifest)'],
  ['support_hint', 'Hint text'],
  ['support_note', 'Note'],
  ['support_tier', 'Tier'],
]);

export const changedSinceDeploy: Scenario = {
  description:
    'A project (policy.manage: prefixes [support_]) in git, its commit tagged crm-schema/deployed/production and applied to an emulator on a free port (CRM_BASE_URL, CRM_ACCESS_TOKEN); since then the manifests relabel support_code and support_hint, drop support_old and add support_tier, and in the account someone relabelled support_code and support_note and created support_vip.',
  async start() {
    const dir = await newFolder();
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': DEPLOYED });
    await commitAll(dir, 'Deployed');
    await git(dir, 'tag', 'crm-schema/deployed/production');
    return emulatorRun(dir, async (emulator) => {
      await cli(dir, ['apply', '--yes'], { CRM_BASE_URL: emulator.url, CRM_ACCESS_TOKEN: emulator.token });
      await writeFiles(dir, { 'schema/tickets.yaml': SINCE });
      await commitAll(dir, 'Not deployed yet');
      const relabel = (name: string, label: string) =>
        call(emulator, 'PATCH', `/crm/v3/properties/tickets/${name}`, { label });
      await relabel('support_code', 'Code (account)');
      await relabel('support_note', 'Note (account)');
      await call(emulator, 'POST', '/crm/v3/properties/tickets', {
        name: 'support_vip',
        label: 'VIP',
        type: 'string',
        fieldType: 'text',
        groupName: 'ticketinformation',
      });
    });
  },
};
