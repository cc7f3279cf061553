/**
 * Finished renames stay finished, in the planner (pure): an archived property that carries the mark of a
 * finished rename is never restored as a plain restore (dangerous, refused until the manifests decide,
 * and drift says so), and a rename whose new name is such a property, archived by a rename of it to the
 * old name, restores it and copies over its stale values, keeping the mark until the copy checked out so
 * that a run stopped in between resumes as this rename. Any other archived property holding the new name
 * still blocks the rename.
 */
import { addRename } from '../../src/families/property/intents.js';
import { describe, expect, it } from 'vitest';
import { plan } from '../../src/engine/plan/plan.js';
import { driftReadingOf, migrationOf } from '../../src/engine/plan/kinds/registry.js';
import { writtenByCopy } from '../../src/engine/plan/copy-values.js';
import { renamedAway } from '../../src/families/property/data-steps.js';
import { DEFAULT_POLICY } from '../../src/engine/model/policy.js';
import type { DesiredState } from '../../src/engine/model/desired-state.js';
import type { ValueWithTimestamp } from '../../src/wire/api.js';
import { changeOf } from '../../src/engine/plan/plan-document.js';
import { prop, state } from './fixtures.js';
import { objectsOf } from '../helpers/families.js';

const MARK = (to: string) => `crm-schema: renamed to ${to}`;

function withRename(s: DesiredState['state'], address: string, from: string): DesiredState {
  const intents = new Map<string, unknown>();
  addRename(intents, address, from);
  return { state: s, tombstones: [], intents };
}

describe('an archived property a finished rename archived, declared again', () => {
  const live = state({
    properties: {
      tickets: [
        { ...prop('seats', { description: MARK('seat_count') }), archived: true },
        prop('seat_count'),
        { ...prop('region', { description: 'Where' }), archived: true },
      ],
    },
  });
  const doc = plan(
    {
      state: state({ properties: { tickets: [prop('seats'), prop('region', { description: 'Where' })] } }),
      tombstones: [],
    },
    live,
  );
  const [region, seats] = doc.changes;

  it('is restored only once the manifests decide: dangerous, refused whatever the policy, saying where the newer values are', () => {
    expect(seats).toMatchObject({
      id: 'property.restore tickets.seats',
      meta: { renamedTo: 'seat_count' },
      severity: 'dangerous',
      policy: { decision: 'refuse', rule: 'conflict' },
    });
    expect(seats!.message).toBe(
      'Restore archived property tickets.seats "seats" (string/text), with the values records held before it was renamed to tickets.seat_count',
    );
    expect(seats!.policy.reason).toContain('the values written since are on tickets.seat_count');
    expect(seats!.policy.allow).toContain('declare seats with renamedFrom: seat_count');
    expect(seats!.policy.allow).toContain('crm-schema rollback RECORD');
    expect(seats!.policy.allow).toContain('declare seat_count instead of seats');
    expect(driftReadingOf(changeOf(seats!), { policy: DEFAULT_POLICY })).toEqual({
      as: 'missing',
      note: 'archived by the rename to tickets.seat_count, which finished: restoring it brings back the values from before the rename (newer values are on tickets.seat_count)',
    });
  });

  it('an archived property without the mark is restored as before', () => {
    expect(region).toMatchObject({
      id: 'property.restore tickets.region',
      severity: 'safe',
      policy: { decision: 'apply' },
    });
    expect(region!.meta).not.toHaveProperty('renamedTo');
    expect(driftReadingOf(changeOf(region!), { policy: DEFAULT_POLICY })).toBeUndefined();
  });

  it('the new name, in no manifest, holds the newer values: reported, never archived as unmanaged', () => {
    const unmanaged = plan(
      {
        state: state({ properties: { tickets: [prop('seats'), prop('region', { description: 'Where' })] } }),
        tombstones: [],
      },
      live,
      {
        policy: { ...DEFAULT_POLICY, unmanaged: 'archive', manage: { groups: ['escalation'], prefixes: [] } },
      },
    );
    expect(unmanaged.changes.map((c) => c.id)).toEqual([
      'property.restore tickets.region',
      'property.restore tickets.seats',
    ]);
    expect(unmanaged.diagnostics.map((d) => [d.code, d.address])).toEqual([
      ['UNMANAGED_PROPERTY', 'tickets.seat_count'],
    ]);
  });

  it('the mark of a rename to its own name does not count', () => {
    expect(renamedAway(prop('seats', { description: MARK('seats') }), 'seats')).toBeUndefined();
    expect(renamedAway(prop('seats', { description: `Seats\n\n${MARK('count')}` }), 'seats')).toBe('count');
  });
});

