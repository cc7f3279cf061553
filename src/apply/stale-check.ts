/**
 * The stale check of a saved plan: every resource the plan's changes touch is read back and each change
 * is put in one of three classes.
 *
 * - already done: the live resource is already at the change's desired end state. This is what an
 *   earlier run of the same plan leaves behind when it was interrupted (or what a concurrent apply did):
 *   its fingerprint no longer matches, but the change has nothing left to do, so it is reported as
 *   "already done" and not sent. That is what makes re-running the same saved plan after a crash finish
 *   the job.
 * - fresh: the live resource still has the fingerprint the plan was computed from; also a replace
 *   (property archive + create, event property delete + create for a type change) whose first half ran
 *   and whose resource is now absent: its create is still to do.
 * - stale: anything else: the resource moved to something the plan did not expect. Apply refuses the
 *   whole plan and names each such resource with what changed (planned-from -> now).
 */
import type { CrmClient } from '../api/client.js';
import type { NormalizedLabel, SchemaState } from '../model/schema-model.js';
import { ABSENT, fingerprint, liveResourceFor } from '../plan/fingerprint.js';
import type { PlannedChange } from '../plan/plan-document.js';
import { endStateOf } from './compare/end-state.js';
import { movedFields } from './compare/moved.js';
import { readBack } from './read-back.js';
import { learnTypeIds } from './type-ids.js';
import type { FieldDifference } from './types.js';

export interface StaleChange {
  id: string;
  address: string;
  message: string;
  /** planned-from (`expected`) -> now (`actual`) */
  differences: FieldDifference[];
  /** when the fields the plan records did not change: what is known */
  note?: string;
}

export interface Freshness {
  stale: StaleChange[];
  /** change id -> how it was found */
  alreadyDone: Map<string, string>;
  /** typeIds of labels found already created (label address -> typeId), for `{ ref }` placeholders */
  typeIds: Map<string, number>;
  /** calls made to read the resources back */
  calls: number;
}

export const ALREADY_DONE_REASON =
  'already at its planned end state (done by an earlier, interrupted run of this plan, or by someone else)';

const LABEL_TYPES = new Set(['label.create', 'label.update', 'label.delete']);

/**
 * Whether the live resource still has the plan's fingerprint. A label is compared with and without its
 * inverse label, since whether the plan read the reverse direction depended on the manifests.
 */
function fingerprintMatches(change: PlannedChange, live: SchemaState): boolean {
  const resource = liveResourceFor(change, live);
  if (fingerprint(resource) === change.fingerprint) return true;
  if (resource === undefined || !LABEL_TYPES.has(change.type)) return false;
  const { inverseLabel: _label, inverseTypeId: _typeId, ...oneWay } = resource as NormalizedLabel;
  return fingerprint(oneWay) === change.fingerprint;
}

/** A replace whose archive (or delete) half ran: the resource is absent and only the create is left. */
function halfReplaced(change: PlannedChange, live: SchemaState): boolean {
  const replaces =
    change.type === 'property.replace' ||
    (change.type === 'eventProperty.create' && change.meta.replaces === true);
  return replaces && change.fingerprint !== ABSENT && liveResourceFor(change, live) === undefined;
}

export function classifyFreshness(
  changes: readonly PlannedChange[],
  live: SchemaState,
): Omit<Freshness, 'calls'> {
  const stale: StaleChange[] = [];
  const alreadyDone = new Map<string, string>();
  const typeIds = new Map<string, number>();
  for (const change of changes) {
    const end = endStateOf(change, live, typeIds);
    if (end.done) {
      alreadyDone.set(change.id, ALREADY_DONE_REASON);
      learnTypeIds(typeIds, change, end);
      continue;
    }
    if (fingerprintMatches(change, live) || halfReplaced(change, live)) continue;
    const differences = movedFields(change, live);
    stale.push({
      id: change.id,
      address: change.address,
      message: change.message,
      differences,
      ...(differences.length === 0 ? { note: 'changed in a field this plan does not change' } : {}),
    });
  }
  return { stale, alreadyDone, typeIds };
}

/** Reads back every resource the changes touch (fewest calls) and classifies the changes. */
export async function checkFreshness(
  client: CrmClient,
  changes: readonly PlannedChange[],
): Promise<Freshness> {
  if (changes.length === 0) return { stale: [], alreadyDone: new Map(), typeIds: new Map(), calls: 0 };
  const { live, calls } = await readBack(client, changes);
  return { ...classifyFreshness(changes, live), calls };
}
