/**
 * What reversing an apply record means, resource by resource, read from the record alone (no call): for
 * each resource the applied changes touched, the definition it had before (or none: it was created) and
 * the last change that touched it (whose end state says what the apply left). Data steps reverse as data
 * steps: a rename renames back (the values copied back), an option rewrite puts back the values of the
 * records the record lists. What cannot be reversed is said here, with why.
 */
import type { Change } from '../plan/change-types.js';
import { actionOf, changedFieldsOf, rollbackWayOf, targetOf } from '../plan/kinds/registry.js';
import type { RollbackWay } from '../plan/kinds/change-kind.js';
import type { ResourceRef } from '../plan/kinds/resource.js';
import type { NormalizedProperty } from '../model/schema-model.js';
import { propertyAddress } from '../model/address.js';
import type { JsonValue } from '../core/json.js';
import type { RecordedChange } from '../record/record-shape.js';

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

/** A property renamed back: `current` (the apply's new name) back to `back` (its old definition). */
export interface RenameBack {
  kind: 'rename';
  objectType: string;
  current: string;
  back: NormalizedProperty;
  last: Change;
}

/** A property's options put back as they were, with the values of the records the apply rewrote. */
export interface RewriteBack {
  kind: 'rewrite';
  objectType: string;
  name: string;
  before: NormalizedProperty;
  /** the fields the apply changed (the options, and any other it changed with them) */
  fields: string[];
  values: { id: string; from: string; to: string }[];
  multiple: boolean;
  last: Change;
}

/** Part of the apply that cannot be reversed, and why. */
export interface Irreversible {
  kind: 'irreversible';
  address: string;
  why: string;
}

export type Reversal = PutBack | RenameBack | RewriteBack | Irreversible;

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
    if (way?.as === 'rename') {
      const back: RenameBack = {
        kind: 'rename',
        objectType: way.objectType,
        current: way.current,
        back: way.back,
        last: change,
      };
      // one reversal of its two properties
      put(`property ${propertyAddress(way.objectType, way.back.name)}`, back);
      put(key, back);
    } else if (way?.as === 'rewrite') {
      put(key, rewriteBack(way, change, recorded, recordId));
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
  // a rename is one reversal of two resources
  return [...new Set(order.map((key) => byKey.get(key)))].filter((r): r is Reversal => r !== undefined);
}

/** The fields an update changed in place; none for a change that makes or removes a resource whole. */
function fieldsOf(change: Change): { fields?: string[] } {
  const fields = changedFieldsOf(change);
  return actionOf(change) === 'update' && fields.length > 0 ? { fields: fields.map((f) => f.field) } : {};
}

/** A record whose list of rewritten records is not what its apply wrote: it was edited. */
function notTheApplys(address: string, recordId: string, why: string): Irreversible {
  return {
    kind: 'irreversible',
    address,
    why: `apply record ${recordId} cannot be what its apply wrote (${why}): the records it lists are not put back`,
  };
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

function rewriteBack(
  way: Extract<RollbackWay, { as: 'rewrite' }>,
  change: Change,
  recorded: RecordedChange,
  recordId: string,
): RewriteBack | Irreversible {
  const address = recorded.address;
  const before = recorded.before as NormalizedProperty | undefined;
  if (before === undefined)
    return {
      kind: 'irreversible',
      address,
      why: `apply record ${recordId} holds no definition of it before`,
    };
  const data = recorded.data;
  if (data === undefined)
    return {
      kind: 'irreversible',
      address,
      why: `apply record ${recordId} does not say which records it rewrote (the change stopped before its data step)`,
    };
  if (data.partial)
    return {
      kind: 'irreversible',
      address,
      why: `apply record ${recordId} lists ${String(data.records.length)} of the ${String(data.written)} records it rewrote (records beyond the bound are kept as a count only)`,
    };
  const values: RewriteBack['values'] = [];
  const seen = new Set<string>();
  const offered = (definition: unknown) =>
    new Set(((definition as NormalizedProperty | undefined)?.options ?? []).map((o) => o.value));
  const [wasOffered, leftOffered] = [offered(before), offered(recorded.after)];
  const within = (value: string, options: ReadonlySet<string>) =>
    value !== '' && (way.multiple ? value.split(';') : [value]).every((part) => options.has(part));
  for (const written of data.records) {
    // a record names each record once, for this property, with values its options offered
    if (written.property !== way.name || seen.has(written.id))
      return notTheApplys(address, recordId, `it lists record ${written.id} twice, or for another property`);
    seen.add(written.id);
    if (data.valuesShown && written.after !== undefined && written.before !== undefined) {
      if (!within(written.before, wasOffered) || !within(written.after, leftOffered))
        return notTheApplys(
          address,
          recordId,
          `record ${written.id} holds values its options did not offer before and after the apply`,
        );
      values.push({ id: written.id, from: written.after, to: written.before });
      continue;
    }
    const derived = way.derive(written.id);
    if (derived === undefined)
      return {
        kind: 'irreversible',
        address,
        why:
          `apply record ${recordId} holds the records it rewrote as ids only (the policy kept no values), ` +
          'and the values they held cannot be told from the change: several old values went to one, or a checkbox list',
      };
    values.push({ id: written.id, ...derived });
  }
  return {
    kind: 'rewrite',
    objectType: way.objectType,
    name: way.name,
    before,
    fields: way.fields,
    values,
    multiple: way.multiple,
    last: change,
  };
}
