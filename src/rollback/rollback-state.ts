/**
 * The rollback's desired state, from the reversals of an apply record and the live account: each
 * resource goes back to its definition before the apply (a created one is archived or deleted), but only
 * where the account still holds what the apply left (or already what was there before: a rollback that
 * stopped part-way resumes). A resource changed since is a conflict and is left alone; what cannot be
 * reversed is said. Both are errors (nothing is applied) unless `partial`, where they are warnings and
 * the rest is rolled back. The diff makes the plan from this desired state like any other; `adjust` then
 * replaces the changes of renamed and rewritten properties by their data steps.
 */
import { getOrCreate } from '../core/maps.js';
import { canonicalJson } from '../plan/canonical-json.js';
import type { Change } from '../plan/change-types.js';
import type { PlanDiagnostic } from '../plan/diagnostics.js';
import {
  actionOf,
  addressOf,
  changedFieldsOf,
  endStateAgainst,
  endStateOf,
  targetOf,
} from '../plan/kinds/registry.js';
import { renameBackChange } from '../plan/kinds/property-rename.js';
import { unremapChange } from '../plan/kinds/property-unremap.js';
import { liveResourceOf, type ResourceRef } from '../plan/kinds/resource.js';
import type { DesiredState, Tombstone } from '../model/desired-state.js';
import type {
  AssociationPairSchema,
  NormalizedEventDefinition,
  NormalizedEventProperty,
  NormalizedGroup,
  NormalizedLabel,
  NormalizedLimit,
  NormalizedProperty,
  ObjectSchema,
  SchemaState,
} from '../model/schema-model.js';
import { canonicalObjectType } from '../model/object-types.js';
import { limitKey, pairKey } from '../model/normalize-association.js';
import { liveLabelByText, liveLabelByTypeId, liveProperty } from '../model/schema-lookup.js';
import { propertyAddress } from '../model/address.js';
import type { Reversal } from './reversal.js';

export interface RollbackState {
  desired: DesiredState;
  diagnostics: PlanDiagnostic[];
  /** the diff's changes with renamed and rewritten properties carried out as data steps */
  adjust(changes: readonly Change[]): Change[];
}

export interface RollbackOptions {
  recordId: string;
  /** roll back what can be, leave conflicts and what cannot be reversed as they are (warnings) */
  partial: boolean;
}

/** Where a resource stands against the apply: as it left it, as it was before, part-way back, or moved. */
type Standing = 'after' | 'before' | 'between' | 'moved';

/** What the live read must cover: every resource of the reversals, as if none had moved. */
export function rollbackReads(reversals: readonly Reversal[]): DesiredState {
  const state = emptyState();
  const tombstones: Tombstone[] = [];
  const renames = new Map<string, string>();
  for (const reversal of reversals) {
    if (reversal.kind === 'put') putInto(state, tombstones, reversal.ref, reversal.before, undefined);
    else if (reversal.kind === 'rename') {
      objectOf(state, reversal.objectType).properties.set(reversal.back.name, reversal.back);
      renames.set(propertyAddress(reversal.objectType, reversal.back.name), reversal.current);
    } else if (reversal.kind === 'rewrite')
      objectOf(state, reversal.objectType).properties.set(reversal.name, reversal.before);
  }
  return { state, tombstones, renames };
}

export function rollbackState(
  reversals: readonly Reversal[],
  live: SchemaState,
  options: RollbackOptions,
): RollbackState {
  const state = emptyState();
  const tombstones: Tombstone[] = [];
  const diagnostics: PlanDiagnostic[] = [];
  const renames = new Map<string, Extract<Reversal, { kind: 'rename' }>>();
  const rewrites = new Map<string, Extract<Reversal, { kind: 'rewrite' }>>();
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
      const now = putNow(reversal, live);
      putInto(state, tombstones, reversal.ref, backTo(reversal.before, now, reversal.fields), live);
    } else if (reversal.kind === 'rename') {
      objectOf(state, reversal.objectType).properties.set(reversal.back.name, reversal.back);
      if (standing !== 'before')
        renames.set(propertyAddress(reversal.objectType, reversal.back.name), reversal);
    } else {
      const now = liveProperty(live, reversal.objectType, reversal.name);
      const back = backTo(reversal.before, now, reversal.fields) as NormalizedProperty;
      objectOf(state, reversal.objectType).properties.set(reversal.name, back);
      rewrites.set(propertyAddress(reversal.objectType, reversal.name), reversal);
    }
  }
  const desired: DesiredState = { state, tombstones };
  return {
    desired,
    diagnostics,
    adjust: (changes) => adjustChanges(changes, renames, rewrites, live, options.recordId),
  };
}

