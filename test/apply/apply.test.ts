/** applyPlan end to end against the emulator: every change type, then the plan is empty. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyPlan } from '../../src/engine/apply/executor.js';
import { dryRun } from '../../src/engine/apply/dry-run.js';
import type { ApplyEvent } from '../../src/engine/apply/types.js';
import { changeTypes } from '../../src/engine/plan/kinds/registry.js';
import {
  applyFixture,
  createEventDefinition,
  customProperties,
  eventProperties,
  planOf,
  userLabels,
  writeCalls,
  type ApplyFixture,
} from './helpers.js';
import { V1, V2 } from './scenario.js';

let fx: ApplyFixture;
beforeEach(async () => {
  fx = await applyFixture();
  await createEventDefinition(fx.emulator, 'order_shipped');
});
afterEach(async () => {
  await fx.close();
});

describe('applyPlan', () => {
  it('applies every change type, and the plan is empty afterwards', async () => {
    const first = await planOf(fx, V1);
    const firstReport = await applyPlan(first, fx.client);
    expect(firstReport.summary).toMatchObject({ applied: first.changes.length, failed: 0, skipped: 0 });
    expect((await planOf(fx, V1)).changes).toEqual([]);
    // archived outside crm-schema: V2 declares it, so the plan restores it
    await fx.client.properties.archive('tickets', 'revived');

    const second = await planOf(fx, V2);
    const types = new Set([...first.changes, ...second.changes].map((c) => c.type));
    // property.unremap is made by a rollback only (test/cli/rollback.test.ts applies it)
    expect([...types].sort()).toEqual(
      changeTypes()
        .filter((t) => t !== 'property.unremap')
        .sort(),
    );

    const events: ApplyEvent[] = [];
    const report = await applyPlan(second, fx.client, { onEvent: (e) => events.push(e) });
    expect(report.outcomes.filter((o) => o.status !== 'applied')).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.summary).toEqual({
      total: second.changes.length,
      applied: second.changes.length,
      alreadyDone: 0,
      failed: 0,
      skipped: 0,
      refused: 0,
    });
    expect((await planOf(fx, V2)).changes).toEqual([]);

    const state = fx.emulator.state;
    expect(customProperties(state, 'tickets')).toEqual([
      'a_calc',
      'level',
      'mv',
      'renamed_dst',
      'revived',
      'sev',
      'uniq',
      'upd',
      'z_base',
    ]);
    expect(userLabels(state)).toEqual([
      '0-123->0-5:Primary ticket',
      '0-123->0-5:Second back',
      '0-5->0-123:Primary order',
      '0-5->0-123:Secondary',
    ]);
    expect(eventProperties(state, 'order_shipped')).toEqual(['carrier', 'note', 'weight']);
    expect(eventProperties(state, 'ticket_escalated')).toEqual(['level']);
    // V2 relabels it in place
    expect(state.eventDefinitions.ticket_escalated!.labels.singular).toBe('Ticket raised');

    // one outcome event per change, phases announced in plan order
    expect(events.filter((e) => e.kind === 'outcome')).toHaveLength(second.changes.length);
    const phases = events.flatMap((e) => (e.kind === 'phase-start' ? [e.phase] : []));
    expect(phases).toEqual([...new Set(second.changes.map((c) => c.phase))]);
    expect(events.at(-1)).toEqual({ kind: 'end', report });
  });

  it('sends the batch endpoints in chunks of 100, and exactly the dry-run requests', async () => {
    const { manyProperties } = await import('./scenario.js');
    const plan = await planOf(fx, { 'bulk.yaml': manyProperties('tickets', 'bulk', 250) });
    fx.calls.length = 0;
    const report = await applyPlan(plan, fx.client);
    expect(report.summary.applied).toBe(251);
    expect(writeCalls(fx.calls)).toEqual([
      'POST /crm/v3/properties/tickets/groups',
      'POST /crm/v3/properties/tickets/batch/create',
      'POST /crm/v3/properties/tickets/batch/create',
      'POST /crm/v3/properties/tickets/batch/create',
    ]);
    expect(writeCalls(fx.calls)).toEqual(dryRun(plan).requests.map((r) => `${r.method} ${r.path}`));
    expect(report.writes).toBe(4);
    expect(customProperties(fx.emulator.state, 'tickets')).toHaveLength(250);
  });
});
