/**
 * `applyPlan`: runs a plan's changes against the account and returns what it did. Prints nothing;
 * progress goes to `options.onEvent`.
 *
 * - Phases run one after another, in the plan's order. Inside a phase, the units `toWireRequests` gives
 *   (batch calls of up to 100 where the API has a batch endpoint, single calls otherwise) run in
 *   parallel, up to `parallelism` at once, within the client's rate limit; a unit waits for the units
 *   holding the changes it depends on.
 * - A failed change does not stop the others: the rest of its phase and the later phases go on; a change
 *   that depends (directly or not) on a failed or skipped one is skipped.
 * - Changes the policy refuses are skipped (see gate.ts); changes the verification of a saved plan found done
 *   are reported as already done and not sent.
 * - Writes that did not come back clean are reconciled by reading back (reconcile.ts), never sent again
 *   blindly.
 */
import type { CrmClient } from '../../api/client.js';
import type { PlanDocument, PlannedChange } from '../plan/plan-document.js';
import type { Phase } from '../plan/phases.js';
import { dependencySkip, plannedSkips, type Skip } from './gate.js';
import { contested, reconcile, type Uncertain } from './reconcile.js';
import { outcomeError, sendUnit, type Attempt } from './send.js';
import {
  DEFAULT_MAX_RESENDS,
  DEFAULT_PARALLELISM,
  type ApplyEvent,
  type ApplyOptions,
  type ApplyReport,
  type ChangeOutcome,
  type OutcomeStatus,
} from './types.js';
import { at, must } from '../../core/must.js';
import { unitsOf, type Unit } from './units.js';
import { outcomeOf, summarizeOutcomes } from './outcomes.js';
import { learnTypeIds } from './type-ids.js';
import { isMigrationError, MigrationContested, runMigration } from './migrate.js';
import { stopReason } from './stop-reason.js';
import { readBack } from './read-back.js';
import { changeOf } from '../plan/plan-document.js';
import { endStateOf, migrationOf } from '../plan/kinds/registry.js';
import { defined } from '../../core/defined.js';

interface Run {
  client: CrmClient;
  signal: AbortSignal | undefined;
  onTypeIds: ApplyOptions['onTypeIds'];
  parallelism: number;
  maxResends: number;
  typeIds: Map<string, number>;
  outcomes: Map<string, ChangeOutcome>;
  emit: (event: ApplyEvent) => void;
  onRecordWrites: ApplyOptions['onRecordWrites'];
  recordValues: NonNullable<ApplyOptions['recordValues']>;
  writes: number;
  readBacks: number;
}

export async function applyPlan(
  plan: Pick<PlanDocument, 'changes'>,
  client: CrmClient,
  options: ApplyOptions = {},
): Promise<ApplyReport> {
  const started = Date.now();
  const emit = (event: ApplyEvent): void => {
    try {
      options.onEvent?.(event);
    } catch {
      // a progress display that fails must not stop (or half-finish) the writes
    }
  };
  const run: Run = {
    client,
    signal: options.signal,
    onTypeIds: options.onTypeIds,
    parallelism: Math.max(1, Math.floor(options.parallelism ?? DEFAULT_PARALLELISM)),
    maxResends: options.maxResends ?? DEFAULT_MAX_RESENDS,
    typeIds: new Map(options.typeIds ?? []),
    outcomes: new Map(),
    emit,
    onRecordWrites: options.onRecordWrites,
    recordValues: options.recordValues ?? 'hide',
    writes: 0,
    readBacks: 0,
  };
  const alreadyDone = options.alreadyDone ?? new Map<string, string>();
  const skips = plannedSkips(plan.changes, alreadyDone);
  const phases = phasesOf(plan.changes);
  options.onTypeIds?.(run.typeIds);
  emit({
    kind: 'start',
    total: plan.changes.length,
    phases: phases.map(([phase, changes]) => ({ phase, total: changes.length })),
  });

  for (const [index, [phase, changes]] of phases.entries()) {
    emit({ kind: 'phase-start', phase, index, count: phases.length, total: changes.length });
    const runnable: PlannedChange[] = [];
    for (const change of changes) {
      const done = alreadyDone.get(change.id);
      const skip = skips.get(change.id);
      if (done !== undefined) finish(run, outcomeOf(change, 'already-done', { reason: done }));
      else if (skip !== undefined) finish(run, skipped(change, skip));
      else if (run.signal?.aborted === true) finish(run, skipped(change, interruptedSkip(run.signal)));
      else {
        const blocked = blockedBy(run, change);
        if (blocked !== undefined) finish(run, skipped(change, blocked));
        else runnable.push(change);
      }
    }
    const migrations = runnable.filter((change) => migrationOf(changeOf(change)) !== undefined);
    await runPhase(run, unitsOf(runnable.filter((change) => !migrations.includes(change))));
    // data work, one change at a time: each already keeps the rate limit busy with its pages and batches
    for (const change of migrations) {
      if (run.signal?.aborted === true) finish(run, skipped(change, interruptedSkip(run.signal)));
      else await migrate(run, change);
    }
    emit({ kind: 'phase-end', phase, counts: countPhase(run, changes) });
  }

  const outcomes = plan.changes.map((change) => must(run.outcomes.get(change.id), 'the outcome of a change'));
  const summary = summarizeOutcomes(outcomes);
  const report: ApplyReport = {
    ok: summary.failed === 0,
    outcomes,
    summary,
    writes: run.writes,
    readBacks: run.readBacks,
    durationMs: Date.now() - started,
  };
  options.onTypeIds?.(run.typeIds);
  emit({ kind: 'end', report });
  return report;
}

