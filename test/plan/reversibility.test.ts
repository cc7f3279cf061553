/**
 * The plan's statement of what a rollback can reverse (plan/reversibility.ts), pure: from each kind's
 * rollback declaration, and for an option remap from the records it rewrites and what the apply record
 * keeps of them. The remap's statement is checked against the rollback itself: the apply record of its
 * apply (opened and folded as apply writes it, with the values the data step wrote) read by `reversalsOf`, the rollback's
 * own reading, says irreversible exactly when the plan does. The irreversible gate of the policy too.
 */
import { describe, expect, it } from 'vitest';
import type { ChangeOutcome, RecordValueWrite } from '../../src/engine/apply/types.js';
import type { KnownChange as Change } from '../../src/families/all-families.js';
import type { PlannedChange } from '../../src/engine/plan/plan-document.js';
import { decideAll } from '../../src/engine/plan/policy-decision.js';
import { MAX_RECORDED_VALUES, reversalOf, type Reversal } from '../../src/engine/plan/reversibility.js';
import { emptyTrace, foldRecord, openRecord, tracedOutcome } from '../../src/engine/record/make-record.js';
import { reversalsOf } from '../../src/engine/rollback/reversal.js';
import { plan } from '../../src/engine/plan/plan.js';
import type { Count, DataCounts, SampleValues } from '../../src/engine/plan/data-counts.js';
import { recordCountKey } from '../../src/engine/plan/data-counts.js';
import { desired, prop, select, state } from './fixtures.js';

const SHOW: SampleValues = { show: true, sensitive: () => false };
const HIDE: SampleValues = { show: false, sensitive: () => false };
const SENSITIVE: SampleValues = { show: true, sensitive: () => true };

type Remap = { from: string; to: string };

function remap(remaps: Remap[], multiple = false): Change {
  const olds = remaps.map((r) => r.from);
  const news = [...new Set(remaps.map((r) => r.to))];
  const option = (value: string) => ({
    label: value,
    value,
    description: '',
    displayOrder: -1,
    hidden: false,
  });
  return {
    type: 'property.remap',
    meta: {
      objectType: 'tickets',
      name: 'priority',
      fields: [{ field: 'options', old: olds.map(option), new: news.map(option) }],
      remaps,
      kept: olds.map(option),
      multiple,
    },
  };
}

/** Counts of the records holding each old value of `change`. */
function held(change: Change, each: number, exact = true): DataCounts {
  const { remaps } = change.meta as { remaps: Remap[] };
  return new Map<string, Count>(
    remaps.map((r) => [recordCountKey('tickets', 'priority', r.from), { count: each, exact }]),
  );
}

/** What a rollback of the apply of `change` says, from the apply record that apply wrote. */
function rollbackSays(
  change: Change,
  written: number,
  recordValues: 'show' | 'hide',
): 'irreversible' | 'reversible' {
  const { remaps, multiple } = change.meta as { remaps: Remap[]; multiple: boolean };
  const before = state({
    properties: {
      tickets: [
        select(
          'priority',
          remaps.map((r) => r.from),
          multiple ? { fieldType: 'checkbox' } : {},
        ),
      ],
    },
  });
  const after = state({
    properties: {
      tickets: [
        select('priority', [...new Set(remaps.map((r) => r.to))], multiple ? { fieldType: 'checkbox' } : {}),
      ],
    },
  });
  const planned = {
    ...change,
    id: `property.remap tickets.priority`,
    address: 'tickets.priority',
  } as PlannedChange;
  const writes: RecordValueWrite[] = Array.from({ length: written }, (_, i) => {
    const r = remaps[i % remaps.length]!;
    return { id: String(i + 1), property: 'priority', before: r.from, after: r.to };
  });
  const outcome = {
    id: planned.id,
    status: 'applied',
    records: { read: written, written, passes: 2, verified: true },
  } as unknown as ChangeOutcome;
  const { record: opened, keep } = openRecord(
    { changes: [planned], before, desired: desired(after) },
    {
      startedAt: new Date(0),
      actor: { name: 'test', source: 'machine' },
      target: { baseUrl: 'http://crm' },
      apiVersion: 'legacy',
      manifestDigest: 'sha256:0',
      recordValues,
    },
  );
  // what apply's journal keeps: the outcome, and no more values than the bound
  const trace = emptyTrace();
  trace.outcomes.set(planned.id, tracedOutcome(outcome));
  trace.values.set(planned.id, keep(planned.id, writes.slice(0, MAX_RECORDED_VALUES)));
  trace.end = { finishedAt: new Date(1).toISOString(), ok: true };
  const record = foldRecord(opened, trace);
  const recorded = record.changes[0]!;
  const [reversal] = reversalsOf([{ change, recorded }], record.id);
  return reversal?.kind === 'irreversible' ? 'irreversible' : 'reversible';
}