describe('a rename whose new name is archived', () => {
  const declared = state({ properties: { tickets: [prop('tier', { description: 'Tier' })] } });

  it('by a rename of it to the old name: restored (its mark kept until the copy checked out), values copied over the stale ones', () => {
    const live = state({
      properties: {
        tickets: [prop('level'), { ...prop('tier', { description: MARK('level') }), archived: true }],
      },
    });
    const doc = plan(withRename(declared, 'tickets.tier', 'level'), live);
    expect(doc.diagnostics).toEqual([]);
    expect(doc.changes).toHaveLength(1);
    const [rename] = doc.changes;
    expect(rename!.meta).toMatchObject({ created: false, restores: true });
    expect(rename!.message).toBe(
      'Rename property tickets.level -> tickets.tier: restore tickets.tier (archived when it was renamed to level), copy every value over the ones it held then, archive the old',
    );
    expect(rename!.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      [
        'POST',
        '/crm/v3/properties/tickets',
        expect.objectContaining({ name: 'tier', description: `Tier\n\n${MARK('level')}` }),
      ],
      // the old name marked before the new one's mark is cleared: a mark is always there to resume by
      ['PATCH', '/crm/v3/properties/tickets/level', { description: MARK('tier') }],
      ['PATCH', '/crm/v3/properties/tickets/tier', { description: 'Tier' }],
      ['DELETE', '/crm/v3/properties/tickets/level', undefined],
    ]);
    expect(migrationOf(changeOf(rename!))).toMatchObject({
      kind: 'copy',
      from: 'level',
      to: 'tier',
      stale: true,
      after: 3,
    });
    expect(rename!.reversal).toEqual({ reversible: true });
  });

  it('restored by a run that stopped before the end (the mark still on it): resumed, never taken for finished', () => {
    const live = state({
      properties: { tickets: [prop('level'), prop('tier', { description: MARK('level') })] },
    });
    // the old property was changed after the restored one was first made: a finished rename would say so
    objectsOf(live).get('tickets')!.propertyFlags.set('level', {
      platformDefined: false,
      archived: false,
      updatedAt: '2026-02-01T00:00:00Z',
    });
    objectsOf(live).get('tickets')!.propertyFlags.set('tier', {
      platformDefined: false,
      archived: false,
      createdAt: '2026-01-01T00:00:00Z',
    });
    const doc = plan(withRename(declared, 'tickets.tier', 'level'), live);
    // one change: the mark goes with the rename's last step, not with an update before it
    expect(doc.changes.map((c) => c.id)).toEqual(['property.rename tickets.tier']);
    expect(doc.changes[0]!.meta).toMatchObject({ created: true, restores: true });
    expect(doc.changes[0]!.meta).not.toHaveProperty('finished');
    expect(doc.changes[0]!.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PATCH /crm/v3/properties/tickets/level',
      'PATCH /crm/v3/properties/tickets/tier',
      'DELETE /crm/v3/properties/tickets/level',
    ]);
  });

  it('by anything else: blocked, the rename is not planned', () => {
    for (const description of ['', MARK('other')]) {
      const live = state({
        properties: { tickets: [prop('level'), { ...prop('tier', { description }), archived: true }] },
      });
      const doc = plan(withRename(declared, 'tickets.tier', 'level'), live);
      expect(doc.changes).toEqual([]);
      expect(doc.diagnostics.map((d) => [d.code, d.address])).toEqual([['RENAME_BLOCKED', 'tickets.tier']]);
    }
  });
});

describe('the copy over stale values', () => {
  const at = (value: string, ms: number): ValueWithTimestamp => ({
    value,
    timestamp: new Date(ms).toISOString(),
    sourceType: 'API',
  });

  it('a value the old property held at any time was carried over; one it never held is a conflict', () => {
    // written to the new name by hand, carried to the old name by the rollback later, changed since
    const history = {
      old: [at('emerald', 400), at('platinum', 300), at('silver', 100)],
      new: [at('platinum', 200)],
    };
    expect(writtenByCopy(history, 'old', 'new', 'platinum')).toBe(false);
    expect(writtenByCopy(history, 'old', 'new', 'platinum', true)).toBe(true);
    const never = { old: [at('bronze', 400)], new: [at('handmade', 200)] };
    expect(writtenByCopy(never, 'old', 'new', 'handmade', true)).toBe(false);
    expect(writtenByCopy(undefined, 'old', 'new', 'platinum', true)).toBe(false);
  });
});