/** Consecutive changes of one phase, in plan order. */
function phasesOf(changes: readonly PlannedChange[]): [Phase, PlannedChange[]][] {
  const out: [Phase, PlannedChange[]][] = [];
  for (const change of changes) {
    const last = out[out.length - 1];
    if (last !== undefined && last[0] === change.phase) last[1].push(change);
    else out.push([change.phase, [change]]);
  }
  return out;
}

function finish(run: Run, outcome: ChangeOutcome): void {
  run.outcomes.set(outcome.id, outcome);
  run.emit({ kind: 'outcome', outcome });
  run.onTypeIds?.(run.typeIds);
}

/** A change the run did not start: it was stopped before it. */
function interruptedSkip(signal: AbortSignal): Skip {
  return { cause: 'interrupted', reason: `not sent: the run was stopped before it (${stopReason(signal)})` };
}

function skipped(change: PlannedChange, skip: Skip): ChangeOutcome {
  return outcomeOf(change, 'skipped', { reason: skip.reason, skipCause: skip.cause });
}

/** A dependency that failed or was skipped, as a skip; undefined when every finished dependency went well. */
function blockedBy(run: Run, change: PlannedChange): Skip | undefined {
  for (const dep of change.dependsOn) {
    const status = run.outcomes.get(dep)?.status;
    if (status === 'failed' || status === 'skipped') return dependencySkip(dep, status);
  }
  return undefined;
}

function countPhase(run: Run, changes: readonly PlannedChange[]): Record<OutcomeStatus, number> {
  const counts: Record<OutcomeStatus, number> = { applied: 0, 'already-done': 0, failed: 0, skipped: 0 };
  for (const change of changes) {
    const status = run.outcomes.get(change.id)?.status;
    if (status !== undefined) counts[status] += 1;
  }
  return counts;
}

/**
 * Runs the units of one phase: up to `parallelism` at once, each as soon as the units it waits for are
 * done, in send order otherwise (so that with no failures the calls start in the dry-run order).
 */
async function runPhase(run: Run, units: Unit[]): Promise<void> {
  if (units.length === 0) return;
  const waiting = units.map((u) => u.after.length);
  const dependents = units.map((): number[] => []);
  for (const unit of units) for (const before of unit.after) at(dependents, before).push(unit.index);
  const ready = units.filter((u) => u.after.length === 0).map((u) => u.index);
  let head = 0;
  let running = 0;
  let finished = 0;
  await new Promise<void>((resolve) => {
    const pump = (): void => {
      if (finished === units.length) {
        resolve();
        return;
      }
      while (running < run.parallelism && head < ready.length) {
        const unit = at(units, at(ready, head++));
        running += 1;
        const started = run.signal?.aborted === true ? skipUnit(run, unit) : runUnitSafely(run, unit);
        void started.then(() => {
          running -= 1;
          finished += 1;
          for (const next of at(dependents, unit.index)) {
            const left = at(waiting, next) - 1;
            waiting[next] = left;
            if (left === 0) insertSorted(ready, head, next);
          }
          pump();
        });
      }
    };
    pump();
  });
}