/** Where the resource of a reversal stands on the live account. */
function standingOf(reversal: Exclude<Reversal, { kind: 'irreversible' }>, live: SchemaState): Standing {
  if (reversal.kind === 'put') {
    // a label the record knows by its typeId is that one, whatever carries its text now
    const now = putNow(reversal, live);
    if (holds(now, reversal.before, reversal.fields)) return 'before';
    if (now === undefined && sameLabelAgain(reversal, live)) return 'before';
    return endStateAgainst(reversal.last, now, live).done ? 'after' : 'moved';
  }
  const leftByApply = endStateOf(reversal.last, live, new Map()).done;
  if (reversal.kind === 'rename') {
    const back = liveProperty(live, reversal.objectType, reversal.back.name);
    const current = liveProperty(live, reversal.objectType, reversal.current);
    if (same(back, reversal.back) && current === undefined) return 'before';
    if (leftByApply) return 'after';
    // restored under its old name, the new one not archived yet: the copy and the archive are left
    return same(back, reversal.back) && current !== undefined ? 'between' : 'moved';
  }
  const now = liveProperty(live, reversal.objectType, reversal.name);
  if (holds(now, reversal.before, reversal.fields)) return 'before';
  if (leftByApply) return 'after';
  // the first update of a put-back ran: the options as they were are shown again, with those it removes
  const shown = new Set((now?.options ?? []).map((o) => canonicalJson(o)));
  return now !== undefined && reversal.before.options.every((o) => shown.has(canonicalJson(o)))
    ? 'between'
    : 'moved';
}

/** The resource of a put-back on the live account: by the typeId the record knows, else as its change names it. */
function putNow(reversal: Extract<Reversal, { kind: 'put' }>, live: SchemaState): unknown {
  return liveResourceOf(nowRef(reversal.ref, reversal.before ?? reversal.after), live, new Map());
}

/**
 * A label the apply deleted, made again since (a rollback with --partial did, or someone): another typeId,
 * the same texts. Nothing is left to put back.
 */
function sameLabelAgain(reversal: Extract<Reversal, { kind: 'put' }>, live: SchemaState): boolean {
  const ref = reversal.ref;
  const was = reversal.before as NormalizedLabel | undefined;
  if (ref.kind !== 'label' || was === undefined) return false;
  const now = liveLabelByText(live, ref.from, ref.to, was.label);
  return now !== undefined && now.inverseLabel === was.inverseLabel;
}

/** A label or limit is found by its typeId when the record knows it (its text may have changed since). */
function nowRef(ref: ResourceRef, known: unknown): ResourceRef {
  const typeId = (known as { typeId?: unknown } | undefined)?.typeId;
  if (typeof typeId !== 'number') return ref;
  if (ref.kind === 'label') return { ...ref, typeId };
  if (ref.kind === 'limit') return { ...ref, typeId };
  return ref;
}

function movedDetail(reversal: Exclude<Reversal, { kind: 'irreversible' }>, live: SchemaState): string {
  const { differences, absent } = endStateOf(reversal.last, live, new Map());
  if (absent) return 'it is gone';
  const fields = [...new Set(differences.map((d) => d.field))];
  return fields.length === 0 ? 'it differs' : `changed: ${fields.slice(0, 5).join(', ')}`;
}

/** Whether `now` holds what `before` held: in `fields` only, when the apply changed only those. */
function holds(now: unknown, before: unknown, fields: readonly string[] | undefined): boolean {
  if (fields === undefined || !isRecord(now) || !isRecord(before)) return same(now, before);
  return fields.every((field) => same(now[field], before[field]));
}

/**
 * What a resource goes back to: `before` whole when the apply made or removed it; else the live resource
 * with the fields the apply changed put back (a field changed by someone else since keeps its value).
 */
function backTo(before: unknown, now: unknown, fields: readonly string[] | undefined): unknown {
  if (fields === undefined || !isRecord(now) || !isRecord(before)) return before;
  const back = Object.entries(now).filter(([field]) => !fields.includes(field));
  for (const field of fields) if (field in before) back.push([field, before[field]]);
  return Object.fromEntries(back);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b;
  return canonicalJson(JSON.parse(JSON.stringify(a))) === canonicalJson(b);
}

