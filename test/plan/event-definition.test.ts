/** eventDefinition.create: a missing event definition created from a manifest's definition block. */
import { eventsIn } from '../helpers/families.js';
import { describe, expect, it } from 'vitest';
import { endStateOf, isCreate } from '../../src/engine/plan/kinds/registry.js';
import { scopeOfChanges } from '../../src/engine/apply/read-back.js';
import { fingerprint, fingerprintFor } from '../../src/engine/plan/fingerprint.js';
import { checkPlanConsistency } from '../../src/engine/plan/plan-document.js';
import { plan } from '../../src/engine/plan/plan.js';
import { toWireRequests } from '../../src/engine/plan/requests/wire.js';
import { desired, prop, state } from './fixtures.js';

const carrier = {
  name: 'carrier',
  label: 'Carrier',
  type: 'enumeration',
  options: [{ label: 'Post', value: 'post' }],
};

function newEventPlan(definition: { label: string; description: string; primaryObject?: string }) {
  return plan(
    desired(
      state({
        properties: { tickets: [prop('a')] },
        events: {
          order_shipped: {
            definition,
            properties: [{ name: 'weight', label: 'Weight', type: 'number' }, carrier],
          },
        },
      }),
    ),
    // tickets with its group `escalation`, and no definition order_shipped
    state({ properties: { tickets: [] }, events: { order_shipped: { exists: false, properties: [] } } }),
  );
}

describe('eventDefinition.create', () => {
  const doc = newEventPlan({
    label: 'Order shipped',
    description: 'Left the warehouse.',
    primaryObject: 'CONTACT',
  });
  const definitionId = 'eventDefinition.create event:order_shipped';

  it('is a safe create at event:<name>, in its own phase after the limits and before the event properties', () => {
    expect(doc.diagnostics).toStrictEqual([]);
    expect(doc.changes.map((c) => [c.id, c.phase])).toStrictEqual([
      ['property.create tickets.a', 'properties.create'],
      [definitionId, 'eventDefinitions.create'],
      ['eventProperty.create event:order_shipped.carrier', 'eventProperties.write'],
      ['eventProperty.create event:order_shipped.weight', 'eventProperties.write'],
    ]);
    const created = doc.changes[1];
    expect(created).toMatchObject({
      type: 'eventDefinition.create',
      address: 'event:order_shipped',
      action: 'create',
      message:
        'Create event definition event:order_shipped "Order shipped" (primary object CONTACT) with its 2 properties',
      severity: 'safe',
      reason: 'adds a new custom event definition',
      dependsOn: [],
      fingerprint: 'absent',
    });
    expect(doc.summary).toMatchObject({ changes: 4, create: 4, safe: 4, errors: 0 });
  });

  it('sends POST /events/v3/event-definitions without default properties, with its properties in the same call', () => {
    expect(doc.changes[1]!.requests).toStrictEqual([
      {
        method: 'POST',
        path: '/events/v3/event-definitions',
        body: {
          label: 'Order shipped',
          name: 'order_shipped',
          description: 'Left the warehouse.',
          primaryObject: 'CONTACT',
          includeDefaultProperties: false,
          propertyDefinitions: [
            { name: 'weight', label: 'Weight', type: 'number' },
            {
              name: 'carrier',
              label: 'Carrier',
              type: 'enumeration',
              options: [{ label: 'Post', value: 'post', description: '', displayOrder: 0, hidden: false }],
            },
          ],
        },
      },
    ]);
    // each property is still a change a reviewer sees, created by its definition's call
    for (const change of doc.changes.slice(2)) {
      expect(change.dependsOn).toStrictEqual([definitionId]);
      expect(change.fingerprint).toBe('absent');
      expect(change.message).toMatch(/, with its event definition$/);
      expect(change.requests).toStrictEqual([]);
    }
    const wire = toWireRequests(doc.changes);
    expect(wire.map((r) => `${r.phase} ${r.method} ${r.path} ${r.changeIds.join(',')}`)).toStrictEqual([
      'properties.create POST /crm/v3/properties/tickets property.create tickets.a',
      `eventDefinitions.create POST /events/v3/event-definitions ${definitionId}`,
    ]);
  });

  it('a definition of 20 properties is one request', () => {
    const properties = Array.from({ length: 20 }, (_, i) => ({
      name: `p${i}`,
      label: `P ${i}`,
      type: 'string',
    }));
    const doc = plan(
      desired(
        state({
          events: { order_shipped: { definition: { label: 'Order shipped', description: '' }, properties } },
        }),
      ),
      state({ events: { order_shipped: { exists: false, properties: [] } } }),
    );
    expect(doc.changes).toHaveLength(21);
    const wire = toWireRequests(doc.changes);
    expect(wire).toHaveLength(1);
    expect((wire[0]!.body as { propertyDefinitions: unknown[] }).propertyDefinitions).toHaveLength(20);
  });

  it('a changed label or description is an update in place (PATCH)', () => {
    const info = { label: 'Order shipped', description: 'Left the warehouse.', primaryObject: 'CONTACT' };
    const doc = plan(
      desired(
        state({
          events: {
            order_shipped: {
              definition: { ...info, label: 'Order sent' },
              properties: [],
            },
          },
        }),
      ),
      state({ events: { order_shipped: { definition: info, properties: [] } } }),
    );
    expect(doc.changes.map((c) => [c.id, c.message, c.severity])).toStrictEqual([
      [
        'eventDefinition.update event:order_shipped',
        'Update event definition event:order_shipped: label',
        'safe',
      ],
    ]);
    expect(doc.changes[0]!.requests).toStrictEqual([
      { method: 'PATCH', path: '/events/v3/event-definitions/order_shipped', body: { label: 'Order sent' } },
    ]);
    expect(doc.diagnostics).toStrictEqual([]);
  });

  it('leaves out an empty description and an unset primary object (the platform defaults to CONTACT)', () => {
    const bare = newEventPlan({ label: 'Order shipped', description: '' });
    const change = bare.changes.find((c) => c.type === 'eventDefinition.create')!;
    expect(change.message).toBe(
      'Create event definition event:order_shipped "Order shipped" (primary object CONTACT) with its 2 properties',
    );
    const { propertyDefinitions: _properties, ...rest } = change.requests[0]!.body as Record<string, unknown>;
    expect(rest).toStrictEqual({
      label: 'Order shipped',
      name: 'order_shipped',
      includeDefaultProperties: false,
    });
  });

  it('survives a JSON round trip with the same derived values', () => {
    const read = JSON.parse(JSON.stringify(doc)) as typeof doc;
    expect(read).toStrictEqual(doc);
    expect(checkPlanConsistency(read)).toStrictEqual([]);
    const edited = JSON.parse(JSON.stringify(doc)) as typeof doc;
    (edited.changes[1]!.meta as { definition: { label: string } }).definition.label = 'Other';
    expect(checkPlanConsistency(edited)).toStrictEqual([
      `${definitionId}: message does not match its type and meta`,
      `${definitionId}: requests does not match its type and meta`,
    ]);
  });

  it('is not planned when the definition exists: then only its properties are compared', () => {
    const existing = plan(
      desired(
        state({
          events: { order_shipped: { definition: { label: 'X', description: '' }, properties: [carrier] } },
        }),
      ),
      state({
        events: { order_shipped: { definition: { label: 'X', description: '' }, properties: [carrier] } },
      }),
    );
    expect(existing.changes).toStrictEqual([]);
    expect(existing.diagnostics).toStrictEqual([]);
  });
});