function insertSorted(ready: number[], from: number, value: number): void {
  let i = ready.length;
  while (i > from && at(ready, i - 1) > value) i -= 1;
  ready.splice(i, 0, value);
}

/** A unit the run was stopped before: each of its changes skipped as interrupted. */
function skipUnit(run: Run, unit: Unit): Promise<void> {
  for (const change of unit.changes)
    if (!run.outcomes.has(change.id))
      finish(run, skipped(change, interruptedSkip(run.signal ?? AbortSignal.abort())));
  return Promise.resolve();
}

/** A unit that fails unexpectedly (a bug) fails its unfinished changes, never the whole run. */
async function runUnitSafely(run: Run, unit: Unit): Promise<void> {
  try {
    await runUnit(run, unit);
  } catch (error) {
    for (const change of unit.changes) {
      if (!run.outcomes.has(change.id))
        finish(run, outcomeOf(change, 'failed', { error: outcomeError(error) }));
    }
  }
}

/** One unit, to the end: send, reconcile what is uncertain, send again what a read-back proved absent. */
async function runUnit(run: Run, unit: Unit): Promise<void> {
  let pending: PlannedChange[] = [];
  for (const change of unit.changes) {
    const blocked = blockedBy(run, change);
    if (blocked !== undefined) finish(run, skipped(change, blocked));
    else pending.push(change);
  }
  const resent = new Map<string, number>();
  let round = 0;
  while (pending.length > 0) {
    const resend = round > 0;
    let attempts: Map<string, Attempt>;
    try {
      attempts = await sendUnit(
        {
          client: run.client,
          typeIds: run.typeIds,
          onRequest: (wire) => {
            run.writes += 1;
            const items = wire.changeIds.length;
            run.emit({
              kind: 'request',
              phase: at(pending, 0).phase,
              method: wire.method,
              path: wire.path,
              items,
              resend,
              ids: wire.changeIds,
            });
          },
        },
        pending,
        resend,
      );
    } catch (error) {
      for (const change of pending) finish(run, outcomeOf(change, 'failed', { error: outcomeError(error) }));
      return;
    }
    const uncertain: Uncertain[] = [];
    for (const change of pending) {
      const attempt = attempts.get(change.id);
      const times = resent.get(change.id) ?? 0;
      const extra = times > 0 ? { resent: times } : {};
      if (attempt === undefined) {
        const error = { code: 'UNEXPECTED', message: 'no answer was recorded for this change' };
        finish(run, outcomeOf(change, 'failed', { error }));
      } else if (attempt.kind === 'ok' && change.requests.length === 0) {
        // made by another change's call (an event property by its new definition's): that change's outcome
        finish(run, carriedOutcome(run, change));
      } else if (attempt.kind === 'ok') {
        learnTypeIds(run.typeIds, change, attempt);
        finish(run, outcomeOf(change, 'applied', extra));
      } else if (attempt.kind === 'gone') {
        finish(
          run,
          outcomeOf(change, 'already-done', { reason: 'already absent: nothing was left to remove' }),
        );
      } else if (attempt.kind === 'error') {
        finish(run, outcomeOf(change, 'failed', { error: attempt.error, ...extra }));
      } else {
        uncertain.push({ change, kind: attempt.kind, error: attempt.error, resent: times });
      }
    }
    pending = uncertain.length === 0 ? [] : await settle(run, uncertain, resent);
    round += 1;
  }
}

/**
 * The outcome of a change that sends nothing of its own, made by the call of a change it depends on: found
 * done when that call found everything done, applied when it applied.
 */
function carriedOutcome(run: Run, change: PlannedChange): ChangeOutcome {
  const carriers = change.dependsOn.map((id) => run.outcomes.get(id)?.status);
  if (carriers.length > 0 && carriers.every((status) => status === 'already-done'))
    return outcomeOf(change, 'already-done', {
      reason: 'made by the call of the change it belongs to, which found it done',
    });
  return outcomeOf(change, 'applied');
}

