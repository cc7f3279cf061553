/** The destructive gate: refused changes are skipped (with their dependants), safe ones still applied. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyPlan, dryRun } from '../../src/apply/index.js';
import type { PlanDocument } from '../../src/plan/plan-document.js';
import { applyFixture, customProperties, planOf, type ApplyFixture } from './helpers.js';

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

async function destructivePlan(): Promise<PlanDocument> {
  await applyPlan(await planOf(fx, { 'tickets.yaml': BEFORE }), fx.client);
  return planOf(fx, { 'tickets.yaml': AFTER });
}

function statuses(report: Awaited<ReturnType<typeof applyPlan>>): Record<string, string> {
  return Object.fromEntries(report.outcomes.map((o) => [o.id, o.skipCause ?? o.status]));
}

describe('the destructive gate', () => {
  it('refuses destructive changes by default: skipped with their dependants, the safe ones applied, ok', async () => {
    const plan = await destructivePlan();
    const report = await applyPlan(plan, fx.client);
    expect(statuses(report)).toEqual({
      'property.create tickets.added': 'applied',
      'property.archive tickets.old_a': 'destructive',
      'property.archive tickets.old_b': 'destructive',
      'group.archive tickets.group:legacy': 'destructive',
    });
    expect(report.ok).toBe(true);
    expect(report.summary).toMatchObject({ applied: 1, skipped: 3, refusedDestructive: 3, failed: 0 });
    const refused = report.outcomes.find((o) => o.address === 'tickets.old_a')!;
    expect(refused.reason).toBe(
      'destructive change refused (archives the property: its values are no longer readable on records). ' +
        "To apply it, give --allow-destructive, or allow it in the environment's policy (destructive: allow, or allow: [tickets.old_a])",
    );
    expect(customProperties(fx.emulator.state, 'tickets')).toEqual(['added', 'keep', 'old_a', 'old_b']);
  });

  it('applies what the policy allow list names; a change depending on a refused one is skipped', async () => {
    const plan = await destructivePlan();
    const report = await applyPlan(plan, fx.client, {
      policy: { destructive: 'deny', allow: ['tickets.old_b', 'tickets.group:legacy'] },
    });
    // the group archive is allowed, but waits for old_a's archive, which is refused
    expect(statuses(report)).toEqual({
      'property.create tickets.added': 'applied',
      'property.archive tickets.old_a': 'destructive',
      'property.archive tickets.old_b': 'applied',
      'group.archive tickets.group:legacy': 'dependency',
    });
    expect(report.outcomes.at(-1)!.reason).toBe(
      'not sent: it depends on property.archive tickets.old_a, which was skipped',
    );
    expect(customProperties(fx.emulator.state, 'tickets')).toEqual(['added', 'keep', 'old_a']);
  });

  it.each([
    ['--allow-destructive', { allowDestructive: true }],
    ['policy destructive: allow', { policy: { destructive: 'allow' as const, allow: [] } }],
  ])('applies everything with %s', async (_name, options) => {
    const plan = await destructivePlan();
    const report = await applyPlan(plan, fx.client, options);
    expect(report.summary).toMatchObject({ applied: 4, skipped: 0, failed: 0 });
    expect(customProperties(fx.emulator.state, 'tickets')).toEqual(['added', 'keep']);
    expect((await planOf(fx, { 'tickets.yaml': AFTER })).changes).toEqual([]);
  });

  it('dry-run leaves the refused changes out of the requests and lists them', async () => {
    const plan = await destructivePlan();
    const dry = dryRun(plan);
    expect(dry.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /crm/v3/properties/tickets']);
    expect(dry.notSent.map((o) => [o.id, o.skipCause])).toEqual([
      ['property.archive tickets.old_a', 'destructive'],
      ['property.archive tickets.old_b', 'destructive'],
      ['group.archive tickets.group:legacy', 'destructive'],
    ]);
    const all = dryRun(plan, { allowDestructive: true });
    expect(all.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /crm/v3/properties/tickets',
      'POST /crm/v3/properties/tickets/batch/archive',
      'DELETE /crm/v3/properties/tickets/groups/legacy',
    ]);
  });
});