/** The resource as it was before (`before`), or a tombstone when the apply created it. */
function putInto(
  state: SchemaState,
  tombstones: Tombstone[],
  ref: ResourceRef,
  before: unknown,
  live: SchemaState | undefined,
): void {
  switch (ref.kind) {
    case 'property':
      if (before === undefined)
        tombstones.push({ kind: 'property', objectType: ref.objectType, name: ref.name });
      else objectOf(state, ref.objectType).properties.set(ref.name, before as NormalizedProperty);
      return;
    case 'group':
      if (before === undefined)
        tombstones.push({ kind: 'group', objectType: ref.objectType, name: ref.name });
      else objectOf(state, ref.objectType).groups.set(ref.name, before as NormalizedGroup);
      return;
    case 'label': {
      if (before === undefined) {
        tombstones.push({ kind: 'label', from: ref.from, to: ref.to, label: ref.text });
        return;
      }
      const was = before as NormalizedLabel;
      const now = live === undefined ? undefined : liveLabelByTypeId(live, ref.from, ref.to, was.typeId);
      const { typeId: _typeId, inverseTypeId: _inverse, ...label } = was;
      pairOf(state, ref.from, ref.to).labels.set(label.label, {
        ...label,
        ...(now !== undefined && now.label !== was.label ? { renamedFrom: now.label } : {}),
        ...(now?.inverseLabel !== undefined &&
        was.inverseLabel !== undefined &&
        now.inverseLabel !== was.inverseLabel
          ? { inverseRenamedFrom: now.inverseLabel }
          : {}),
      });
      return;
    }
    case 'limit': {
      const was = before as NormalizedLimit | undefined;
      if (was === undefined) {
        tombstones.push({
          kind: 'limit',
          from: ref.from,
          to: ref.to,
          ...(ref.label === undefined
            ? { category: ref.category, ...(typeof ref.typeId === 'number' ? { typeId: ref.typeId } : {}) }
            : { label: ref.label }),
        });
        return;
      }
      const limit: NormalizedLimit =
        was.label === undefined
          ? { category: was.category, ...(was.typeId === undefined ? {} : { typeId: was.typeId }) }
          : { category: was.category, label: was.label };
      if (was.maxToObjectIds !== undefined) limit.maxToObjectIds = was.maxToObjectIds;
      pairOf(state, ref.from, ref.to).limits.set(limitKey(limit), limit);
      return;
    }
    case 'eventDefinition': {
      const event = eventOf(state, ref.eventName);
      if (before !== undefined) event.definition = before as NormalizedEventDefinition['definition'];
      return;
    }
    case 'eventProperty':
      if (before === undefined)
        tombstones.push({ kind: 'eventProperty', eventName: ref.eventName, name: ref.name });
      else eventOf(state, ref.eventName).properties.set(ref.name, before as NormalizedEventProperty);
      return;
  }
}

/**
 * The diff's changes of renamed and rewritten properties replaced by their data steps: a rename back
 * (the old name restored by its create, every value copied back over what the apply left, the new name
 * archived), and a put-back of the options and the values of the records the apply rewrote.
 */
function adjustChanges(
  changes: readonly Change[],
  renames: ReadonlyMap<string, Extract<Reversal, { kind: 'rename' }>>,
  rewrites: ReadonlyMap<string, Extract<Reversal, { kind: 'rewrite' }>>,
  live: SchemaState,
  recordId: string,
): Change[] {
  const out: Change[] = [];
  const handled = new Set<string>();
  for (const rename of renames.values()) {
    handled.add(propertyAddress(rename.objectType, rename.back.name));
    handled.add(propertyAddress(rename.objectType, rename.current));
  }
  for (const change of changes) {
    const ref = targetOf(change);
    const address = ref.kind === 'property' ? propertyAddress(ref.objectType, ref.name) : undefined;
    if (address !== undefined && handled.has(address)) continue;
    const rewrite = address === undefined ? undefined : rewrites.get(address);
    // the diff's update of a rewritten property: its fields are what the put-back sets
    if (rewrite !== undefined && actionOf(change) === 'update') {
      out.push(
        unremapChange({
          objectType: rewrite.objectType,
          name: rewrite.name,
          fields: [...changedFieldsOf(change)],
          values: rewrite.values,
          multiple: rewrite.multiple,
          record: recordId,
        }),
      );
      continue;
    }
    out.push(change);
  }
  for (const rename of renames.values()) {
    const current = liveProperty(live, rename.objectType, rename.current);
    if (current === undefined) continue;
    const restored = liveProperty(live, rename.objectType, rename.back.name) !== undefined;
    out.push(renameBackChange(rename.objectType, current, rename.back, restored));
  }
  return out;
}

function emptyState(): SchemaState {
  return { objects: new Map(), associations: new Map(), events: new Map() };
}

function objectOf(state: SchemaState, objectType: string): ObjectSchema {
  const key = canonicalObjectType(objectType);
  return getOrCreate(state.objects, key, () => ({
    objectType: key,
    properties: new Map(),
    propertyFlags: new Map(),
    groups: new Map(),
  }));
}

function pairOf(state: SchemaState, from: string, to: string): AssociationPairSchema {
  return getOrCreate(state.associations, pairKey(from, to), () => ({
    from: canonicalObjectType(from),
    to: canonicalObjectType(to),
    labels: new Map(),
    limits: new Map(),
  }));
}

function eventOf(state: SchemaState, eventName: string): NormalizedEventDefinition {
  return getOrCreate(state.events, eventName, () => ({
    name: eventName,
    exists: true,
    properties: new Map(),
    propertyFlags: new Map(),
  }));
}
