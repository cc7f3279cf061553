/** Small projects of one manifest, on a fresh `--local` account. */
import { localRun, newFolder, writeFiles } from '../scenario-kit.js';
import type { Scenario } from '../scenario.js';

/** One ticket manifest: the group escalation and its select escalation_level (Low, High). */
export const TICKETS = `kind: Properties
objectType: tickets
groups:
  - name: escalation
    label: Escalation
properties:
  - name: escalation_level
    label: Escalation level
    type: enumeration
    fieldType: select
    groupName: escalation
    options:
      - { label: Low, value: low }
      - { label: High, value: high }
`;

export const ticketsEscalation: Scenario = {
  description:
    'A fresh --local account and a project (policy.manage: groups [tickets.escalation]) whose one manifest declares the group escalation of tickets and, in it, the enumeration escalation_level (low, high).',
  async start() {
    const dir = await newFolder();
    await writeFiles(dir, {
      'crm-schema.yaml':
        "manifests: ['schema/**/*.yaml']\npolicy:\n  manage: { groups: [tickets.escalation] }\n",
      'schema/tickets.yaml': TICKETS,
    });
    return localRun(dir);
  },
};

export const orderShippedEvent: Scenario = {
  description:
    'A fresh --local account and a project (policy.manage: events [order_shipped]) whose one manifest declares the event definition order_shipped and its property carrier.',
  async start() {
    const dir = await newFolder();
    await writeFiles(dir, {
      'crm-schema.yaml': "manifests: ['schema/**/*.yaml']\npolicy:\n  manage: { events: [order_shipped] }\n",
      'schema/events.yaml': `kind: EventProperties
eventName: order_shipped
definition:
  label: Order shipped
properties:
  - { name: carrier, label: Carrier, type: string }
`,
    });
    return localRun(dir);
  },
};

export const unknownEvent: Scenario = {
  description:
    'A fresh --local account and a project (policy.manage: events [order_shipped]) whose manifest declares properties of the event order_shipped without a definition: block.',
  async start() {
    const dir = await newFolder();
    await writeFiles(dir, {
      'crm-schema.yaml': "manifests: ['schema/**/*.yaml']\npolicy:\n  manage: { events: [order_shipped] }\n",
      'schema/events.yaml': `kind: EventProperties
eventName: order_shipped
properties:
  - name: carrier
    label: Carrier
    type: enumeration
    options:
      - { label: Post, value: post }
`,
    });
    return localRun(dir);
  },
};
