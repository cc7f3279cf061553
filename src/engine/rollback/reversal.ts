/**
 * What reversing an apply record means, resource by resource, read from the record alone (no call): for
 * each resource the applied changes touched, the definition it had before (or none: it was created) and
 * the last change that touched it (whose end state says what the apply left). Data steps reverse as data
 * steps, as their family says (`StepWay`: a rename renames back with its values, an option rewrite puts
 * back the values of the records the record lists). What cannot be reversed is said here, with why.
 */
import type { Change } from '../plan/change-types.js';
import { actionOf, changedFieldsOf, rollbackWayOf, targetOf } from '../plan/kinds/registry.js';
import type { ResourceRef } from '../plan/kinds/resource.js';
import type { JsonValue } from '../../core/json.js';
import type { RecordedChange } from '../record/shape/record-shape.js';

/** One recorded change that applied, typed. */
export interface AppliedChange {
  change: Change;
  recorded: RecordedChange;
  /** the record's text of it had a secret masked (`***`): what it held cannot be put back */
  masked?: boolean;
}

/** A resource put back to its definition before the apply (or removed: `before` undefined). */
export interface PutBack {
  kind: 'put';
  ref: ResourceRef;
  address: string;
  before: JsonValue | undefined;
  /** as the apply left it, when the record says (a created label carries the typeIds it got) */
  after: JsonValue | undefined;
  /** the last change of the apply that touched it: its end state is what the apply left */
  last: Change;
  /**
   * the fields the apply changed in place (its updates'); undefined: it made, restored or removed the
   * resource whole. Only these go back: a field the apply did not change keeps its live value.
   */
  fields?: string[];
  /** the apply removed it with what cannot come back (a label's record links): said, and left as it is */
  lost?: string;
}

export type { IrreversibleBack, Standing, StepBack, StepTarget } from '../plan/kinds/step-back.js';
import type { IrreversibleBack, StepBack } from '../plan/kinds/step-back.js';

export type Reversal = PutBack | StepBack | IrreversibleBack;

/** The reversals of the applied changes, in the order of the record (one per resource). */
export function reversalsOf(applied: readonly AppliedChange[], recordId: string): Reversal[] {
  const byKey = new Map<string, Reversal>();
  const order: string[] = [];
  const put = (key: string, reversal: Reversal) => {
    const known = byKey.get(key);
    if (known === undefined) order.push(key);
    byKey.set(key, known === undefined ? reversal : merge(known, reversal));
  };
  for (const { change, recorded, masked } of applied) {
    const ref = targetOf(change);
    const address = recorded.address;
    const key = `${ref.kind} ${address}`;
    if (masked === true) {
      put(key, {
        kind: 'irreversible',
        address,
        why: `apply record ${recordId} holds a secret the output gate masked in this change (shown as ***): what the account held there cannot be put back`,
      });
      continue;
    }
    const way = rollbackWayOf(change);
    if (way?.as === 'step') {
      const back = way.step.back(recorded, change, recordId);
      // one reversal of every resource it covers
      if (back.kind === 'step') for (const other of back.alsoCovers) put(other, back);
      put(key, back);
    } else if (way?.as === 'irreversible') {
      put(key, { kind: 'irreversible', address, why: way.why });
    } else {
      put(key, {
        kind: 'put',
        ref,
        address,
        before: recorded.before,
        after: recorded.after,
        ...fieldsOf(change),
        last: change,
        ...(way === undefined ? {} : { lost: way.lost }),
      });
    }
  }
  // a step covering several resources is one reversal
  return [...new Set(order.map((key) => byKey.get(key)))].filter((r): r is Reversal => r !== undefined);
}

/** The fields an update changed in place; none for a change that makes or removes a resource whole. */
function fieldsOf(change: Change): { fields?: string[] } {
  const fields = changedFieldsOf(change);
  return actionOf(change) === 'update' && fields.length > 0 ? { fields: fields.map((f) => f.field) } : {};
}

/** A later change of the same resource: its end state is what the apply left; the earlier "before" stands. */
function merge(known: Reversal, later: Reversal): Reversal {
  if (known.kind === 'put' && later.kind === 'put') {
    const { fields: _fields, ...rest } = later;
    const fields =
      known.fields === undefined || later.fields === undefined
        ? undefined
        : [...new Set([...known.fields, ...later.fields])];
    // what an earlier change lost stays lost (an event property deleted, then created again)
    const lost = known.lost ?? later.lost;
    return {
      ...rest,
      before: known.before,
      ...(fields === undefined ? {} : { fields }),
      ...(lost === undefined ? {} : { lost }),
    };
  }
  // a data step or what cannot be reversed governs the resource
  return known.kind === 'put' ? later : known;
}
