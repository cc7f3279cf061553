/** What the reader puts in scope, the policy adapter, and the inverse label pairing: pure functions. */
import { describe, expect, it } from 'vitest';
import { inverseTypes } from '../../src/families/association/live-pairs.js';
import { toPlanPolicy } from '../../src/engine/live/managed-scope.js';
import { minimumCalls } from '../../src/engine/live/read-live.js';
import { scopeFromDesired } from '../../src/engine/live/scope.js';
import { validateSources } from '../../src/engine/manifest/validate.js';
import { toDesiredState } from '../../src/engine/manifest/model/desired-state.js';
import type { AssociationTypeConfig } from '../../src/wire/api.js';
import { DEFAULT_POLICY } from '../../src/engine/model/policy.js';
import { emptySchemaState } from '../../src/engine/model/schema-model.js';
import { policyObjectTypes, watchesUnmanaged } from '../../src/families/property/policy-scope.js';
import { managedScope } from '../../src/families/property/manage-scope.js';
import { objectTypesIn, pairsIn, eventsIn } from '../helpers/families.js';

function desiredOf(text: string) {
  const report = validateSources([{ file: 'm.yaml', text }]);
  expect(report.errorCount).toBe(0);
  return toDesiredState(report.projects[0]!.model);
}

const MANIFEST = `kind: Properties
objectType: tickets
groups:
  - { name: old_group, archived: true }
properties:
  - { name: a, label: A, type: string, fieldType: text, groupName: ticketinformation }
  - { name: b, archived: true }
---
kind: Properties
objectType: '0-123'
properties:
  - { name: c, label: C, type: string, fieldType: text, groupName: orderinformation }
---
kind: Associations
from: tickets
to: orders
types:
  - { label: Primary order, inverseLabel: Main ticket }
---
kind: Associations
from: contacts
to: companies
types:
  - { label: Old, deleted: true }
---
kind: EventProperties
eventName: order_shipped
properties:
  - { name: gone, deleted: true }
`;

describe('scopeFromDesired', () => {
  it('names what the manifests declare and tombstone; a group archive needs the full list', () => {
    const scope = scopeFromDesired(desiredOf(MANIFEST), DEFAULT_POLICY);
    expect([...objectTypesIn(scope).values()]).toEqual([
      { objectType: 'tickets', properties: new Set(['a', 'b']), fullList: true, groups: true },
      { objectType: 'orders', properties: new Set(['c']), fullList: false, groups: true },
    ]);
    // labels are managed as pairs: both directions of each object pair are read
    expect([...pairsIn(scope).values()]).toEqual([
      { from: 'tickets', to: 'orders', inverse: true },
      { from: 'contacts', to: 'companies', inverse: true },
      { from: 'orders', to: 'tickets', inverse: true },
    ]);
    expect([...eventsIn(scope)]).toEqual(['order_shipped']);
    // tickets 3 lists + groups, orders 1 batch read + groups, 4 directions, 1 event; with nothing live,
    // the declared names are looked for among the archived (one batch read per object type)
    expect(minimumCalls(scope, emptySchemaState())).toBe(4 + 2 + 4 + 1 + 2);
  });

  it('lists in full the object types the unmanaged policy watches, and those only qualified entries name', () => {
    const policy = toPlanPolicy({
      unmanaged: 'report',
      manage: { groups: [], prefixes: ['0-123.commerce_', 'deals.sales_'] },
    });
    const scope = scopeFromDesired(desiredOf(MANIFEST), policy);
    expect([...objectTypesIn(scope).values()].map((s) => [s.objectType, s.fullList, s.groups])).toEqual([
      ['tickets', true, true], // its group tombstone
      ['orders', true, true],
      ['deals', true, false],
    ]);
  });
});

describe('the policy for the planner', () => {
  const policy = toPlanPolicy({
    unmanaged: 'archive',
    manage: { groups: ['escalation', '0-5.sla'], prefixes: ['support_', 'tickets.t_'] },
  });

  it('makes qualifiers canonical', () => {
    expect(policy).toEqual({
      unmanaged: 'archive',
      manage: { groups: ['escalation', 'tickets.sla'], prefixes: ['support_', 'tickets.t_'] },
    });
    expect([...policyObjectTypes(policy)]).toEqual(['tickets']);
  });

  it('applies a qualified entry to its object type only', () => {
    const tickets = managedScope(policy, 'tickets');
    const orders = managedScope(policy, 'orders');
    expect(tickets('x', 'sla')).toBe("group 'tickets.sla'");
    expect(orders('x', 'sla')).toBeUndefined();
    expect(tickets('t_level', 'other')).toBe("prefix 'tickets.t_'");
    expect(orders('t_level', 'other')).toBeUndefined();
    expect(orders('support_x', 'other')).toBe("prefix 'support_'");
    expect(orders('x', 'escalation')).toBe("group 'escalation'");
    // event properties see the unqualified entries only
    expect(managedScope(policy)('t_level')).toBeUndefined();
  });

  it('watches an object type only when an entry applies to it and the policy is not ignore', () => {
    expect(watchesUnmanaged(policy, 'orders')).toBe(true);
    const qualifiedOnly = toPlanPolicy({
      unmanaged: 'report',
      manage: { groups: ['tickets.g'], prefixes: [] },
    });
    expect(watchesUnmanaged(qualifiedOnly, 'tickets')).toBe(true);
    expect(watchesUnmanaged(qualifiedOnly, 'orders')).toBe(false);
    expect(watchesUnmanaged({ ...policy, unmanaged: 'ignore' }, 'orders')).toBe(false);
  });
});

describe('inverseTypes', () => {
  const t = (typeId: number, label: string | null, category = 'USER_DEFINED'): AssociationTypeConfig => ({
    category,
    typeId,
    label,
  });

  it('pairs each type with the next one of the other direction, by typeId', () => {
    // two labels created tickets -> orders one after the other: 1001/1002 and 1003/1004
    const forward = [t(27, null, 'PLATFORM_DEFINED'), t(1001, 'A'), t(1003, 'B'), t(1006, 'C')];
    const reverse = [
      t(28, null, 'PLATFORM_DEFINED'),
      t(1002, 'A inverse'),
      t(1004, 'B inverse'),
      t(1005, 'C from orders'),
    ];
    const inverse = inverseTypes(forward, reverse);
    expect(inverse.get(1001)).toEqual(t(1002, 'A inverse'));
    expect(inverse.get(1003)).toEqual(t(1004, 'B inverse'));
    expect(inverse.get(1006)).toEqual(t(1005, 'C from orders'));
    expect(inverse.has(27)).toBe(false);
  });

  it('leaves a type without a partner unpaired', () => {
    expect(inverseTypes([t(1001, 'A'), t(1003, 'B')], [t(1004, 'B inverse')]).get(1001)).toBeUndefined();
  });

  it('pairs consecutive types of an object type with itself', () => {
    const inverse = inverseTypes(
      [t(1001, 'Manager'), t(1002, 'Report'), t(1003, 'Peer'), t(1004, 'Peer')],
      undefined,
    );
    expect(inverse.get(1001)!.label).toBe('Report');
    expect(inverse.get(1002)!.label).toBe('Manager');
    expect(inverse.get(1003)!.typeId).toBe(1004);
  });
});