const says = (reversal: Reversal) => (reversal.reversible ? 'reversible' : 'irreversible');

describe('an option remap', () => {
  const oneToOne = remap([{ from: 'urgent', to: 'p1' }]);
  const merge = remap([
    { from: 'urgent', to: 'p1' },
    { from: 'critical', to: 'p1' },
  ]);
  const checkbox = remap([{ from: 'a', to: 'x' }], true);

  const cases: [string, Change, number, 'show' | 'hide', 'reversible' | 'irreversible'][] = [
    ['one old value to one, ids only', oneToOne, 40, 'hide', 'reversible'],
    ['several to one, values kept', merge, 20, 'show', 'reversible'],
    ['several to one, ids only', merge, 20, 'hide', 'irreversible'],
    ['a checkbox list, ids only', checkbox, 20, 'hide', 'irreversible'],
    ['a checkbox list, values kept', checkbox, 20, 'show', 'reversible'],
    ['several to one that no record holds', merge, 0, 'hide', 'reversible'],
    ['at the bound', oneToOne, MAX_RECORDED_VALUES, 'hide', 'reversible'],
    ['past the bound, even values kept', merge, MAX_RECORDED_VALUES + 2, 'show', 'irreversible'],
  ];
  for (const [name, change, total, recordValues, expected] of cases)
    it(`${name}: the plan says ${expected}, and so does the rollback of its apply`, () => {
      const each = total / (change.meta as { remaps: Remap[] }).remaps.length;
      const reversal = reversalOf(change, {
        counts: held(change, each),
        quote: recordValues === 'show' ? SHOW : HIDE,
      });
      expect(says(reversal)).toBe(expected);
      expect(rollbackSays(change, total, recordValues)).toBe(expected);
      if (!reversal.reversible) expect(reversal.why).toMatch(/rollback/);
    });

  it('says why: the values it cannot tell, or the bound', () => {
    expect(reversalOf(merge, { counts: held(merge, 3), quote: HIDE }).why).toBe(
      "several old values go to one, and the apply record keeps the records' ids only (the target's policy hides record values): a rollback cannot tell which value each record held",
    );
    expect(reversalOf(checkbox, { counts: held(checkbox, 3), quote: SENSITIVE }).why).toBe(
      "values inside checkbox lists are rewritten, and the apply record keeps the records' ids only (the property is sensitive): a rollback cannot tell which value each record held",
    );
    expect(reversalOf(oneToOne, { counts: held(oneToOne, 10_001), quote: SHOW }).why).toBe(
      'it rewrites 10,001 records, and an apply record keeps at most 10,000: a rollback cannot put them back',
    );
  });

  it('not counted, or counted in part, is not promised reversible', () => {
    expect(reversalOf(oneToOne, { quote: SHOW })).toEqual({
      reversible: false,
      why: 'the records it rewrites were not counted, and a rollback puts back at most 10,000 (the apply record keeps no more)',
    });
    expect(reversalOf(oneToOne, { counts: held(oneToOne, 200, false), quote: SHOW }).reversible).toBe(false);
    expect(reversalOf(oneToOne, { counts: held(oneToOne, 20_000, false), quote: SHOW }).why).toContain(
      'at least 20,000 records',
    );
    // a remap of several values with the record keeping ids only: irreversible however many
    expect(reversalOf(merge, { quote: HIDE }).why).toContain('several old values go to one');
  });
});

