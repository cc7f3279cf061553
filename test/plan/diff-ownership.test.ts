/**
 * The ownership scope: with a `manage` scope, every resource a manifest names must lie inside it; a
 * resource outside it is an error at its manifest entry and gets no change.
 */
import { describe, expect, it } from 'vitest';
import type { DesiredState, Tombstone } from '../../src/engine/model/desired-state.js';
import type { ScopePolicy } from '../../src/engine/model/policy.js';
import type { SchemaState } from '../../src/engine/model/schema-model.js';
import { diff } from '../../src/engine/plan/diff/diff.js';
import { unscopedWarning } from '../../src/engine/plan/diff/ownership.js';
import { desired, policy, prop, select, state } from './fixtures.js';
import { objectsOf } from '../helpers/families.js';
import { withPropertyIntents } from '../helpers/families.js';

const SOURCE = { file: 'schema/deals.yaml', line: 7, col: 5 };

/** The project owns finance_ properties, and its own group `deals.finance`. */
const FINANCE = policy({ manage: { groups: ['deals.finance'], prefixes: ['finance_'] } });

/** A desired state with its sources (as the manifest reader gives them), without default groups. */
function manifest(s: SchemaState, tombstones: Tombstone[] = []): DesiredState {
  const sources = new Map<string, typeof SOURCE>();
  for (const [objectType, schema] of objectsOf(s))
    for (const name of schema.properties.keys()) sources.set(`${objectType}.${name}`, SOURCE);
  return { ...desired(s, tombstones), sources };
}

/** The live account: deals has the built-in group `dealinformation` and the project's `finance`. */
function account(spec: Parameters<typeof state>[0] = {}): SchemaState {
  return state({
    ...spec,
    groups: { deals: [{ name: 'dealinformation' }, { name: 'finance' }], ...spec.groups },
  });
}

const codes = (result: ReturnType<typeof diff>) => result.diagnostics.map((d) => `${d.code} ${d.address}`);

/** Another team's property, made by hand in the built-in group `dealinformation`. */
const theirs = prop('finance_cost_center', { label: 'Cost center', groupName: 'dealinformation' });
const liveDeals = account({ properties: { deals: [{ ...theirs, name: 'cost_center' }] } });

