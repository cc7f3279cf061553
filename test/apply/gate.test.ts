/**
 * Policy decisions as apply follows them: each change carries the target policy's decision; refused ones
 * (and the changes that depend on them) are skipped, never sent (what `--skip-refused` does), safe ones
 * still applied.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyPlan } from '../../src/engine/apply/executor.js';
import { dryRun } from '../../src/engine/apply/dry-run.js';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import type { Allowances } from '../../src/engine/plan/policy-decision.js';
import { applyFixture, customProperties, planOf, type ApplyFixture } from './helpers.js';
import type { GatePolicy } from '../../src/engine/model/policy.js';

let fx: ApplyFixture;
beforeEach(async () => {
  fx = await applyFixture();
});
afterEach(async () => {
  await fx.close();
});

const BEFORE = `kind: Properties
objectType: tickets
groups:
  - { name: support, label: Support }
  - { name: legacy, label: Legacy }
properties:
  - { name: keep, label: Keep, type: string, fieldType: text, groupName: support }
  - { name: old_a, label: Old A, type: string, fieldType: text, groupName: legacy }
  - { name: old_b, label: Old B, type: string, fieldType: text, groupName: support }
`;

const AFTER = `kind: Properties
objectType: tickets
groups:
  - { name: support, label: Support }
  - { name: legacy, archived: true }
properties:
  - { name: keep, label: Keep, type: string, fieldType: text, groupName: support }
  - { name: added, label: Added, type: string, fieldType: text, groupName: support }
  - { name: old_a, archived: true }
  - { name: old_b, archived: true }
`;

const PRODUCTION: GatePolicy = {
  destructive: 'deny',
  dangerous: 'allow',
  allow: [],
  source: 'environment production',
};

async function destructivePlan(
  gate: GatePolicy = PRODUCTION,
  allowances?: Allowances,
): Promise<PlanDocument> {
  await applyPlan(await planOf(fx, { 'tickets.yaml': BEFORE }), fx.client);
  return planOf(fx, { 'tickets.yaml': AFTER }, { gate, ...(allowances === undefined ? {} : { allowances }) });
}

function statuses(report: Awaited<ReturnType<typeof applyPlan>>): Record<string, string> {
  return Object.fromEntries(report.outcomes.map((o) => [o.id, o.skipCause ?? o.status]));
}

describe('policy decisions in apply', () => {
  it('the plan carries the decision of every change; refused ones (and their dependants) are skipped', async () => {
    const plan = await destructivePlan();
    expect(plan.changes.map((c) => [c.id, c.policy.decision, c.policy.rule])).toEqual([
      ['property.create tickets.added', 'apply', 'safe'],
      ['property.archive tickets.old_a', 'refuse', 'destructive'],
      ['property.archive tickets.old_b', 'refuse', 'destructive'],
      ['group.archive tickets.group:legacy', 'refuse', 'destructive'],
    ]);
    expect(plan.summary.refused).toBe(3);
    expect(plan.changes[1]!.policy).toEqual({
      decision: 'refuse',
      rule: 'destructive',
      reason: 'destructive: deny of environment production, and tickets.old_a is not in its allow: list',
      allow:
        'add tickets.old_a to allow: of environment production, set destructive: allow there, or plan and apply with --allow-destructive',
    });
    // what apply does with --skip-refused: the refused ones skipped, the safe one applied, ok
    const report = await applyPlan(plan, fx.client);
    expect(statuses(report)).toEqual({
      'property.create tickets.added': 'applied',
      'property.archive tickets.old_a': 'policy',
      'property.archive tickets.old_b': 'policy',
      'group.archive tickets.group:legacy': 'policy',
    });
    expect(report.ok).toBe(true);
    expect(report.summary).toMatchObject({ applied: 1, skipped: 3, refused: 3, failed: 0 });
    expect(report.outcomes[1]!.reason).toBe(
      `refused by policy: ${plan.changes[1]!.policy.reason}; to allow it: ${plan.changes[1]!.policy.allow!}`,
    );
    expect(customProperties(fx.emulator.state, 'tickets')).toEqual(['added', 'keep', 'old_a', 'old_b']);
  });

  it('applies what the allow list names; a change depending on a refused one is refused with it', async () => {
    const plan = await destructivePlan({ ...PRODUCTION, allow: ['tickets.old_b', 'tickets.group:legacy'] });
    expect(plan.changes.map((c) => [c.id, c.policy.decision, c.policy.rule])).toEqual([
      ['property.create tickets.added', 'apply', 'safe'],
      ['property.archive tickets.old_a', 'refuse', 'destructive'],
      ['property.archive tickets.old_b', 'apply', 'allowed-by-name'],
      // allowed by name, but it waits for old_a's archive, which is refused
      ['group.archive tickets.group:legacy', 'refuse', 'dependency'],
    ]);
    const report = await applyPlan(plan, fx.client);
    expect(statuses(report)).toEqual({
      'property.create tickets.added': 'applied',
      'property.archive tickets.old_a': 'policy',
      'property.archive tickets.old_b': 'applied',
      'group.archive tickets.group:legacy': 'policy',
    });
    expect(report.outcomes.at(-1)!.reason).toContain(
      'it depends on property.archive tickets.old_a, which the policy refuses',
    );
    expect(customProperties(fx.emulator.state, 'tickets')).toEqual(['added', 'keep', 'old_a']);
  });

  it.each([
    ['--allow-destructive', PRODUCTION, { destructive: true, dangerous: false }],
    ['policy destructive: allow', { ...PRODUCTION, destructive: 'allow' as const }, undefined],
  ])('applies everything with %s', async (_name, gate, allowances) => {
    const plan = await destructivePlan(gate, allowances);
    expect(plan.summary.refused).toBe(0);
    const report = await applyPlan(plan, fx.client);
    expect(report.summary).toMatchObject({ applied: 4, skipped: 0, failed: 0 });
    expect(customProperties(fx.emulator.state, 'tickets')).toEqual(['added', 'keep']);
    expect((await planOf(fx, { 'tickets.yaml': AFTER })).changes).toEqual([]);
  });

  it('dry-run leaves the refused changes out of the requests and lists them', async () => {
    const plan = await destructivePlan();
    const dry = dryRun(plan);
    expect(dry.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /crm/v3/properties/tickets']);
    expect(dry.notSent.map((o) => [o.id, o.skipCause])).toEqual([
      ['property.archive tickets.old_a', 'policy'],
      ['property.archive tickets.old_b', 'policy'],
      ['group.archive tickets.group:legacy', 'policy'],
    ]);
    const all = dryRun(await planOf(fx, { 'tickets.yaml': AFTER }));
    expect(all.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /crm/v3/properties/tickets',
      'POST /crm/v3/properties/tickets/batch/archive',
      'DELETE /crm/v3/properties/tickets/groups/legacy',
    ]);
  });
});
