/**
 * Apply under the emulator's fault injection (500, 503, 429, connections dropped before and after the
 * request is processed): the account ends exactly as declared, with no duplicate, after at most a few
 * runs; writes whose answer was lost are reconciled by reading back, and sent again only when the
 * read-back shows they were not applied.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { applyPlan } from '../../src/engine/apply/executor.js';
import { dryRun } from '../../src/engine/apply/dry-run.js';
import type { ApplyReport } from '../../src/engine/apply/types.js';
import type { EmulatorOptions } from '../../src/emulator/index.js';
import type { EmulatorState } from '../../src/emulator/state/model.js';
import {
  applyFixture,
  createEventDefinition,
  customProperties,
  eventProperties,
  planOf,
  writeCalls,
  type ApplyFixture,
} from './helpers.js';
import { manyProperties } from './scenario.js';
import { VirtualClock } from '../helpers/virtual-clock.js';

const EVENTS = `kind: EventProperties
eventName: order_shipped
properties:
${Array.from({ length: 10 }, (_, i) => `  - { name: e_${i}, label: E ${i}, type: string }`).join('\n')}
`;

const MANIFESTS = {
  'tickets.yaml': manyProperties('tickets', 't', 40, 'fault_a'),
  'orders.yaml': manyProperties('orders', 'o', 30, 'fault_b'),
  'associations.yaml': `kind: Associations
from: tickets
to: orders
types:
  - { label: Fault label, inverseLabel: Fault inverse, maxToObjectIds: 2 }
  - { category: PLATFORM_DEFINED, typeId: 27, maxToObjectIds: 7 }
`,
  'events.yaml': EVENTS,
};

const range = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}_${i}`).sort();

/** The account holds exactly the declared resources, each once. */
function expectExactlyDeclared(state: EmulatorState): void {
  expect(customProperties(state, 'tickets')).toEqual(range('t', 40));
  expect(customProperties(state, 'orders')).toEqual(range('o', 30));
  const labels = Object.values(state.associationTypes).filter((t) => t.category === 'USER_DEFINED');
  expect(labels.map((t) => t.label).sort()).toEqual(['Fault inverse', 'Fault label']);
  expect(labels.find((t) => t.label === 'Fault label')!.maxToObjectIds).toBe(2);
  expect(state.associationTypes['27']!.maxToObjectIds).toBe(7);
  // event properties are a list in the emulator: a second copy would show here
  expect(eventProperties(state, 'order_shipped')).toEqual(range('e', 10));
}

let fx: ApplyFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

/**
 * The injected 429s and 503s ask for `Retry-After: 1`: the client waits them out on a virtual clock, which
 * skips ahead instead of waiting (the emulator's faults do not depend on time).
 */
let clock: VirtualClock;

async function start(options: EmulatorOptions): Promise<ApplyFixture> {
  clock = new VirtualClock();
  fx = await applyFixture(options, { clock });
  await createEventDefinition(fx.emulator, 'order_shipped');
  return fx;
}

describe('apply under injected faults', () => {
  it.each([1, 2, 3, 4])(
    'seed %i: ends exactly as declared, with no duplicate (every fault kind, 30 percent)',
    async (seed) => {
      const f = await start({ faultRate: 0.3, seed });
      const reports: ApplyReport[] = [];
      for (let run = 0; run < 4; run++) {
        const plan = await planOf(f, MANIFESTS);
        if (plan.changes.length === 0) break;
        reports.push(await applyPlan(plan, f.client));
      }
      // faults only ever leave a change uncertain, never a conflict or a refused duplicate
      const failures = reports.flatMap((r) => r.outcomes.filter((o) => o.status === 'failed'));
      expect(
        failures.filter((o) => !['OUTCOME_UNKNOWN', 'SERVER', 'NETWORK'].includes(o.error!.code)),
      ).toEqual([]);
      expect((await planOf(f, MANIFESTS)).changes).toEqual([]);
      expectExactlyDeclared(f.emulator.state);
      // nothing reported as applied twice: every change of the first plan is accounted for once
      expect(reports[0]!.summary.total).toBe(1 + 1 + 40 + 30 + 1 + 2 + 10);
      // the injected faults' Retry-After was waited out, on the virtual clock
      expect(clock.skippedMs).toBeGreaterThanOrEqual(1000);
    },
  );

  it('reconciles writes whose connection dropped after processing: applied, never sent twice', async () => {
    const f = await start({ faultRate: 0.4, seed: 7, faultKinds: ['drop-after'] });
    const plan = await planOf(f, MANIFESTS);
    f.calls.length = 0;
    const report = await applyPlan(plan, f.client);
    expect(report.summary).toMatchObject({ failed: 0, skipped: 0 });
    expect(report.summary.applied + report.summary.alreadyDone).toBe(plan.changes.length);
    const reconciled = report.outcomes.filter((o) => o.reconciled === true);
    expect(reconciled.length).toBeGreaterThan(0);
    expect(report.outcomes.filter((o) => o.resent !== undefined)).toEqual([]);
    // every write went out once: the same calls as the dry run, in number
    expect(writeCalls(f.calls)).toHaveLength(dryRun(plan).requests.length);
    expect(report.readBacks).toBeGreaterThan(0);
    expectExactlyDeclared(f.emulator.state);
    expect((await planOf(f, MANIFESTS)).changes).toEqual([]);
  });

  it('sends a create again only after a read-back showed it absent (500 answered before processing)', async () => {
    const f = await start({ faultRate: 0.3, seed: 3, faultKinds: ['500'] });
    const plan = await planOf(f, MANIFESTS);
    const report = await applyPlan(plan, f.client);
    expect(report.summary.failed).toBe(0);
    const resent = report.outcomes.filter((o) => o.resent !== undefined);
    expect(resent.length).toBeGreaterThan(0);
    expect(resent.every((o) => o.status === 'applied')).toBe(true);
    expectExactlyDeclared(f.emulator.state);
  });
});