describe('diff: the ownership scope of properties', () => {
  it('refuses a live property outside the scope by its name and live group, with where, why and how to adopt it', () => {
    const declared = select('cost_center', ['a', 'b'], {
      label: 'Cost centre',
      groupName: 'dealinformation',
    });
    const result = diff(manifest(state({ properties: { deals: [declared] } }, false)), liveDeals, {
      policy: FINANCE,
    });
    expect(result.changes).toStrictEqual([]);
    expect(result.diagnostics).toStrictEqual([
      {
        level: 'error',
        code: 'OUTSIDE_MANAGE_SCOPE',
        address: 'deals.cost_center',
        source: SOURCE,
        message:
          "deals.cost_center is outside the policy's manage scope: its live group 'dealinformation' is not managed and its name matches no manage prefix",
        hint: 'To adopt it on purpose, add deals.cost_center to policy.manage.prefixes, or deals.dealinformation to policy.manage.groups to adopt every property of that group; otherwise remove it from the manifest.',
      },
    ]);
  });

  it('refuses to take a live property by moving it into a managed group', () => {
    const declared = prop('cost_center', { label: 'Cost center', groupName: 'finance' });
    const result = diff(manifest(state({ properties: { deals: [declared] } }, false)), liveDeals, {
      policy: FINANCE,
    });
    expect(result.changes).toStrictEqual([]);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]?.message).toBe(
      "deals.cost_center is outside the policy's manage scope: the manifest moves it into the managed group 'finance', but its live group 'dealinformation' is not managed and its name matches no manage prefix: a manifest cannot take a property by moving it",
    );
    expect(result.diagnostics[0]?.hint).toContain('deals.dealinformation to policy.manage.groups');
  });

  it('takes a live property in scope by its name or its live group, and may move it out of a managed group', () => {
    const live = account({
      properties: {
        deals: [
          prop('finance_budget', { groupName: 'dealinformation' }),
          prop('approver', { groupName: 'finance' }),
        ],
      },
    });
    const want = state(
      {
        properties: {
          deals: [
            prop('finance_budget', { label: 'Budget', groupName: 'dealinformation' }),
            prop('approver', { groupName: 'dealinformation' }),
          ],
        },
      },
      false,
    );
    const result = diff(manifest(want), live, { policy: FINANCE });
    expect(result.diagnostics).toStrictEqual([]);
    expect(
      result.changes.map(
        (c) => `${c.type} ${'name' in (c.meta as object) ? (c.meta as { name: string }).name : ''}`,
      ),
    ).toEqual(['property.update finance_budget', 'property.update approver']);
  });

  it('takes a new property by its name or its declared group; refuses one with neither', () => {
    const want = state(
      {
        properties: {
          deals: [
            prop('finance_margin', { groupName: 'dealinformation' }),
            prop('approver', { groupName: 'finance' }),
            prop('discount', { groupName: 'dealinformation' }),
          ],
        },
      },
      false,
    );
    const result = diff(manifest(want), account(), { policy: FINANCE });
    expect(result.changes.map((c) => c.type)).toEqual(['property.create', 'property.create']);
    expect(codes(result)).toEqual(['OUTSIDE_MANAGE_SCOPE deals.discount']);
    expect(result.diagnostics[0]?.message).toBe(
      "deals.discount is outside the policy's manage scope: it is new, its group 'dealinformation' is not managed and its name matches no manage prefix",
    );
  });

  it('judges a restore by the group the property was archived in', () => {
    const live = account({
      properties: {
        deals: [
          { ...prop('region', { groupName: 'dealinformation' }), archived: true },
          { ...prop('quarter', { groupName: 'finance' }), archived: true },
        ],
      },
    });
    const want = state(
      {
        properties: {
          deals: [prop('region', { groupName: 'finance' }), prop('quarter', { groupName: 'finance' })],
        },
      },
      false,
    );
    const result = diff(manifest(want), live, { policy: FINANCE });
    expect(result.changes.map((c) => c.type)).toEqual(['property.restore']);
    expect(codes(result)).toEqual(['OUTSIDE_MANAGE_SCOPE deals.region']);
    expect(result.diagnostics[0]?.message).toContain("it is archived in group 'dealinformation'");
  });

  it('refuses a tombstone of a live property outside the scope; a tombstone of one already gone does nothing', () => {
    const tombstoneSource = { file: 'schema/deals.yaml', line: 12, col: 5 };
    const result = diff(
      manifest(state({ properties: { deals: [] } }, false), [
        { kind: 'property', objectType: 'deals', name: 'cost_center', source: tombstoneSource },
        { kind: 'property', objectType: 'deals', name: 'gone' },
        { kind: 'property', objectType: 'deals', name: 'finance_old' },
      ]),
      account({
        properties: { deals: [prop('cost_center', { groupName: 'dealinformation' }), prop('finance_old')] },
      }),
      { policy: FINANCE },
    );
    expect(
      result.changes.map(
        (c) => `${c.type} ${'name' in (c.meta as object) ? (c.meta as { name: string }).name : ''}`,
      ),
    ).toEqual(['property.archive finance_old']);
    expect(result.diagnostics).toMatchObject([
      {
        code: 'OUTSIDE_MANAGE_SCOPE',
        address: 'deals.cost_center',
        source: tombstoneSource,
        message:
          "deals.cost_center is marked archived, but it is outside the policy's manage scope: its live group 'dealinformation' is not managed and its name matches no manage prefix",
      },
    ]);
    expect(result.diagnostics[0]?.hint).toMatch(/otherwise remove the tombstone\.$/);
  });

  it('refuses a rename whose old property is outside the scope', () => {
    const want = withPropertyIntents(
      manifest(state({ properties: { deals: [prop('finance_center', { groupName: 'finance' })] } }, false)),
      { renames: new Map([['deals.finance_center', 'cost_center']]) },
    );
    const result = diff(want, liveDeals, { policy: FINANCE });
    expect(result.changes).toStrictEqual([]);
    expect(result.diagnostics).toMatchObject([
      {
        code: 'OUTSIDE_MANAGE_SCOPE',
        address: 'deals.finance_center',
        message:
          "deals.finance_center is renamed from deals.cost_center, which is outside the policy's manage scope: its live group 'dealinformation' is not managed and its name matches no manage prefix",
      },
    ]);
    expect(result.diagnostics[0]?.hint).toContain('add deals.cost_center to policy.manage.prefixes');
  });

  it('leaves built-in properties to their warning', () => {
    const live = account({
      properties: { deals: [{ ...prop('amount', { groupName: 'dealinformation' }), builtIn: true }] },
    });
    const want = state(
      { properties: { deals: [prop('amount', { label: 'Amount!', groupName: 'dealinformation' })] } },
      false,
    );
    expect(codes(diff(manifest(want), live, { policy: FINANCE }))).toEqual(['BUILTIN_PROPERTY deals.amount']);
  });

  it('applies qualified entries to their object type only', () => {
    const scoped = policy({ manage: { groups: ['tickets.support'], prefixes: ['tickets.t_'] } });
    const want = state(
      {
        properties: {
          tickets: [prop('t_level', { groupName: 'other' }), prop('note', { groupName: 'support' })],
          deals: [prop('t_level', { groupName: 'other' }), prop('note', { groupName: 'support' })],
        },
      },
      false,
    );
    const result = diff(
      manifest(want),
      account({
        groups: {
          tickets: [{ name: 'other' }, { name: 'support' }],
          deals: [{ name: 'other' }, { name: 'support' }],
        },
      }),
      {
        policy: scoped,
      },
    );
    expect(codes(result)).toEqual(['OUTSIDE_MANAGE_SCOPE deals.note', 'OUTSIDE_MANAGE_SCOPE deals.t_level']);
    expect(result.changes).toHaveLength(2);
  });

  it('checks nothing without a manage scope', () => {
    const declared = select('cost_center', ['a', 'b'], { groupName: 'dealinformation' });
    const result = diff(manifest(state({ properties: { deals: [declared] } }, false)), liveDeals, {
      policy: policy(),
    });
    expect(result.diagnostics).toStrictEqual([]);
    expect(result.changes.map((c) => c.type)).toEqual(['property.update']);
  });
});

