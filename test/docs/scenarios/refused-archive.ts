/**
 * A saved plan holding a change the policy refuses: an archive under `destructive: deny`, beside three
 * safe changes.
 */
import { cli, localRun, newFolder, writeFiles } from '../scenario-kit.js';
import type { Scenario } from '../scenario.js';

const PROJECT =
  "manifests: ['schema/**/*.yaml']\npolicy:\n  manage: { groups: [tickets.support], prefixes: [support_] }\n";

const BEFORE = `kind: Properties
objectType: tickets
groups:
  - { name: support, label: Support }
properties:
  - { name: support_legacy, label: Legacy, type: string, fieldType: text, groupName: support }
`;

const AFTER = `kind: Properties
objectType: tickets
groups:
  - { name: support, label: Support }
properties:
  - { name: support_note, label: Note, type: string, fieldType: textarea, groupName: support }
  - { name: support_legacy, archived: true }
---
kind: Associations
from: tickets
to: orders
types:
  - { label: Primary order, maxToObjectIds: 1 }
`;

export const refusedArchive: Scenario = {
  description:
    'A project (policy.manage: groups [tickets.support], prefixes [support_]; destructive: deny by default) applied to a --local account with the group support and the property support_legacy; then its manifests add support_note and the label Primary order of tickets->orders with a limit of 1, and archive support_legacy; plan.json saved by `crm-schema plan --local --out plan.json --skip-refused`.',
  async start() {
    const dir = await newFolder();
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': BEFORE });
    await cli(dir, ['apply', '--local', '--yes']);
    await writeFiles(dir, { 'schema/tickets.yaml': AFTER });
    await cli(dir, ['plan', '--local', '--out', 'plan.json', '--skip-refused']);
    return localRun(dir);
  },
};
