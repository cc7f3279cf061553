/** The adapter from the manifest model to the planner's desired input, on inline manifests. */
import { describe, expect, it } from 'vitest';
import { validateSources } from '../../src/engine/manifest/validate.js';
import { deriveLabelName } from '../../src/families/association/normalize-association.js';
import { toDesiredState } from '../../src/engine/manifest/model/desired-state.js';
import { plan } from '../../src/engine/plan/plan.js';
import { emptySchemaState } from '../../src/engine/model/schema-model.js';
import { objectsOf, associationsOf, eventsOf } from '../helpers/families.js';

function adapt(files: Record<string, string>) {
  const report = validateSources(Object.entries(files).map(([file, text]) => ({ file, text })));
  expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return toDesiredState(report.projects[0]!.model);
}

const TICKETS = `kind: Properties
objectType: '0-5'
groups:
  - { name: g, label: G, displayOrder: 2 }
  - { name: old, archived: true }
properties:
  - name: level
    label: Level
    type: enumeration
    fieldType: select
    groupName: g
    options: [{ label: Low, value: low }, { label: High, value: high, hidden: true }]
  - { name: legacy, archived: true }
`;

const ASSOC = `kind: Associations
from: tickets
to: '0-123'
types:
  - { label: Primary order, inverseLabel: Primary ticket, maxToObjectIds: 1 }
  - { label: 2nd order }
  - { label: Custom, name: custom_name, maxToObjectIds: null }
  - { label: Gone, deleted: true }
  - { category: PLATFORM_DEFINED, typeId: 27, maxToObjectIds: 50 }
  - { category: USER_DEFINED, typeId: 91, maxToObjectIds: null }
`;

const EVENTS = `kind: EventProperties
eventName: order_shipped
properties:
  - { name: carrier, label: Carrier, type: enumeration, options: [{ label: Post, value: post }] }
  - { name: old_field, deleted: true }
`;

