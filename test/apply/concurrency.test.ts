/** Two applies of the same plan at once: the account ends as declared, nothing twice, and they say what they found done. */
import { afterEach, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { applyPlan } from '../../src/engine/apply/executor.js';
import {
  applyFixture,
  createEventDefinition,
  customProperties,
  eventProperties,
  planOf,
  userLabels,
  type ApplyFixture,
} from './helpers.js';
import { manyProperties } from './scenario.js';

let fx: ApplyFixture | undefined;
afterEach(async () => {
  await fx?.close();
});

const MANIFESTS = {
  'tickets.yaml': manyProperties('tickets', 'c', 150, 'conc'),
  'associations.yaml': `kind: Associations
from: tickets
to: orders
types:
  - { label: Both runs, maxToObjectIds: 4 }
`,
  'events.yaml': `kind: EventProperties
eventName: order_shipped
properties:
${Array.from({ length: 8 }, (_, i) => `  - { name: ev_${i}, label: Ev ${i}, type: string }`).join('\n')}
`,
};

it('two applies of one plan at once end as declared, with no duplicate', async () => {
  fx = await applyFixture({ latencyMs: 15 });
  await createEventDefinition(fx.emulator, 'order_shipped');
  const plan = await planOf(fx, MANIFESTS);
  const other = createClient({
    baseUrl: fx.emulator.url,
    token: fx.emulator.token,
    rateLimit: { requests: 10_000, intervalMs: 1000, adaptive: false },
  });
  try {
    const [a, b] = await Promise.all([
      applyPlan(plan, fx.client, { parallelism: 3 }),
      applyPlan(plan, other, { parallelism: 5 }),
    ]);
    for (const report of [a, b]) {
      expect(report.summary.failed).toBe(0);
      expect(report.summary.applied + report.summary.alreadyDone).toBe(plan.changes.length);
    }
    // every change was applied by exactly one of them; the other found it done
    for (const [i, change] of plan.changes.entries()) {
      const statuses = [a.outcomes[i]!.status, b.outcomes[i]!.status].sort();
      expect([change.id, statuses]).toEqual([change.id, ['already-done', 'applied']]);
    }
    expect(a.summary.alreadyDone + b.summary.alreadyDone).toBe(plan.changes.length);
  } finally {
    await other.close();
  }
  const state = fx.emulator.state;
  expect(customProperties(state, 'tickets')).toHaveLength(150);
  expect(userLabels(state)).toEqual(['0-123->0-5:Both runs', '0-5->0-123:Both runs']);
  expect(eventProperties(state, 'order_shipped')).toHaveLength(8);
  expect((await planOf(fx, MANIFESTS)).changes).toEqual([]);
});
