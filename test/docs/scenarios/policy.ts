/** The ownership scope: a manifest naming another team's property. */
import { call, emulatorRun, newFolder, writeFiles } from '../scenario-kit.js';
import type { Scenario } from '../scenario.js';

const PROJECT = `manifests: ['schema/**/*.yaml']
policy:
  manage: { groups: [deals.sales_ops], prefixes: [sales_] }
`;

const DEALS = `kind: Properties
objectType: deals
groups:
  - name: sales_ops
    label: Sales operations
properties:
  - name: sales_region
    label: Region
    type: string
    fieldType: text
    groupName: sales_ops
  - name: finance_cost_center
    label: Cost centre
    type: enumeration
    fieldType: select
    groupName: dealinformation
    options:
      - { label: North, value: north }
      - { label: South, value: south }
`;

export const salesScope: Scenario = {
  description:
    "The sales team's project (policy.manage: groups [deals.sales_ops], prefixes [sales_]) declaring the group sales_ops, deals.sales_region and the finance team's deals.finance_cost_center (as an enumeration), against an emulator on a free port (CRM_BASE_URL, CRM_ACCESS_TOKEN) where finance_cost_center is a text property of the built-in group dealinformation.",
  async start() {
    const dir = await newFolder();
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/deals.yaml': DEALS });
    return emulatorRun(dir, async (emulator) => {
      await call(emulator, 'POST', '/crm/v3/properties/deals', {
        name: 'finance_cost_center',
        label: 'Cost center',
        type: 'string',
        fieldType: 'text',
        groupName: 'dealinformation',
      });
    });
  },
};
