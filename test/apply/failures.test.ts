/** A failed change does not hide the others; what depends on it is skipped; 409s are compared, not repeated. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyPlan } from '../../src/engine/apply/executor.js';
import type { EmulatorState } from '../../src/emulator/state/model.js';
import {
  applyFixture,
  createEventDefinition,
  customProperties,
  planOf,
  writeCalls,
  type ApplyFixture,
} from './helpers.js';

let fx: ApplyFixture;
beforeEach(async () => {
  fx = await applyFixture();
});
afterEach(async () => {
  await fx.close();
});

const GROUPS = `kind: Properties
objectType: tickets
groups:
  - { name: support, label: Support }
  - { name: doomed, label: Doomed }
`;

function tickets(state: EmulatorState) {
  return Object.values(state.objectTypes).find((t) => t.name === 'tickets')!;
}

describe('a failed change', () => {
  it('fails alone: the rest of its batch, its phase and later phases go on; its dependants are skipped', async () => {
    await createEventDefinition(fx.emulator, 'order_shipped');
    await applyPlan(await planOf(fx, { 'tickets.yaml': GROUPS }), fx.client);
    const plan = await planOf(fx, {
      'tickets.yaml': `${GROUPS}properties:
  - { name: p1, label: P1, type: number, fieldType: number, groupName: support }
  - { name: px, label: PX, type: number, fieldType: number, groupName: doomed }
  - { name: p2, label: P2, type: number, fieldType: number, groupName: support }
  - { name: calc, label: Calc, type: number, fieldType: calculation_equation, groupName: support, calculationFormula: px + 1 }
`,
      'events.yaml': `kind: EventProperties
eventName: order_shipped
properties:
  - { name: carrier, label: Carrier, type: string }
`,
    });
    // the group goes away between plan and apply: px's create fails validation live
    tickets(fx.emulator.state).groups.doomed!.archived = true;

    const report = await applyPlan(plan, fx.client);
    const byAddress = new Map(report.outcomes.map((o) => [o.address, o]));
    expect(report.ok).toBe(false);
    expect(byAddress.get('tickets.px')).toMatchObject({
      status: 'failed',
      error: { code: 'VALIDATION', category: 'VALIDATION_ERROR' },
    });
    expect(byAddress.get('tickets.px')!.error!.message).toContain(
      "The property group 'doomed' of tickets is archived",
    );
    expect(byAddress.get('tickets.calc')).toMatchObject({
      status: 'skipped',
      skipCause: 'dependency',
      reason: 'not sent: it depends on property.create tickets.px, which failed',
    });
    expect(byAddress.get('tickets.p1')!.status).toBe('applied');
    expect(byAddress.get('tickets.p2')!.status).toBe('applied');
    expect(byAddress.get('event:order_shipped.carrier')!.status).toBe('applied');
    expect(report.summary).toMatchObject({ applied: 3, failed: 1, skipped: 1 });
    expect(customProperties(fx.emulator.state, 'tickets')).toEqual(['p1', 'p2']);
  });

  it('on a 409, compares with the live resource: equal is already done, different is a conflict', async () => {
    await applyPlan(await planOf(fx, { 'tickets.yaml': GROUPS }), fx.client);
    const plan = await planOf(fx, {
      'tickets.yaml': `${GROUPS}properties:
  - { name: same, label: Same, type: string, fieldType: text, groupName: support }
  - { name: other, label: Other, type: string, fieldType: text, groupName: support }
  - { name: fresh, label: Fresh, type: string, fieldType: text, groupName: support }
`,
    });
    // someone creates two of them between plan and apply: one exactly as planned, one differently
    await fx.client.properties.create('tickets', {
      name: 'same',
      label: 'Same',
      type: 'string',
      fieldType: 'text',
      groupName: 'support',
    });
    await fx.client.properties.create('tickets', {
      name: 'other',
      label: 'Not the same',
      type: 'string',
      fieldType: 'text',
      groupName: 'support',
    });
    fx.calls.length = 0;
    const report = await applyPlan(plan, fx.client);
    const byAddress = new Map(report.outcomes.map((o) => [o.address, o]));
    expect(byAddress.get('tickets.same')).toMatchObject({ status: 'already-done' });
    expect(byAddress.get('tickets.other')).toMatchObject({
      status: 'failed',
      error: { code: 'CONFLICT', category: 'OBJECT_ALREADY_EXISTS' },
      differences: [{ field: 'label', expected: 'Other', actual: 'Not the same' }],
    });
    expect(byAddress.get('tickets.other')!.reason).toMatch(
      /^conflict: it exists already and differs from the plan in label/,
    );
    expect(byAddress.get('tickets.fresh')!.status).toBe('applied');
    // one batch create, one batch read to compare; nothing sent twice
    expect(writeCalls(fx.calls)).toEqual(['POST /crm/v3/properties/tickets/batch/create']);
    expect(report.readBacks).toBe(1);
    expect(tickets(fx.emulator.state).properties.other!.label).toBe('Not the same');
  });
});