describe('diff: the ownership scope of groups', () => {
  it('takes a group listed in manage.groups or named with a managed prefix; refuses any other', () => {
    const want = state(
      {
        groups: {
          deals: [
            { name: 'finance', label: 'Finance' },
            { name: 'finance_reports', label: 'Reports' },
            { name: 'dealinformation', label: 'Deal info (ours now)' },
          ],
        },
      },
      false,
    );
    const live = state(
      { groups: { deals: [{ name: 'dealinformation', label: 'Deal information' }] } },
      false,
    );
    const result = diff(manifest(want), live, { policy: FINANCE });
    expect(result.changes.map((c) => c.type)).toEqual(['group.create', 'group.create']);
    expect(result.diagnostics).toMatchObject([
      {
        code: 'OUTSIDE_MANAGE_SCOPE',
        address: 'deals.group:dealinformation',
        message:
          "deals.group:dealinformation is outside the policy's manage scope: manage.groups does not list it and its name matches no manage prefix",
        hint: 'To adopt it on purpose, add deals.dealinformation to policy.manage.groups; otherwise remove it from the manifest.',
      },
    ]);
  });

  it('refuses a tombstone of a live group outside the scope', () => {
    const result = diff(
      manifest(state({}, false), [{ kind: 'group', objectType: 'deals', name: 'sales' }]),
      state({ groups: { deals: [{ name: 'sales' }] } }, false),
      { policy: FINANCE },
    );
    expect(result.changes).toStrictEqual([]);
    expect(codes(result)).toEqual(['OUTSIDE_MANAGE_SCOPE deals.group:sales']);
  });

  it('counts every property of a group named with a managed prefix as in scope', () => {
    const live = state({ properties: { deals: [prop('stray', { groupName: 'finance_reports' })] } });
    const result = diff(manifest(state({ properties: { deals: [] } }, false)), live, {
      policy: { ...FINANCE, unmanaged: 'report' },
    });
    expect(result.diagnostics).toMatchObject([
      {
        code: 'UNMANAGED_PROPERTY',
        message:
          "deals.stray is in the managed scope (group 'finance_reports' (prefix 'finance_')) but in no manifest",
      },
    ]);
  });
});

