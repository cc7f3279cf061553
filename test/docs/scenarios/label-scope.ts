/** The label scope: a manifest relabelling another team's association label. */
import { call, emulatorRun, newFolder, writeFiles } from '../scenario-kit.js';
import type { Scenario } from '../scenario.js';

const PROJECT = `manifests: ['schema/**/*.yaml']
policy:
  manage: { prefixes: [finance_], labels: ['contacts->companies:Billing *'] }
`;

const ASSOCIATIONS = `kind: Associations
from: contacts
to: companies
types:
  - label: Billing contact
    inverseLabel: Billed company
  - label: Escalation owner
    renamedFrom: Escalation lead
`;

export const labelScope: Scenario = {
  description:
    "The finance team's project (policy.manage: prefixes [finance_], labels ['contacts->companies:Billing *']) declaring the label Billing contact of contacts->companies and relabelling the support team's label Escalation lead to Escalation owner, against an emulator on a free port (CRM_BASE_URL, CRM_ACCESS_TOKEN) whose contacts->companies has the label Escalation lead (inverse Escalated company).",
  async start() {
    const dir = await newFolder();
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/associations.yaml': ASSOCIATIONS });
    return emulatorRun(dir, async (emulator) => {
      await call(emulator, 'POST', '/crm/v4/associations/contacts/companies/labels', {
        label: 'Escalation lead',
        inverseLabel: 'Escalated company',
        name: 'escalation_lead',
      });
    });
  },
};
