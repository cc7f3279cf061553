/** `--local` accounts whose records hold values that the manifests remove: what the data check counts. */
import { call, createRecords, localRun, newFolder, seedLocalAccount, writeFiles } from '../scenario-kit.js';
import type { Scenario } from '../scenario.js';
import { TICKETS } from './small-projects.js';
import type { TestEmulator } from '../../helpers/emulator.js';

const PROJECT = `manifests: ['schema/**/*.yaml']
policy:
  destructive: allow
  manage: { groups: [tickets.escalation], labels: [tickets->orders] }
`;

const option = (value: string, label: string, displayOrder: number) => ({ label, value, displayOrder });

async function escalationGroup(emulator: TestEmulator): Promise<void> {
  await call(emulator, 'POST', '/crm/v3/properties/tickets/groups', {
    name: 'escalation',
    label: 'Escalation',
  });
}

export const dataCheck: Scenario = {
  description:
    'A --local account whose tickets have the enumeration escalation_level (low, high, legacy) in the group escalation, 2 tickets holding legacy and 1 low; the project (policy: destructive: allow, manage: groups [tickets.escalation], labels [tickets->orders]) declares it with low and high only.',
  async start() {
    const dir = await newFolder();
    await seedLocalAccount(dir, async (emulator) => {
      await escalationGroup(emulator);
      await call(emulator, 'POST', '/crm/v3/properties/tickets', {
        name: 'escalation_level',
        label: 'Escalation level',
        type: 'enumeration',
        fieldType: 'select',
        groupName: 'escalation',
        options: [option('low', 'Low', 0), option('high', 'High', 1), option('legacy', 'Legacy', 2)],
      });
      const level = (value: string) => ({ escalation_level: value });
      await createRecords(emulator, 'tickets', [level('legacy'), level('legacy'), level('low')]);
    });
    await writeFiles(dir, {
      'crm-schema.yaml': PROJECT,
      'schema/tickets.yaml': TICKETS,
    });
    return localRun(dir);
  },
};

const NOTE = 'Free text the agent fills in when a ticket is escalated.';

/** The account of the plan that docs/reading-a-plan.md reads. */
async function readingAccount(emulator: TestEmulator): Promise<void> {
  await escalationGroup(emulator);
  const property = (name: string, label: string, rest: Record<string, unknown>) =>
    call(emulator, 'POST', '/crm/v3/properties/tickets', { name, label, groupName: 'escalation', ...rest });
  await property('priority_note', 'Priority note', {
    type: 'string',
    fieldType: 'textarea',
    description: NOTE,
  });
  await property('tier', 'Tier', {
    type: 'enumeration',
    fieldType: 'select',
    options: [
      option('standard', 'Standard', 0),
      option('premium', 'Premium', 1),
      option('legacy', 'Legacy', 2),
    ],
  });
  await property('legacy_code', 'Legacy code', { type: 'string', fieldType: 'text' });
  const tickets = Array.from({ length: 412 }, (_, i): Record<string, string> =>
    i < 7 ? { tier: 'legacy', legacy_code: `L-${i + 1}` } : { tier: 'legacy' },
  );
  await createRecords(emulator, 'tickets', tickets);
}

export const readingAPlan: Scenario = {
  description:
    'A --local account whose tickets have, in the group escalation, priority_note, the enumeration tier (standard, premium, legacy) held as legacy by 412 tickets, and legacy_code, held by 7 of them; the project (policy: destructive: allow, manage: groups [tickets.escalation], labels [tickets->orders]) adds escalation_level, lengthens the description of priority_note, drops the option legacy of tier, archives legacy_code, and adds the label Primary order of tickets->orders with a limit of 1.',
  async start() {
    const dir = await newFolder();
    await seedLocalAccount(dir, readingAccount);
    await writeFiles(dir, {
      'crm-schema.yaml': PROJECT,
      'schema/tickets.yaml': `kind: Properties
objectType: tickets
groups:
  - { name: escalation, label: Escalation }
properties:
  - name: escalation_level
    label: Escalation level
    type: enumeration
    fieldType: select
    groupName: escalation
    options:
      - { label: Low, value: low }
      - { label: High, value: high }
  - name: priority_note
    label: Priority note
    type: string
    fieldType: textarea
    groupName: escalation
    description: Free text the agent fills in when a ticket is escalated to the second line.
  - name: tier
    label: Tier
    type: enumeration
    fieldType: select
    groupName: escalation
    options:
      - { label: Standard, value: standard }
      - { label: Premium, value: premium }
  - { name: legacy_code, archived: true }
`,
      'schema/associations.yaml': `kind: Associations
from: tickets
to: orders
types:
  - { label: Primary order, maxToObjectIds: 1 }
`,
    });
    return localRun(dir);
  },
};
