/**
 * The example project applied to an emulator, then changed by hand in the account: what `drift` reports
 * and what `pull` takes back into the manifests.
 */
import { call, cli, commitAll, copyExamples, emulatorRun, newFolder } from '../scenario-kit.js';
import type { Scenario } from '../scenario.js';
import type { TestEmulator } from '../../helpers/emulator.js';

interface Option {
  label: string;
  value: string;
}

/** Someone relabels a property and an option, removes an option, archives a property and adds one. */
async function editByHand(emulator: TestEmulator): Promise<void> {
  await call(emulator, 'PATCH', '/crm/v3/properties/tickets/support_sla_hours', { label: 'SLA target (h)' });
  const tier = (await call(emulator, 'GET', '/crm/v3/properties/subscriptions/commerce_plan_tier')) as {
    options: Option[];
  };
  const options = tier.options
    .filter((option) => option.value !== 'legacy')
    .map((option) => (option.value === 'team' ? { ...option, label: 'Teams' } : option));
  await call(emulator, 'PATCH', '/crm/v3/properties/subscriptions/commerce_plan_tier', { options });
  await call(emulator, 'DELETE', '/crm/v3/properties/products/commerce_weight_grams');
  await call(emulator, 'POST', '/crm/v3/properties/tickets', {
    name: 'support_vip',
    label: 'VIP customer',
    type: 'bool',
    fieldType: 'booleancheckbox',
    groupName: 'support_escalation',
    options: [
      { label: 'Yes', value: 'true', displayOrder: 0 },
      { label: 'No', value: 'false', displayOrder: 1 },
    ],
  });
}

export const editedAccount: Scenario = {
  description:
    'The example project (a copy of examples/, committed to git) as the current folder, applied to an emulator on a free port (CRM_BASE_URL, CRM_ACCESS_TOKEN); then, in the account: tickets.support_sla_hours relabelled "SLA target (h)", option team of subscriptions.commerce_plan_tier relabelled "Teams" and its option legacy removed, products.commerce_weight_grams archived, tickets.support_vip created in the group support_escalation.',
  async start() {
    const dir = await newFolder();
    await copyExamples(dir);
    await commitAll(dir, 'The example project');
    return emulatorRun(dir, async (emulator) => {
      await cli(dir, ['apply', '--yes'], { CRM_BASE_URL: emulator.url, CRM_ACCESS_TOKEN: emulator.token });
      await editByHand(emulator);
    });
  },
};
