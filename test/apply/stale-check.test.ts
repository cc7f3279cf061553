/**
 * The stale check of a saved plan against the emulator: fresh, moved (refused, with what changed), and
 * partly applied by an interrupted run (already done: the same plan finishes the job).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyPlan, checkFreshness, dryRun } from '../../src/apply/index.js';
import type { PlanDocument } from '../../src/plan/plan-document.js';
import {
  applyFixture,
  createEventDefinition,
  customProperties,
  planOf,
  userLabels,
  writeCalls,
  type ApplyFixture,
} from './helpers.js';
import { V1, V2 } from './scenario.js';

let fx: ApplyFixture;
let plan: PlanDocument;
beforeEach(async () => {
  fx = await applyFixture();
  await createEventDefinition(fx.emulator, 'order_shipped');
  await applyPlan(await planOf(fx, V1), fx.client);
  plan = await planOf(fx, V2);
});
afterEach(async () => {
  await fx.close();
});

describe('the stale check', () => {
  it('finds a fresh plan fresh, with the fewest reads', async () => {
    fx.calls.length = 0;
    const freshness = await checkFreshness(fx.client, plan.changes);
    expect(freshness.stale).toEqual([]);
    expect(freshness.alreadyDone.size).toBe(0);
    // one property batch read and one group list (tickets), both directions of tickets<->orders, one event read
    expect(fx.calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
      'GET /crm/associations/v4/definitions/configurations/orders/tickets',
      'GET /crm/associations/v4/definitions/configurations/tickets/orders',
      'GET /crm/v3/properties/tickets/groups',
      'GET /events/v3/event-definitions/order_shipped',
      'POST /crm/v3/properties/tickets/batch/read',
    ]);
    expect(freshness.calls).toBe(5);
  });

  it('names each resource that moved, with planned-from -> now', async () => {
    await fx.client.properties.update('tickets', 'upd', { label: 'Someone else' });
    await fx.client.properties.create('tickets', {
      name: 'z_base',
      label: 'Base',
      type: 'string',
      fieldType: 'text',
      groupName: 'support',
    });
    await fx.client.groups.update('tickets', 'oldgroup', { label: 'Renamed' });
    const { stale } = await checkFreshness(fx.client, plan.changes);
    expect(stale.map((s) => [s.address, s.differences])).toEqual([
      ['tickets.z_base', [{ field: 'exists', expected: false, actual: true }]],
      ['tickets.upd', [{ field: 'label', expected: 'Before', actual: 'Someone else' }]],
      ['tickets.group:oldgroup', [{ field: 'label', expected: 'Old group', actual: 'Renamed' }]],
    ]);
  });

  it.each([4, 9, 12, 15, 19])(
    'after a run stopped after %i changes, the same plan finishes the job with no write twice',
    async (done) => {
      const first = await applyPlan({ changes: plan.changes.slice(0, done) }, fx.client, {
        allowDestructive: true,
      });
      expect(first.summary.failed).toBe(0);

      const freshness = await checkFreshness(fx.client, plan.changes);
      expect(freshness.stale).toEqual([]);
      expect([...freshness.alreadyDone.keys()]).toEqual(plan.changes.slice(0, done).map((c) => c.id));

      fx.calls.length = 0;
      const options = {
        allowDestructive: true,
        alreadyDone: freshness.alreadyDone,
        typeIds: freshness.typeIds,
      };
      const expected = dryRun(plan, options).requests.map((r) => `${r.method} ${r.path}`);
      const second = await applyPlan(plan, fx.client, options);
      expect(second.summary).toMatchObject({
        alreadyDone: done,
        applied: plan.changes.length - done,
        failed: 0,
      });
      expect(writeCalls(fx.calls)).toEqual(expected);
      expect((await planOf(fx, V2)).changes).toEqual([]);
      expect(userLabels(fx.emulator.state)).toContain('0-5->0-123:Primary order');
    },
  );

  it('counts a replace whose archive ran (and whose create did not) as still to do', async () => {
    const replace = plan.changes.find((c) => c.type === 'property.replace')!;
    expect(replace.address).toBe('tickets.uniq');
    await fx.client.properties.archive('tickets', 'uniq');
    const freshness = await checkFreshness(fx.client, plan.changes);
    expect(freshness.stale).toEqual([]);
    expect(freshness.alreadyDone.has(replace.id)).toBe(false);
    const report = await applyPlan(plan, fx.client, { allowDestructive: true, ...freshness });
    expect(report.outcomes.find((o) => o.id === replace.id)!.status).toBe('applied');
    expect(customProperties(fx.emulator.state, 'tickets')).toContain('uniq');
    expect((await planOf(fx, V2)).changes).toEqual([]);
  });
});