describe('toDesiredState', () => {
  const desired = adapt({ 'tickets.yaml': TICKETS, 'assoc.yaml': ASSOC, 'events.yaml': EVENTS });

  it('normalises properties and groups under the canonical object type, defaults filled', () => {
    const tickets = objectsOf(desired.state).get('tickets')!;
    expect([...objectsOf(desired.state).keys()]).toEqual(['tickets']);
    expect(tickets.groups.get('g')).toEqual({ name: 'g', label: 'G', displayOrder: 2 });
    expect(tickets.properties.get('level')).toEqual({
      name: 'level',
      label: 'Level',
      type: 'enumeration',
      fieldType: 'select',
      groupName: 'g',
      description: '',
      displayOrder: -1,
      options: [
        { label: 'Low', value: 'low', description: '', displayOrder: 0, hidden: false },
        { label: 'High', value: 'high', description: '', displayOrder: 1, hidden: true },
      ],
      dataSensitivity: 'non_sensitive',
      externalOptions: false,
      formField: false,
      hasUniqueValue: false,
      hidden: false,
    });
  });

  it('turns archived and deleted entries into tombstones with their locations', () => {
    expect(desired.tombstones).toEqual([
      {
        kind: 'group',
        objectType: 'tickets',
        name: 'old',
        source: { file: 'tickets.yaml', line: 5, col: 5 },
      },
      {
        kind: 'property',
        objectType: 'tickets',
        name: 'legacy',
        source: { file: 'tickets.yaml', line: 13, col: 5 },
      },
      {
        kind: 'label',
        from: 'tickets',
        to: 'orders',
        label: 'Gone',
        source: { file: 'assoc.yaml', line: 8, col: 5 },
      },
      {
        kind: 'eventProperty',
        eventName: 'order_shipped',
        name: 'old_field',
        source: { file: 'events.yaml', line: 5, col: 5 },
      },
    ]);
  });

  it('gives user labels category USER_DEFINED and their (derived) internal names', () => {
    const pair = associationsOf(desired.state).get('tickets->orders')!;
    expect([...pair.labels.values()]).toEqual([
      {
        label: 'Primary order',
        category: 'USER_DEFINED',
        name: 'primary_order',
        inverseLabel: 'Primary ticket',
      },
      { label: '2nd order', category: 'USER_DEFINED', name: 'label_2nd_order' },
      { label: 'Custom', category: 'USER_DEFINED', name: 'custom_name' },
    ]);
  });

  it("keys limits the planner's way; null means no limit (a live one is purged)", () => {
    const pair = associationsOf(desired.state).get('tickets->orders')!;
    expect([...pair.limits.entries()]).toEqual([
      ['PLATFORM_DEFINED/27', { category: 'PLATFORM_DEFINED', typeId: 27, maxToObjectIds: 50 }],
      ['USER_DEFINED/91', { category: 'USER_DEFINED', typeId: 91 }],
      ['Primary order', { category: 'USER_DEFINED', label: 'Primary order', maxToObjectIds: 1 }],
      ['2nd order', { category: 'USER_DEFINED', label: '2nd order' }],
      ['Custom', { category: 'USER_DEFINED', label: 'Custom' }],
    ]);
    // the inverse direction of a pair whose inverse text is declared: its limit too (none here)
    expect([...associationsOf(desired.state).get('orders->tickets')!.limits.entries()]).toEqual([
      ['Primary ticket', { category: 'USER_DEFINED', label: 'Primary ticket' }],
    ]);
  });

  it("keys sources by the planner's addresses", () => {
    expect(Object.fromEntries(desired.sources!)).toEqual({
      'tickets.group:g': { file: 'tickets.yaml', line: 4, col: 5 },
      'tickets.level': { file: 'tickets.yaml', line: 7, col: 5 },
      'tickets.legacy': { file: 'tickets.yaml', line: 13, col: 5 },
      'tickets->orders:Primary order': { file: 'assoc.yaml', line: 5, col: 5 },
      // the inverse direction of a label pair points at the entry that declares it
      'orders->tickets:Primary ticket': { file: 'assoc.yaml', line: 5, col: 5 },
      'tickets->orders:2nd order': { file: 'assoc.yaml', line: 6, col: 5 },
      'tickets->orders:Custom': { file: 'assoc.yaml', line: 7, col: 5 },
      'tickets->orders:Gone': { file: 'assoc.yaml', line: 8, col: 5 },
      // a built-in type's limit points at its maxToObjectIds
      'tickets->orders:PLATFORM_DEFINED/27': { file: 'assoc.yaml', line: 9, col: 63 },
      'tickets->orders:USER_DEFINED/91': { file: 'assoc.yaml', line: 10, col: 59 },
      // the event itself: its first entry (no definition block here)
      'event:order_shipped': { file: 'events.yaml', line: 4, col: 5 },
      'event:order_shipped.carrier': { file: 'events.yaml', line: 4, col: 5 },
      'event:order_shipped.old_field': { file: 'events.yaml', line: 5, col: 5 },
    });
  });

  it('carries a definition block onto the event, pointing the event at it', () => {
    const withDefinition = adapt({
      'a.yaml': `kind: EventProperties
eventName: order_returned
properties:
  - { name: reason, label: Reason, type: string }
`,
      'b.yaml': `kind: EventProperties
eventName: order_returned
definition:
  label: Order returned
  primaryObject: '0-5'
properties:
  - { name: gone, deleted: true }
`,
      'c.yaml': `kind: EventProperties
eventName: only_tombstones
definition: { label: Only tombstones, description: Kept for later. }
properties:
  - { name: gone, deleted: true }
`,
    });
    const returned = eventsOf(withDefinition.state).get('order_returned')!;
    expect(returned.definition).toStrictEqual({
      label: 'Order returned',
      description: '',
      primaryObject: '0-5',
    });
    expect([...returned.properties.keys()]).toStrictEqual(['reason']);
    // a definition whose entries are all tombstones still exists on the desired side
    expect(eventsOf(withDefinition.state).get('only_tombstones')).toStrictEqual({
      name: 'only_tombstones',
      exists: true,
      definition: { label: 'Only tombstones', description: 'Kept for later.' },
      properties: new Map(),
      propertyFlags: new Map(),
    });
    expect(withDefinition.sources!.get('event:order_returned')).toStrictEqual({
      file: 'b.yaml',
      line: 4,
      col: 3,
    });
  });

  it('normalises event properties', () => {
    const event = eventsOf(desired.state).get('order_shipped')!;
    expect(event.exists).toBe(true);
    expect([...event.properties.values()]).toEqual([
      {
        name: 'carrier',
        label: 'Carrier',
        type: 'enumeration',
        description: '',
        options: [{ label: 'Post', value: 'post', description: '', displayOrder: 0, hidden: false }],
      },
    ]);
  });

  it('lets a planner diagnostic point at the manifest line', () => {
    const doc = plan(desired, emptySchemaState());
    const unknownEvent = doc.diagnostics.find((d) => d.code === 'UNKNOWN_EVENT');
    expect(unknownEvent?.address).toBe('event:order_shipped');
    expect(unknownEvent?.source).toStrictEqual({ file: 'events.yaml', line: 4, col: 5 });
    const unknownGroup = adapt({
      't.yaml': `kind: Properties
objectType: tickets
properties:
  - { name: x, label: X, type: string, fieldType: text, groupName: nowhere }
`,
    });
    const d = plan(unknownGroup, emptySchemaState()).diagnostics.find((x) => x.code === 'UNKNOWN_GROUP');
    expect(d?.source).toEqual({ file: 't.yaml', line: 4, col: 5 });
  });

  it('derives label names the planner way', () => {
    expect(deriveLabelName('2nd-line owner')).toBe('label_2nd_line_owner');
  });
});
