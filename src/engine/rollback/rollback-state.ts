/**
 * The rollback's desired state, from the reversals of an apply record and the live account: each
 * resource goes back to its definition before the apply (a created one is archived or deleted), but only
 * where the account still holds what the apply left (or already what was there before: a rollback that
 * stopped part-way resumes). A resource changed since is a conflict and is left alone; what cannot be
 * reversed is said. Both are errors (nothing is applied) unless `partial`, where they are warnings and
 * the rest is rolled back. The diff makes the plan from this desired state like any other; `adjust` then
 * replaces the changes of data steps by their own (a rename back, a put-back of records' values), as
 * their families say.
 */
import type { Change } from '../plan/change-types.js';
import type { PlanDiagnostic } from '../plan/diagnostics.js';
import { addressOf, endStateAgainst, endStateOf } from '../plan/kinds/registry.js';
import { liveResourceOf } from '../plan/kinds/resource.js';
import type { DesiredState, Tombstone } from '../model/desired-state.js';
import { emptySchemaState, type SchemaState } from '../model/schema-model.js';
import { resourceTypeOf } from '../installed.js';
import type { PutBack, Reversal, Standing, StepBack, StepTarget } from './reversal.js';
import { backTo, holds } from './put-back.js';

export interface RollbackState {
  desired: DesiredState;
  diagnostics: PlanDiagnostic[];
  /** the diff's changes with the data steps carried out as their families say */
  adjust(changes: readonly Change[]): Change[];
}

export interface RollbackOptions {
  recordId: string;
  /** roll back what can be, leave conflicts and what cannot be reversed as they are (warnings) */
  partial: boolean;
}

function emptyTarget(live?: SchemaState): StepTarget {
  return {
    state: emptySchemaState(),
    tombstones: [] as Tombstone[],
    intents: new Map(),
    ...(live === undefined ? {} : { live }),
  };
}

function desiredOf(target: StepTarget): DesiredState {
  return { state: target.state, tombstones: target.tombstones, intents: target.intents };
}

/** What the live read must cover: every resource of the reversals, as if none had moved. */
export function rollbackReads(reversals: readonly Reversal[]): DesiredState {
  const target = emptyTarget();
  for (const reversal of reversals) {
    if (reversal.kind === 'put') putInto(target, reversal, reversal.before);
    else if (reversal.kind === 'step') reversal.reads(target);
  }
  return desiredOf(target);
}

export function rollbackState(
  reversals: readonly Reversal[],
  live: SchemaState,
  options: RollbackOptions,
): RollbackState {
  const target = emptyTarget(live);
  const diagnostics: PlanDiagnostic[] = [];
  const steps: StepBack[] = [];
  const refuse = (address: string, code: 'ROLLBACK_CONFLICT' | 'ROLLBACK_IRREVERSIBLE', message: string) => {
    diagnostics.push(
      options.partial
        ? {
            level: 'warning',
            code: 'ROLLBACK_LEFT_AS_IS',
            address,
            message: `${message}; --partial leaves it as it is`,
          }
        : {
            level: 'error',
            code,
            address,
            message,
            hint: 'Roll back the rest with --partial (this part is left as it is), or put it back by hand.',
          },
    );
  };

  for (const reversal of reversals) {
    if (reversal.kind === 'irreversible') {
      refuse(
        reversal.address,
        'ROLLBACK_IRREVERSIBLE',
        `${reversal.address} cannot be rolled back: ${reversal.why}`,
      );
      continue;
    }
    const address = reversal.kind === 'put' ? reversal.address : addressOf(reversal.last);
    const standing = standingOf(reversal, live);
    if (standing === 'moved') {
      refuse(
        address,
        'ROLLBACK_CONFLICT',
        `${address} changed since apply ${options.recordId}: it holds neither what that apply left nor what was there before (${movedDetail(reversal, live)})`,
      );
      continue;
    }
    if (reversal.kind === 'put') {
      // the definition alone is not the resource: left as it is, with --partial too
      if (reversal.lost !== undefined && standing !== 'before') {
        refuse(address, 'ROLLBACK_IRREVERSIBLE', `${address} cannot be rolled back: ${reversal.lost}`);
        continue;
      }
      // nothing of it to remove: never a tombstone by text for what may be another resource now
      if (standing === 'before' && reversal.before === undefined) continue;
      putInto(target, reversal, backTo(reversal.before, putNow(reversal, live), reversal.fields));
    } else {
      reversal.desire(target, live, standing);
      steps.push(reversal);
    }
  }
  return {
    desired: desiredOf(target),
    diagnostics,
    adjust: (changes) => adjustChanges(changes, steps, live, options.recordId),
  };
}

/** Where the resource of a reversal stands on the live account. */
function standingOf(reversal: PutBack | StepBack, live: SchemaState): Standing {
  if (reversal.kind === 'step')
    return reversal.standing(live, endStateOf(reversal.last, live, new Map()).done);
  // a resource the record knows by an id (a label's typeId) is that one, whatever carries its text now
  const now = putNow(reversal, live);
  if (holds(now, reversal.before, reversal.fields)) return 'before';
  if (now === undefined && madeAgain(reversal, live)) return 'before';
  return endStateAgainst(reversal.last, now, live).done ? 'after' : 'moved';
}

/** The resource of a put-back on the live account: by the id the record knows, else as its change names it. */
function putNow(reversal: PutBack, live: SchemaState): unknown {
  const { type } = resourceTypeOf(reversal.ref);
  const known = reversal.before ?? reversal.after;
  const ref = type.knownAs === undefined ? reversal.ref : type.knownAs(reversal.ref, known);
  return liveResourceOf(ref, live, new Map());
}

/** A resource the apply removed, made again since (a rollback with --partial did, or someone): nothing to put back. */
function madeAgain(reversal: PutBack, live: SchemaState): boolean {
  const { type } = resourceTypeOf(reversal.ref);
  return type.madeAgain?.(reversal.ref, reversal.before, live) ?? false;
}

function movedDetail(reversal: PutBack | StepBack, live: SchemaState): string {
  const own = reversal.kind === 'step' ? reversal.movedDetail?.(live) : undefined;
  if (own !== undefined) return own;
  const { differences, absent } = endStateOf(reversal.last, live, new Map());
  if (absent) return 'it is gone';
  const fields = [...new Set(differences.map((d) => d.field))];
  return fields.length === 0 ? 'it differs' : `changed: ${fields.slice(0, 5).join(', ')}`;
}

/** The resource as it was before (`before`), or a tombstone when the apply created it. */
function putInto(target: StepTarget, reversal: PutBack, before: unknown): void {
  const { type } = resourceTypeOf(reversal.ref);
  type.putBack(reversal.ref, before, target);
}

/**
 * The diff's changes of the resources data steps cover replaced by the steps' own: each step gets the
 * diff's changes of the addresses it handles; every other change stays as the diff made it.
 */
function adjustChanges(
  changes: readonly Change[],
  steps: readonly StepBack[],
  live: SchemaState,
  recordId: string,
): Change[] {
  const handler = new Map<string, StepBack>();
  for (const step of steps) for (const address of step.carriesOut?.handles ?? []) handler.set(address, step);
  const handed = new Map<StepBack, Change[]>(steps.map((step) => [step, []]));
  const out: Change[] = [];
  for (const change of changes) {
    const step = handler.get(addressOf(change));
    if (step === undefined) out.push(change);
    else handed.get(step)?.push(change);
  }
  for (const [step, own] of handed) {
    if (step.carriesOut !== undefined) out.push(...step.carriesOut.adjust(own, live, recordId));
  }
  return out;
}