describe('diff: the ownership scope of event definitions and their properties', () => {
  const carrier = { name: 'carrier', label: 'Carrier', type: 'string' as const };
  const definition = { label: 'Order shipped', description: '' };

  it('creates an event definition only when manage.events lists it or its name has a managed prefix', () => {
    const want = state(
      {
        events: {
          order_shipped: { definition, properties: [carrier] },
          finance_booked: { definition, properties: [carrier] },
          order_returned: { definition, properties: [carrier] },
        },
      },
      false,
    );
    const live = state({
      events: {
        order_shipped: { exists: false, properties: [] },
        finance_booked: { exists: false, properties: [] },
        order_returned: { exists: false, properties: [] },
      },
    });
    const scoped = policy({ manage: { groups: [], prefixes: ['finance_'], events: ['order_shipped'] } });
    const result = diff(manifest(want), live, { policy: scoped });
    expect(
      result.changes.map(
        (c) =>
          `${c.type} ${'eventName' in (c.meta as object) ? (c.meta as { eventName: string }).eventName : ''}`,
      ),
    ).toEqual([
      'eventDefinition.create order_shipped',
      'eventProperty.create order_shipped',
      'eventDefinition.create finance_booked',
      'eventProperty.create finance_booked',
    ]);
    expect(result.diagnostics).toMatchObject([
      {
        code: 'OUTSIDE_MANAGE_SCOPE',
        address: 'event:order_returned',
        message:
          "event:order_returned is outside the policy's manage scope, so the plan may not create it: manage.events does not list it and its name matches no manage prefix",
        hint: 'To adopt it on purpose, add order_returned to policy.manage.events; otherwise remove its manifest.',
      },
    ]);
  });

  it("takes an event property by its name or its event definition; refuses another team's", () => {
    const live = state({ events: { order_shipped: { properties: [{ ...carrier, name: 'weight' }] } } });
    const want = state(
      {
        events: {
          order_shipped: {
            properties: [
              { ...carrier, name: 'finance_cost' },
              carrier,
              { ...carrier, name: 'weight', label: 'W' },
            ],
          },
        },
      },
      false,
    );
    const result = diff(
      manifest(want, [{ kind: 'eventProperty', eventName: 'order_shipped', name: 'weight' }]),
      live,
      {
        policy: FINANCE,
      },
    );
    expect(result.changes.map((c) => c.type)).toEqual(['eventProperty.create']);
    expect(codes(result)).toEqual([
      'OUTSIDE_MANAGE_SCOPE event:order_shipped.carrier',
      'OUTSIDE_MANAGE_SCOPE event:order_shipped.weight',
      'TOMBSTONE_CONFLICT event:order_shipped.weight',
    ]);
    expect(result.diagnostics[0]?.hint).toBe(
      'To adopt it on purpose, add order_shipped to policy.manage.events (the event definition with all its properties); otherwise remove it from the manifest.',
    );
    const owned = diff(manifest(want), live, {
      policy: policy({ manage: { groups: [], prefixes: [], events: ['order_shipped'] } }),
    });
    expect(owned.diagnostics).toStrictEqual([]);
    expect(owned.changes.map((c) => c.type)).toEqual([
      'eventProperty.create',
      'eventProperty.create',
      'eventProperty.update',
    ]);
  });

  it('counts every custom property of an owned event definition for the unmanaged policy', () => {
    const live = state({ events: { order_shipped: { properties: [carrier] } } });
    const want = state({ events: { order_shipped: { properties: [] } } }, false);
    const result = diff(manifest(want), live, {
      policy: policy({
        unmanaged: 'report',
        manage: { groups: [], prefixes: [], events: ['order_shipped'] },
      }),
    });
    expect(result.diagnostics).toMatchObject([
      {
        code: 'UNMANAGED_EVENT_PROPERTY',
        message:
          "event:order_shipped.carrier is in the managed scope (event 'order_shipped') but in no manifest",
      },
    ]);
  });
});

describe('diff: association labels have no owner on the platform', () => {
  it('creates a label a manifest names, whatever the manage scope', () => {
    const want = state({
      labels: { 'tickets->orders': [{ label: 'Primary order', category: 'USER_DEFINED' }] },
    });
    const result = diff(manifest(want), state(), { policy: FINANCE });
    expect(result.diagnostics).toStrictEqual([]);
    expect(result.changes.map((c) => c.type)).toEqual(['label.create']);
  });
});

describe('the warning of a project without a manage scope', () => {
  it('is one warning, with what such a project can touch and how to add a scope', () => {
    expect(unscopedWarning(policy())).toStrictEqual({
      level: 'warning',
      code: 'NO_MANAGE_SCOPE',
      message:
        "The policy has no manage scope: this project may change every resource its manifests name (property definitions of object types, and the property groups that hold them; association labels of object pairs, and limits on association types; custom event definitions and their properties), including other teams'.",
      hint: 'Add policy.manage to crm-schema.yaml with what the project owns (groups, prefixes, labels, events); a manifest naming anything outside it is then refused.',
    });
    const scopes: ScopePolicy['manage'][] = [
      { groups: ['g'], prefixes: [] },
      { groups: [], prefixes: ['p_'] },
      { groups: [], prefixes: [], events: ['e'] },
      { groups: [], prefixes: [], labels: ['tickets->orders'] },
    ];
    for (const manage of scopes) expect(unscopedWarning(policy({ manage }))).toBeUndefined();
  });
});
