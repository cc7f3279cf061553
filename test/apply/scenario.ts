/**
 * Manifests for the apply tests: `V1` sets up an account (groups, properties, labels, a limit, a
 * built-in type's limit, event properties, a new event definition); `V2` then touches every change type (create, update,
 * archive, replace, rename, option remap and restore (of one archived between the two) of properties;
 * create, update, archive of groups; create, rename and delete of
 * labels (a new inverse text); limit create, update and purge; event property create, update, delete and type change).
 */
export const TICKETS_V1 = `kind: Properties
objectType: tickets
groups:
  - { name: oldgroup, label: Old group }
  - { name: support, label: Support }
properties:
  - { name: upd, label: Before, type: string, fieldType: text, groupName: support }
  - { name: mv, label: Move me, type: string, fieldType: text, groupName: support }
  - { name: old1, label: Old one, type: string, fieldType: text, groupName: oldgroup }
  - { name: uniq, label: Uniq, type: string, fieldType: text, groupName: support }
  - name: level
    label: Level
    type: enumeration
    fieldType: select
    groupName: support
    options:
      - { label: Low, value: low }
      - { label: High, value: high }
      - { label: Legacy, value: legacy }
  - { name: renamed_src, label: Renamed, type: string, fieldType: text, groupName: support }
  - { name: revived, label: Revived, type: string, fieldType: text, groupName: support }
  - name: sev
    label: Severity
    type: enumeration
    fieldType: checkbox
    groupName: support
    options:
      - { label: S1, value: s1 }
      - { label: S2, value: s2 }
      - { label: Low, value: low }
`;

export const ASSOCIATIONS_V1 = `kind: Associations
from: tickets
to: orders
types:
  - { label: Old, maxToObjectIds: 3 }
  - { label: Secondary, inverseLabel: Secondary back, maxToObjectIds: 5 }
  - { category: PLATFORM_DEFINED, typeId: 27, maxToObjectIds: 10 }
`;

export const EVENTS_V1 = `kind: EventProperties
eventName: order_shipped
properties:
  - { name: gone, label: Gone, type: string }
  - { name: weight, label: Weight, type: string }
  - { name: note, label: Note, type: string }
`;

/** A definition the account lacks: the plan creates it, with its property in the same call. */
export const ESCALATED = `kind: EventProperties
eventName: ticket_escalated
definition: { label: Ticket escalated, description: A ticket went up a level, primaryObject: TICKET }
properties:
  - { name: level, label: Level, type: number }
`;

export const V1 = {
  'tickets.yaml': TICKETS_V1,
  'associations.yaml': ASSOCIATIONS_V1,
  'events.yaml': EVENTS_V1,
  'escalated.yaml': ESCALATED,
};

export const TICKETS_V2 = `kind: Properties
objectType: tickets
groups:
  - { name: support, label: Support team }
  - { name: escalation2, label: Escalation 2 }
  - { name: oldgroup, archived: true }
properties:
  - name: a_calc
    label: Calc
    type: number
    fieldType: calculation_equation
    groupName: support
    calculationFormula: z_base * 2
  - { name: z_base, label: Base, type: number, fieldType: number, groupName: support }
  - { name: upd, label: After, type: string, fieldType: text, groupName: support }
  - { name: mv, label: Move me, type: string, fieldType: text, groupName: escalation2 }
  - { name: uniq, label: Uniq, type: string, fieldType: text, groupName: support, hasUniqueValue: true }
  - name: level
    label: Level
    type: enumeration
    fieldType: select
    groupName: support
    options:
      - { label: Low, value: low }
      - { label: High, value: high }
  - { name: old1, archived: true }
  - { name: renamed_dst, renamedFrom: renamed_src, label: Renamed, type: string, fieldType: text, groupName: support }
  - { name: revived, label: Revived, type: string, fieldType: text, groupName: support }
  - name: sev
    label: Severity
    type: enumeration
    fieldType: checkbox
    groupName: support
    options:
      - { label: High, value: high, replaces: [s1, s2] }
      - { label: Low, value: low }
`;

export const ASSOCIATIONS_V2 = `kind: Associations
from: tickets
to: orders
types:
  - { label: Primary order, inverseLabel: Primary ticket, maxToObjectIds: 1 }
  - { label: Secondary, inverseLabel: Second back }
  - { label: Old, deleted: true }
  - { category: PLATFORM_DEFINED, typeId: 27, maxToObjectIds: 20 }
`;

export const EVENTS_V2 = `kind: EventProperties
eventName: order_shipped
properties:
  - name: carrier
    label: Carrier
    type: enumeration
    options:
      - { label: Post, value: post }
  - { name: weight, label: Weight, type: number }
  - { name: note, label: Note, type: string, description: free text }
  - { name: gone, deleted: true }
`;

/** The same definition with another label: changed in place (PATCH). */
export const ESCALATED_V2 = ESCALATED.replace('label: Ticket escalated,', 'label: Ticket raised,');

export const V2 = {
  'tickets.yaml': TICKETS_V2,
  'associations.yaml': ASSOCIATIONS_V2,
  'events.yaml': EVENTS_V2,
  'escalated.yaml': ESCALATED_V2,
};

/** `count` string properties `prefix_0..` of one object type in one group, as a manifest. */
export function manyProperties(objectType: string, prefix: string, count: number, group = 'bulk'): string {
  const lines = [
    `kind: Properties`,
    `objectType: ${objectType}`,
    `groups:`,
    `  - { name: ${group}, label: Bulk }`,
    `properties:`,
  ];
  for (let i = 0; i < count; i++) {
    lines.push(
      `  - { name: ${prefix}_${i}, label: ${prefix} ${i}, type: string, fieldType: text, groupName: ${group} }`,
    );
  }
  return `${lines.join('\n')}\n`;
}
