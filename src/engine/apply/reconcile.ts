/**
 * Reconciling writes that did not come back clean, by evidence: the resources are read back (one read
 * for the whole unit, fewest calls) and compared with what the changes want.
 *
 * - outcome unknown (the answer was lost after sending): at the desired end state -> applied
 *   (reconciled); the created resource is absent -> it was not applied, so sending it again cannot make
 *   a second copy: it is sent once more (at most `maxResends` times, each after such a read-back);
 *   anything else -> failed, telling the user to re-run plan.
 * - 409 on a create (it exists: a concurrent apply, or an earlier run whose answer was lost): equal to
 *   the plan -> already done; different -> failed as a conflict, with each differing field. Never sent
 *   again: the platform refuses a second copy of a name.
 */
import type { CrmClient } from '../../api/client.js';
import { defined } from '../../core/defined.js';
import type { PlannedChange } from '../plan/plan-document.js';
import { endStateOf } from '../plan/kinds/registry.js';
import { readBack } from './read-back.js';
import { outcomeError } from './send.js';
import type { OutcomeError } from './types.js';
import type { FieldDifference } from '../plan/kinds/end-state.js';

export type Verdict =
  | { kind: 'applied'; typeId?: number; inverseTypeId?: number }
  | { kind: 'already-done'; reason: string; typeId?: number; inverseTypeId?: number }
  | { kind: 'resend' }
  | { kind: 'failed'; error: OutcomeError; reason: string; differences?: FieldDifference[] };

export interface Uncertain {
  change: PlannedChange;
  kind: 'exists' | 'unknown' | 'contested';
  error: OutcomeError;
  /** times this change was already sent again */
  resent: number;
}

const REPLAN = 'run crm-schema plan to see what the account holds now, then apply again';

export const EXISTED_REASON =
  'it existed already, equal to the plan (created by a concurrent apply, or by an earlier run whose answer was lost)';

export const DONE_BY_OTHER_REASON =
  'already at its planned end state: another run of the plan (an apply at the same time), or someone else, did it while this one ran';

export async function reconcile(
  client: CrmClient,
  uncertain: readonly Uncertain[],
  typeIds: ReadonlyMap<string, number>,
  maxResends: number,
): Promise<{ verdicts: Map<string, Verdict>; calls: number }> {
  const verdicts = new Map<string, Verdict>();
  let back;
  try {
    back = await readBack(
      client,
      uncertain.map((u) => u.change),
    );
  } catch (error) {
    const failure = outcomeError(error);
    for (const u of uncertain) {
      verdicts.set(u.change.id, {
        kind: 'failed',
        error: u.error,
        reason: `${describe(u)}, and reading it back failed too (${failure.message}): ${REPLAN}`,
      });
    }
    return { verdicts, calls: 0 };
  }
  for (const u of uncertain)
    verdicts.set(u.change.id, judge(u, endStateOf(u.change, back.live, typeIds), maxResends));
  return { verdicts, calls: back.calls };
}

function judge(u: Uncertain, end: ReturnType<typeof endStateOf>, maxResends: number): Verdict {
  const typeId = defined({ typeId: end.typeId, inverseTypeId: end.inverseTypeId });
  if (u.kind === 'contested') return contested(u, end, typeId);
  if (u.kind === 'exists') {
    if (end.done) return { kind: 'already-done', reason: EXISTED_REASON, ...typeId };
    const what = end.absent
      ? 'the platform refuses to create it (409), but nothing of that name and text is there: another resource holds its name'
      : `it exists already and differs from the plan in ${end.differences.map((d) => d.field).join(', ')}`;
    return {
      kind: 'failed',
      error: u.error,
      reason: `conflict: ${what}; ${REPLAN}`,
      differences: end.differences,
    };
  }
  if (end.done) return { kind: 'applied', ...typeId };
  if (end.absent && u.resent < maxResends) return { kind: 'resend' };
  if (end.absent) {
    return {
      kind: 'failed',
      error: u.error,
      reason: `${describe(u)}; it was sent again ${u.resent} time${u.resent === 1 ? '' : 's'} after read-backs showed it absent, with no certain answer: ${REPLAN}`,
    };
  }
  return {
    kind: 'failed',
    error: u.error,
    reason: `${describe(u)}, and the read-back shows neither the planned result nor its absence: ${REPLAN}`,
    differences: end.differences,
  };
}

/**
 * A write refused with 404 or 409 (not a create's 409): at its end state, someone else did it (another
 * apply at the same time); otherwise its resource was changed under this run, named with how it differs.
 */
export function contested(
  u: Pick<Uncertain, 'change' | 'error'>,
  end: ReturnType<typeof endStateOf>,
  typeId: { typeId?: number; inverseTypeId?: number } = {},
): Verdict {
  if (end.done) return { kind: 'already-done', reason: DONE_BY_OTHER_REASON, ...typeId };
  const now = end.absent
    ? 'it is not there now'
    : `it differs from the plan in ${[...new Set(end.differences.map((d) => d.field))].join(', ')}`;
  return {
    kind: 'failed',
    error: u.error,
    reason: `${u.change.address} changed while this apply ran (another apply at the same time, or someone else): the write was refused (${u.error.message}) and ${now}; ${REPLAN}`,
    ...(end.differences.length === 0 ? {} : { differences: end.differences }),
  };
}

function describe(u: Uncertain): string {
  return `the answer to the write was lost (${u.error.message})`;
}
