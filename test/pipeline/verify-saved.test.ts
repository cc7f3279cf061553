/**
 * A saved plan verified against the plan made afresh (same manifests, the live account now) over real
 * HTTP: an unchanged plan runs as saved; every kind of tampering is refused, naming the difference; a run
 * that stopped part-way finishes with the same plan and writes nothing twice.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dryRun } from '../../src/engine/apply/dry-run.js';
import { applyPlan } from '../../src/engine/apply/executor.js';
import { verifySavedPlan, type VerifiedPlan } from '../../src/engine/pipeline/verify-saved.js';
import { computePlan } from '../../src/engine/pipeline/compute-plan.js';
import { toPlanPolicy } from '../../src/engine/live/managed-scope.js';
import type { PlanDocument, PlannedChange } from '../../src/engine/plan/plan-document.js';
import {
  ALLOW_ALL,
  applyFixture,
  createEventDefinition,
  customProperties,
  planOf,
  project,
  userLabels,
  writeCalls,
  type ApplyFixture,
} from '../apply/helpers.js';
import { V1, V2 } from '../apply/scenario.js';

let fx: ApplyFixture;
let saved: PlanDocument;
beforeEach(async () => {
  fx = await applyFixture();
  await createEventDefinition(fx.emulator, 'order_shipped');
  await applyPlan(await planOf(fx, V1), fx.client);
  saved = await planOf(fx, V2);
});
afterEach(async () => {
  await fx.close();
});

async function verify(plan: Pick<PlanDocument, 'changes'>): Promise<VerifiedPlan> {
  const p = await project(fx.dir, V2);
  const fresh = await computePlan(fx.client, p.desired, {
    policy: toPlanPolicy(p.config.policy),
    dataCheck: false,
    ...ALLOW_ALL,
  });
  return verifySavedPlan(fx.client, plan, fresh.plan, fresh.live);
}

function edited(id: string, edit: (change: PlannedChange) => PlannedChange): Pick<PlanDocument, 'changes'> {
  expect(
    saved.changes.some((c) => c.id === id),
    id,
  ).toBe(true);
  return { changes: saved.changes.map((c) => (c.id === id ? edit(structuredClone(c)) : c)) };
}

describe('a saved plan, verified', () => {
  it('runs as saved when the fresh plan is the same, with no read beyond the plan', async () => {
    fx.calls.length = 0;
    const verified = await verify(saved);
    expect(verified.changes.map((c) => c.id)).toEqual(saved.changes.map((c) => c.id));
    expect([verified.alreadyDone.size, verified.calls]).toEqual([0, 0]);
  });

  it.each([
    [
      'severity lowered',
      () => edited('property.archive tickets.old1', (c) => ({ ...c, severity: 'safe' })),
      'property.archive tickets.old1: severity: the plan says safe, now destructive',
    ],
    [
      'policy decision edited',
      () =>
        edited('property.archive tickets.old1', (c) => ({
          ...c,
          policy: { decision: 'refuse', rule: 'destructive', reason: 'x' },
        })),
      'property.archive tickets.old1: policy decision: the plan says refuse, now apply',
    ],
    [
      'the rule of a decision edited',
      () =>
        edited('property.archive tickets.old1', (c) => ({
          ...c,
          policy: { decision: 'apply', rule: 'allowed-by-policy', reason: 'x' },
        })),
      'property.archive tickets.old1: policy rule: the plan says allowed-by-policy, now allowed-by-flag',
    ],
    [
      'a dependency made up',
      () => edited('property.update tickets.upd', (c) => ({ ...c, dependsOn: ['nope'] })),
      'property.update tickets.upd: dependsOn: the plan says nope, now (none) (the plan adds nope)',
    ],
    [
      'a dependency added',
      () =>
        edited('property.create tickets.a_calc', (c) => ({
          ...c,
          dependsOn: [...c.dependsOn, 'property.update tickets.upd'],
        })),
      'property.create tickets.a_calc: dependsOn: the plan says property.create tickets.z_base, property.update tickets.upd, now property.create tickets.z_base (the plan adds property.update tickets.upd)',
    ],
    [
      'a dependency removed',
      () => edited('property.create tickets.a_calc', (c) => ({ ...c, dependsOn: [] })),
      'property.create tickets.a_calc: dependsOn: the plan says (none), now property.create tickets.z_base (the plan leaves out property.create tickets.z_base)',
    ],
    [
      'a dependency changed',
      () =>
        edited('property.create tickets.a_calc', (c) => ({
          ...c,
          dependsOn: ['property.update tickets.upd'],
        })),
      'property.create tickets.a_calc: dependsOn: the plan says property.update tickets.upd, now property.create tickets.z_base (the plan adds property.update tickets.upd; the plan leaves out property.create tickets.z_base)',
    ],
    [
      'meta edited',
      () =>
        edited('property.update tickets.upd', (c) => {
          if (c.type === 'property.update')
            (c.meta as { fields: { new: unknown }[] }).fields[0]!.new = 'Hacked';
          return c;
        }),
      'property.update tickets.upd: meta: label: the plan sets "Hacked", the manifests now "After"',
    ],
    [
      'a request edited',
      () =>
        edited('property.update tickets.upd', (c) => ({
          ...c,
          requests: [{ ...c.requests[0]!, path: '/crm/v3/properties/tickets/hs_object_id' }],
        })),
      'property.update tickets.upd: requests: they are not what the change sends now',
    ],
    [
      'a change added from another plan',
      () => {
        const extra = structuredClone(saved.changes.find((c) => c.id === 'property.create tickets.z_base')!);
        if (extra.type === 'property.create')
          (extra.meta as { property: { name: string } }).property.name = 'intruder';
        return {
          changes: [
            ...saved.changes,
            { ...extra, id: 'property.create tickets.intruder', address: 'tickets.intruder' },
          ],
        };
      },
      'property.create tickets.intruder: the plan holds it, but the manifests and the account no longer call for it',
    ],
    [
      'a change held twice',
      () => ({
        changes: [...saved.changes, saved.changes.find((c) => c.id === 'property.update tickets.upd')!],
      }),
      'property.update tickets.upd: the plan holds this change more than once',
    ],
    [
      'a change left out',
      () => ({ changes: saved.changes.filter((c) => c.id !== 'property.create tickets.z_base') }),
      'property.create tickets.z_base: the manifests and the account call for it now',
    ],
    [
      'changes reordered across a dependency',
      () => {
        const changes = [...saved.changes];
        const a = changes.findIndex((c) => c.id === 'property.create tickets.a_calc');
        const z = changes.findIndex((c) => c.id === 'property.create tickets.z_base');
        expect(changes[a]!.dependsOn).toContain('property.create tickets.z_base');
        [changes[a], changes[z]] = [changes[z]!, changes[a]!];
        return { changes };
      },
      'property.create tickets.a_calc: it comes before property.create tickets.z_base, which it depends on',
    ],
  ])('refuses a plan with %s, naming the difference, before any write', async (_what, tamper, expected) => {
    fx.calls.length = 0;
    await expect(verify(tamper())).rejects.toMatchObject({
      code: 'PLAN_MISMATCH',
      message: expect.stringContaining(expected),
    });
    expect(writeCalls(fx.calls)).toEqual([]);
  });

  it.each([4, 9, 12, 15, 19])(
    'after a run stopped after %i changes, the same plan finishes the job with no write twice',
    async (done) => {
      const first = await applyPlan({ changes: saved.changes.slice(0, done) }, fx.client);
      expect(first.summary.failed).toBe(0);

      const verified = await verify(saved);
      expect([...verified.alreadyDone.keys()]).toEqual(saved.changes.slice(0, done).map((c) => c.id));
      fx.calls.length = 0;
      const options = { alreadyDone: verified.alreadyDone, typeIds: verified.typeIds };
      const expected = dryRun(verified, options).requests.map((r) => `${r.method} ${r.path}`);
      const second = await applyPlan(verified, fx.client, options);
      expect(second.summary).toMatchObject({
        alreadyDone: done,
        applied: saved.changes.length - done,
        failed: 0,
      });
      expect(writeCalls(fx.calls)).toEqual(expected);
      expect((await planOf(fx, V2)).changes).toEqual([]);
      expect(userLabels(fx.emulator.state)).toContain('0-5->0-123:Primary order');
    },
  );

  it('keeps its own evaluation of a limit on a label it created only while the policy still lets it through', async () => {
    const limit = saved.changes.find((c) => c.id === 'limit.set tickets->orders:Primary order')!;
    expect([limit.severity, limit.policy.decision, limit.dependsOn]).toEqual([
      'safe',
      'apply',
      ['label.create tickets->orders:Primary order'],
    ]);
    // the label exists (a run before this one, or someone else, created it): the limit is uncounted now
    const creator = saved.changes.filter((c) => c.id === limit.dependsOn[0]);
    await applyPlan({ changes: creator }, fx.client);
    const p = await project(fx.dir, V2);
    const policy = toPlanPolicy(p.config.policy);
    const fresh = (dangerous: 'allow' | 'deny') =>
      computePlan(fx.client, p.desired, {
        policy,
        dataCheck: false,
        gate: { destructive: 'deny', dangerous, allow: [], source: 'the project' },
        allowances: { destructive: true, dangerous: dangerous === 'allow' },
      });
    const allowed = await fresh('allow');
    const verified = await verifySavedPlan(fx.client, saved, allowed.plan, allowed.live);
    expect(verified.changes.find((c) => c.id === limit.id)?.severity).toBe('safe');

    const denied = await fresh('deny');
    expect(denied.plan.changes.find((c) => c.id === limit.id)?.policy.decision).toBe('refuse');
    fx.calls.length = 0;
    await expect(verifySavedPlan(fx.client, saved, denied.plan, denied.live)).rejects.toMatchObject({
      code: 'PLAN_MISMATCH',
      message: expect.stringContaining(
        `${limit.id}: severity: the plan says safe (apply), now dangerous (refuse`,
      ),
    });
    expect(writeCalls(fx.calls)).toEqual([]);
  });

  it('continues a replace whose archive ran (and whose create did not) with its create', async () => {
    const replace = saved.changes.find((c) => c.type === 'property.replace')!;
    expect(replace.address).toBe('tickets.uniq');
    await fx.client.properties.archive('tickets', 'uniq');
    const verified = await verify(saved);
    const continued = verified.changes.find((c) => c.id === replace.id)!;
    expect(continued.requests.map((r) => r.method)).toEqual(['POST']);
    const report = await applyPlan(verified, fx.client, verified);
    expect(report.outcomes.find((o) => o.id === replace.id)!.status).toBe('applied');
    expect(customProperties(fx.emulator.state, 'tickets')).toContain('uniq');
    expect((await planOf(fx, V2)).changes).toEqual([]);
  });

  it('refuses a plan the account moved away from, naming what moved', async () => {
    await fx.client.properties.update('tickets', 'upd', { label: 'Someone else' });
    await expect(verify(saved)).rejects.toMatchObject({
      code: 'PLAN_MISMATCH',
      message: expect.stringContaining(
        'property.update tickets.upd: meta: label: the account held "Before" when planned, "Someone else" now',
      ),
    });
  });
});