describe('the other kinds', () => {
  it('a change whose resource goes back as it was, or a rename, is reversible', () => {
    const doc = plan(
      desired(state({ properties: { tickets: [prop('fresh'), prop('level', { label: 'Level (new)' })] } })),
      state({ properties: { tickets: [prop('level')] } }),
    );
    expect(doc.changes.map((c) => [c.id, c.reversal])).toEqual([
      ['property.create tickets.fresh', { reversible: true }],
      ['property.update tickets.level', { reversible: true }],
    ]);
  });

  it('a replace names the fields that cannot change in place', () => {
    const doc = plan(
      desired(state({ properties: { tickets: [prop('code', { hasUniqueValue: true })] } })),
      state({ properties: { tickets: [prop('code')] } }),
    );
    expect(doc.changes[0]!.reversal).toEqual({
      reversible: false,
      why: 'hasUniqueValue cannot be changed in place: the property is archived and created again, and the values it held are not brought back',
    });
  });

  it('a deleted event property cannot come back with its values on past events', () => {
    const doc = plan(
      desired(state({ events: { shipped: { properties: [] } } }), [
        { kind: 'eventProperty', eventName: 'shipped', name: 'weight' },
      ]),
      state({ events: { shipped: { properties: [{ name: 'weight', label: 'Weight', type: 'string' }] } } }),
    );
    expect(doc.changes.map((c) => [c.id, c.reversal.reversible, c.reversal.why])).toEqual([
      [
        'eventProperty.delete event:shipped.weight',
        false,
        'its values on past events are lost with it and cannot be restored (a rollback could only create it anew, without them)',
      ],
    ]);
  });
});

describe('irreversible: deny', () => {
  const gate = (irreversible?: 'allow' | 'deny', allow: string[] = []) => ({
    destructive: 'allow' as const,
    dangerous: 'allow' as const,
    ...(irreversible === undefined ? {} : { irreversible }),
    allow,
    source: 'environment production',
  });
  const change = (reversal: Reversal, severity: 'safe' | 'destructive' = 'safe') => ({
    id: 'property.remap tickets.priority',
    address: 'tickets.priority',
    severity,
    dependsOn: [],
    reversal,
  });
  const IRREVERSIBLE: Reversal = { reversible: false, why: 'because' };
  const decide = (...args: Parameters<typeof decideAll>) =>
    decideAll(...args).get('property.remap tickets.priority');

  it('refuses a change a rollback cannot reverse, and only that; allow (the default) lets it through', () => {
    expect(decide([change(IRREVERSIBLE)], gate('deny'))).toEqual({
      decision: 'refuse',
      rule: 'irreversible',
      reason: 'irreversible: deny of environment production, and tickets.priority is not in its allow: list',
      allow:
        'add tickets.priority to allow: of environment production, set irreversible: allow there, or plan and apply with --allow-irreversible',
    });
    expect(decide([change({ reversible: true })], gate('deny'))).toMatchObject({
      decision: 'apply',
      rule: 'safe',
    });
    for (const policy of ['allow', undefined] as const)
      expect(decide([change(IRREVERSIBLE)], gate(policy))).toMatchObject({ decision: 'apply', rule: 'safe' });
  });

  it('the allow: list and --allow-irreversible let it through, saying so; the severity gate still decides first', () => {
    expect(decide([change(IRREVERSIBLE)], gate('deny', ['tickets.priority']))).toEqual({
      decision: 'apply',
      rule: 'allowed-by-name',
      reason: 'irreversible, allowed by name in allow: of environment production',
    });
    expect(
      decide([change(IRREVERSIBLE, 'destructive')], gate('deny'), {
        destructive: false,
        dangerous: false,
        irreversible: true,
      }),
    ).toEqual({
      decision: 'apply',
      rule: 'allowed-by-flag',
      reason:
        'destructive, allowed by destructive: allow of environment production; irreversible, allowed by --allow-irreversible',
    });
    expect(
      decide(
        [change(IRREVERSIBLE, 'destructive')],
        { ...gate('deny'), destructive: 'deny' },
        {
          destructive: false,
          dangerous: false,
          irreversible: true,
        },
      ),
    ).toMatchObject({ decision: 'refuse', rule: 'destructive' });
  });
});
