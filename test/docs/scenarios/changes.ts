/** A change the API cannot make in place. */
import { call, createRecords, localRun, newFolder, seedLocalAccount, writeFiles } from '../scenario-kit.js';
import type { Scenario } from '../scenario.js';

export const uniqueReplace: Scenario = {
  description:
    'A --local account whose tickets have the text property support_code (not unique; 3 tickets hold a value), and a project (policy: destructive: allow, manage: prefixes [support_]) that declares it with hasUniqueValue: true.',
  async start() {
    const dir = await newFolder();
    await seedLocalAccount(dir, async (emulator) => {
      await call(emulator, 'POST', '/crm/v3/properties/tickets', {
        name: 'support_code',
        label: 'Code',
        type: 'string',
        fieldType: 'text',
        groupName: 'ticketinformation',
      });
      await createRecords(emulator, 'tickets', [
        { support_code: 'A-1' },
        { support_code: 'A-2' },
        { support_code: 'A-3' },
      ]);
    });
    await writeFiles(dir, {
      'crm-schema.yaml': `manifests: ['schema/**/*.yaml']
policy:
  destructive: allow
  manage: { prefixes: [support_] }
`,
      'schema/tickets.yaml': `kind: Properties
objectType: tickets
properties:
  - name: support_code
    label: Code
    type: string
    fieldType: text
    groupName: ticketinformation
    hasUniqueValue: true
`,
    });
    return localRun(dir);
  },
};