describe('eventDefinition.create fingerprint', () => {
  const change = {
    type: 'eventDefinition.create',
    meta: { eventName: 'e', definition: { label: 'E', description: '' } },
  } as const;

  it('is absent while the account lacks the definition, and a digest of the live one otherwise', () => {
    expect(fingerprintFor(change, state({ events: { e: { exists: false, properties: [] } } }))).toBe(
      'absent',
    );
    const live = { label: 'E', description: '', primaryObject: 'CONTACT', objectTypeId: '0-1' };
    expect(fingerprintFor(change, state({ events: { e: { definition: live, properties: [] } } }))).toBe(
      fingerprint(live),
    );
  });
});

describe('eventDefinition.create in apply (read-back, end state, stale check)', () => {
  const change = {
    type: 'eventDefinition.create',
    meta: { eventName: 'e', definition: { label: 'E', description: 'd', primaryObject: 'CONTACT' } },
  } as const;
  const absent = state({ events: { e: { exists: false, properties: [] } } });
  const made = (label: string) =>
    state({
      events: {
        e: {
          definition: { label, description: 'd', primaryObject: 'CONTACT', objectTypeId: '0-1' },
          properties: [],
        },
      },
    });

  it('reads the definition back, and is done once it exists with the label and description asked for', () => {
    expect([...eventsIn(scopeOfChanges([change]))]).toStrictEqual(['e']);
    expect(isCreate(change)).toBe(true);
    expect(endStateOf(change, absent)).toStrictEqual({
      done: false,
      absent: true,
      differences: [{ field: 'exists', expected: true, actual: false }],
    });
    expect(endStateOf(change, made('E'))).toStrictEqual({ done: true, absent: false, differences: [] });
    expect(endStateOf(change, made('Other'))).toStrictEqual({
      done: false,
      absent: false,
      differences: [{ field: 'label', expected: 'E', actual: 'Other' }],
    });
  });
});
