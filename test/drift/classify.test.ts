/** Plans read as drift: which list each difference lands in, with its live and declared values. Pure. */
import { describe, expect, it } from 'vitest';
import { classifyDrift } from '../../src/engine/drift/classify.js';
import { driftPolicy } from '../../src/engine/drift/check-drift.js';
import type { DriftDocument } from '../../src/engine/drift/drift-report.js';
import type { DesiredState } from '../../src/engine/model/desired-state.js';
import { plan } from '../../src/engine/plan/plan.js';
import type { SchemaState } from '../../src/engine/model/schema-model.js';
import { desired, policy, prop, select, state } from '../plan/fixtures.js';
import type { ScopePolicy } from '../../src/engine/model/policy.js';

function drift(want: DesiredState, live: SchemaState, own: ScopePolicy = policy()): DriftDocument {
  return classifyDrift(plan(want, live, { policy: driftPolicy(own) }), { policy: own });
}

const EMPTY_LISTS = { edited: [], missing: [], unmanaged: [], tombstoned: [], notDeployed: [] };

describe('classifyDrift', () => {
  it('finds no drift when the account matches, whatever the platform adds', () => {
    const s = () =>
      state({ properties: { tickets: [select('level', ['low', 'high'], { description: 'd' })] } });
    const report = drift(desired(s()), s());
    expect(report).toEqual({
      formatVersion: 3,
      drifted: false,
      counts: { total: 0, edited: 0, missing: 0, unmanaged: 0, tombstoned: 0, notDeployed: 0 },
      ...EMPTY_LISTS,
      diagnostics: [],
    });
  });

  it('lists an edited property field by field, live and declared', () => {
    const want = state({ properties: { tickets: [select('level', ['low', 'high'], { label: 'Level' })] } });
    const live = state({
      properties: { tickets: [select('level', ['low', 'urgent'], { label: 'Tier', hidden: true })] },
    });
    const report = drift(desired(want), live);
    expect(report.counts).toEqual({
      total: 1,
      edited: 1,
      missing: 0,
      unmanaged: 0,
      tombstoned: 0,
      notDeployed: 0,
    });
    const [entry] = report.edited;
    expect(entry!.address).toBe('tickets.level');
    expect(entry!.kind).toBe('property');
    expect(entry!.fix).toBe('update');
    expect(entry!.fields.map((f) => [f.field, f.live, f.declared])).toEqual([
      ['label', 'Tier', 'Level'],
      expect.arrayContaining(['options']),
      ['hidden', true, false],
    ]);
    expect(entry!.fields[1]!.options?.map((o) => `${o.kind} ${o.value}`)).toEqual([
      'removed urgent',
      'added high',
    ]);
  });

  it('marks a difference the API cannot make in place as a replace', () => {
    const want = state({ properties: { tickets: [prop('code', { hasUniqueValue: true })] } });
    const live = state({ properties: { tickets: [prop('code')] } });
    const [entry] = drift(desired(want), live).edited;
    expect(entry).toEqual({
      address: 'tickets.code',
      kind: 'property',
      fix: 'replace',
      fields: [{ field: 'hasUniqueValue', live: false, declared: true }],
    });
  });

  it('lists declared resources the account lacks as missing, limits with their value', () => {
    const want = state({
      properties: { tickets: [prop('gone')] },
      groups: { tickets: [{ name: 'lost', label: 'Lost' }] },
      labels: {
        'tickets->orders': [
          { label: 'Main', category: 'USER_DEFINED' },
          { label: 'New', category: 'USER_DEFINED' },
        ],
      },
      limits: {
        'tickets->orders': [
          { category: 'USER_DEFINED', label: 'Main', maxToObjectIds: 2 },
          { category: 'USER_DEFINED', label: 'New', maxToObjectIds: 1 },
        ],
      },
    });
    const live = state({
      properties: { tickets: [] },
      labels: { 'tickets->orders': [{ label: 'Main', category: 'USER_DEFINED', typeId: 40 }] },
    });
    const report = drift(desired(want), live);
    // the limit of the missing label is part of that label
    expect(report.missing).toEqual([
      { address: 'tickets->orders:Main', kind: 'limit', declared: 2 },
      { address: 'tickets->orders:New', kind: 'label' },
      { address: 'tickets.gone', kind: 'property' },
      { address: 'tickets.group:lost', kind: 'group' },
    ]);
    expect(report.edited).toEqual([]);
  });

  it('reads a changed or removed limit as an edit of maxToObjectIds', () => {
    const labels = { 'tickets->orders': [{ label: 'Main', category: 'USER_DEFINED' as const, typeId: 40 }] };
    const want = state({
      labels,
      limits: {
        'tickets->orders': [
          { category: 'USER_DEFINED', label: 'Main', maxToObjectIds: 1 },
          { category: 'PLATFORM_DEFINED', typeId: 27 },
        ],
      },
    });
    const live = state({
      labels,
      limits: {
        'tickets->orders': [
          { category: 'USER_DEFINED', typeId: 40, label: 'Main', maxToObjectIds: 5 },
          { category: 'PLATFORM_DEFINED', typeId: 27, maxToObjectIds: 9 },
        ],
      },
    });
    expect(drift(desired(want), live).edited).toEqual([
      {
        address: 'tickets->orders:Main',
        kind: 'limit',
        fix: 'update',
        fields: [{ field: 'maxToObjectIds', live: 5, declared: 1 }],
      },
      {
        address: 'tickets->orders:PLATFORM_DEFINED/27',
        kind: 'limit',
        fix: 'update',
        fields: [{ field: 'maxToObjectIds', live: 9, declared: null }],
      },
    ]);
  });

  it('reports unmanaged properties in the managed scope even when the policy ignores them', () => {
    const own = policy({ unmanaged: 'ignore', manage: { groups: ['escalation'], prefixes: ['t_'] } });
    const live = state({
      properties: {
        tickets: [
          prop('kept'),
          prop('stray', { label: 'Stray' }),
          prop('t_x', { groupName: 'other' }),
          prop('theirs', { groupName: 'other' }),
        ],
      },
    });
    const report = drift(desired(state({ properties: { tickets: [prop('kept')] } })), live, own);
    expect(report.unmanaged).toEqual([
      { address: 'tickets.stray', kind: 'property', label: 'Stray', scope: "group 'escalation'" },
      { address: 'tickets.t_x', kind: 'property', label: 't_x', scope: "prefix 't_'" },
    ]);
    expect(report.drifted).toBe(true);
  });

  it('counts undeclared user labels of a declared pair only when the policy looks at unmanaged resources', () => {
    const want = state({ labels: { 'tickets->orders': [{ label: 'Main', category: 'USER_DEFINED' }] } });
    const live = state({
      labels: {
        'tickets->orders': [
          { label: 'Main', category: 'USER_DEFINED', typeId: 40 },
          { label: 'Other team', category: 'USER_DEFINED', typeId: 42 },
        ],
      },
    });
    expect(drift(desired(want), live, policy({ unmanaged: 'ignore' })).drifted).toBe(false);
    expect(drift(desired(want), live, policy({ unmanaged: 'report' })).unmanaged).toEqual([
      { address: 'tickets->orders:Other team', kind: 'label', scope: 'its pair is declared' },
    ]);
  });

  it('lists tombstoned resources that are still in the account', () => {
    const want = desired(state({ properties: { tickets: [] } }), [
      { kind: 'property', objectType: 'tickets', name: 'legacy' },
      { kind: 'property', objectType: 'tickets', name: 'already_gone' },
      { kind: 'eventProperty', eventName: 'shipped', name: 'old' },
    ]);
    const live = state({
      properties: { tickets: [prop('legacy')] },
      events: { shipped: { properties: [{ name: 'old', label: 'Old', type: 'string' }] } },
    });
    expect(drift(want, live).tombstoned).toEqual([
      { address: 'event:shipped.old', kind: 'eventProperty' },
      { address: 'tickets.legacy', kind: 'property' },
    ]);
  });

  it("reads an event property's type change as one edit of its type", () => {
    const want = state({
      events: { shipped: { properties: [{ name: 'count', label: 'Count', type: 'number' }] } },
    });
    const live = state({
      events: { shipped: { properties: [{ name: 'count', label: 'Count', type: 'string' }] } },
    });
    expect(drift(desired(want), live).edited).toEqual([
      {
        address: 'event:shipped.count',
        kind: 'eventProperty',
        fix: 'replace',
        fields: [{ field: 'type', live: 'string', declared: 'number' }],
      },
    ]);
  });

  it('reads a declared event definition the account lacks as missing', () => {
    const want = state({
      events: { shipped: { properties: [{ name: 'count', label: 'Count', type: 'number' }] } },
    });
    const live = state({ events: { shipped: { exists: false, properties: [] } } });
    const report = drift(desired(want), live);
    expect(report.missing).toEqual([{ address: 'event:shipped', kind: 'eventDefinition' }]);
    expect(report.diagnostics.filter((d) => d.level === 'error')).toEqual([]);
  });

  it('keeps the plan target and the other diagnostics', () => {
    const live = state({ properties: { tickets: [{ ...prop('hs_x', { label: 'Old' }), builtIn: true }] } });
    const want = state({ properties: { tickets: [prop('hs_x', { label: 'New' })] } });
    const planned = plan(desired(want), live, { policy: driftPolicy(policy()) });
    const report = classifyDrift(
      { ...planned, target: { baseUrl: 'https://crm.example.com' } },
      { policy: policy() },
    );
    expect(report.target).toEqual({ baseUrl: 'https://crm.example.com' });
    expect(report.drifted).toBe(false);
    expect(report.diagnostics.map((d) => d.code)).toEqual(['BUILTIN_PROPERTY']);
  });
});