/** Reconciles the uncertain changes of a unit; returns those to send again. */
async function settle(
  run: Run,
  uncertain: Uncertain[],
  resent: Map<string, number>,
): Promise<PlannedChange[]> {
  run.emit({
    kind: 'reconcile',
    phase: at(uncertain, 0).change.phase,
    ids: uncertain.map((u) => u.change.id),
  });
  const { verdicts, calls } = await reconcile(run.client, uncertain, run.typeIds, run.maxResends);
  run.readBacks += calls;
  const again: PlannedChange[] = [];
  for (const u of uncertain) {
    const verdict = must(verdicts.get(u.change.id), 'the verdict on a change');
    const extra = u.resent > 0 ? { resent: u.resent } : {};
    if (verdict.kind === 'resend') {
      resent.set(u.change.id, u.resent + 1);
      again.push(u.change);
    } else if (verdict.kind === 'applied') {
      learnTypeIds(run.typeIds, u.change, verdict);
      finish(run, outcomeOf(u.change, 'applied', { reconciled: true, ...extra }));
    } else if (verdict.kind === 'already-done') {
      learnTypeIds(run.typeIds, u.change, verdict);
      finish(run, outcomeOf(u.change, 'already-done', { reason: verdict.reason, ...extra }));
    } else {
      const differences = defined({ differences: verdict.differences });
      finish(
        run,
        outcomeOf(u.change, 'failed', {
          error: verdict.error,
          reason: verdict.reason,
          ...differences,
          ...extra,
        }),
      );
    }
  }
  return again;
}

/** A change with data work (see migrate.ts): its own sequence of writes, reported with what it did to records. */
async function migrate(run: Run, change: PlannedChange): Promise<void> {
  const blocked = blockedBy(run, change);
  if (blocked !== undefined) {
    finish(run, skipped(change, blocked));
    return;
  }
  const migration = must(migrationOf(changeOf(change)), `the migration of ${change.id}`);
  try {
    const records = await runMigration(
      {
        client: run.client,
        recordValues: run.recordValues,
        onRequest: (request) => {
          run.writes += 1;
          run.emit({
            kind: 'request',
            phase: change.phase,
            method: request.method,
            path: request.path,
            items: 1,
            resend: false,
            ids: [change.id],
          });
        },
        onWritten: (writes) => {
          run.onRecordWrites?.(change.id, writes);
        },
        onProgress: ({ pass, read, written }) => {
          // the plan's count of values to copy or records to rewrite, when the data check made one
          const total = change.affected?.count;
          run.emit({
            kind: 'records',
            id: change.id,
            pass,
            read,
            written,
            ...(total === undefined ? {} : { total }),
          });
        },
      },
      change,
      migration,
      run.signal,
    );
    finish(run, outcomeOf(change, 'applied', { records }));
  } catch (error) {
    if (error instanceof MigrationContested) {
      finish(run, await contestedMigration(run, change, error));
      return;
    }
    const records = isMigrationError(error) ? { records: error.work } : {};
    finish(run, outcomeOf(change, 'failed', { error: outcomeError(error), ...records }));
  }
}

/**
 * A data step's last step refused with 404 or 409: read back, done by another run (already done), or its
 * property changed under this run (failed, with how).
 */
async function contestedMigration(
  run: Run,
  change: PlannedChange,
  error: MigrationContested,
): Promise<ChangeOutcome> {
  const records = { records: error.work };
  const failure = outcomeError(error.refusal);
  try {
    const back = await readBack(run.client, [change]);
    run.readBacks += back.calls;
    const verdict = contested({ change, error: failure }, endStateOf(change, back.live, run.typeIds));
    return verdict.kind === 'already-done'
      ? outcomeOf(change, 'already-done', { reason: verdict.reason, ...records })
      : outcomeOf(change, 'failed', {
          error: failure,
          ...(verdict.kind === 'failed' ? { reason: verdict.reason } : {}),
          ...records,
        });
  } catch (readError) {
    return outcomeError(readError).message === failure.message
      ? outcomeOf(change, 'failed', { error: failure, ...records })
      : outcomeOf(change, 'failed', {
          error: failure,
          reason: `the write was refused and reading it back failed too (${outcomeError(readError).message}): run crm-schema plan to see what the account holds now`,
          ...records,
        });
  }
}
