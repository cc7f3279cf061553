/**
 * Finding the live resource a change acts on in a normalised live state (read back by `read-back.ts`),
 * and comparing values field by field. Shared by the stale check and by the reconciliation of uncertain
 * or conflicting writes.
 */
import { pairKey } from '../../model/normalize-association.js';
import { canonicalObjectType } from '../../model/object-types.js';
import type {
  NormalizedEventProperty,
  NormalizedGroup,
  NormalizedLabel,
  NormalizedLimit,
  NormalizedProperty,
  SchemaState,
} from '../../model/schema-model.js';
import { canonicalJson } from '../../plan/canonical-json.js';
import type { JsonValue, LimitSetChange } from '../../plan/change-types.js';
import { isRef } from '../../plan/change-types.js';
import type { FieldDifference } from '../types.js';

/** An active custom or built-in property; an archived one counts as absent (as the planner sees it). */
export function liveProperty(
  live: SchemaState,
  objectType: string,
  name: string,
): NormalizedProperty | undefined {
  const schema = live.objects.get(canonicalObjectType(objectType));
  if (schema?.propertyFlags.get(name)?.archived === true) return undefined;
  return schema?.properties.get(name);
}

export function liveGroup(live: SchemaState, objectType: string, name: string): NormalizedGroup | undefined {
  return live.objects.get(canonicalObjectType(objectType))?.groups.get(name);
}

export function liveLabelByText(
  live: SchemaState,
  from: string,
  to: string,
  text: string,
): NormalizedLabel | undefined {
  return live.associations.get(pairKey(from, to))?.labels.get(text);
}

export function liveLabelByTypeId(
  live: SchemaState,
  from: string,
  to: string,
  typeId: number | undefined,
): NormalizedLabel | undefined {
  for (const label of live.associations.get(pairKey(from, to))?.labels.values() ?? []) {
    if (label.typeId === typeId) return label;
  }
  return undefined;
}

/** The limit set live on one association type, or undefined when none is set. */
export function liveLimit(
  live: SchemaState,
  from: string,
  to: string,
  category: string,
  typeId: number | undefined,
): NormalizedLimit | undefined {
  if (typeId === undefined) return undefined;
  for (const limit of live.associations.get(pairKey(from, to))?.limits.values() ?? []) {
    if (limit.category === category && limit.typeId === typeId) return limit;
  }
  return undefined;
}

export function liveEventProperty(
  live: SchemaState,
  eventName: string,
  name: string,
): NormalizedEventProperty | undefined {
  const definition = live.events.get(eventName);
  return definition?.exists === true ? definition.properties.get(name) : undefined;
}

/**
 * The typeId a limit change acts on: its own, or for a `{ ref }` to a label created by the plan, the
 * typeId learned when the label was created (`typeIds`), else the live label's of that text.
 */
export function limitTypeId(
  meta: LimitSetChange['meta'],
  live: SchemaState | undefined,
  typeIds: ReadonlyMap<string, number>,
): number | undefined {
  if (!isRef(meta.typeId)) return meta.typeId;
  const known = typeIds.get(meta.typeId.ref);
  if (known !== undefined) return known;
  if (live === undefined || meta.label === undefined) return undefined;
  return liveLabelByText(live, meta.from, meta.to, meta.label)?.typeId;
}

function json(value: unknown): JsonValue {
  return value === undefined ? null : (value as JsonValue);
}

/** Fields of `expected` whose value differs in `actual` (compared as canonical JSON; unset is null). */
export function fieldDifferences(
  expected: object,
  actual: object,
  fields: readonly string[] = unionKeys(expected, actual),
): FieldDifference[] {
  const e = expected as Record<string, unknown>;
  const a = actual as Record<string, unknown>;
  const out: FieldDifference[] = [];
  for (const field of fields) {
    if (canonicalJson(e[field] ?? null) !== canonicalJson(a[field] ?? null)) {
      out.push({ field, expected: json(e[field]), actual: json(a[field]) });
    }
  }
  return out;
}

function unionKeys(a: object, b: object): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
}

/** The value of `field` of a live resource, unset as null (as FieldChange stores it). */
export function fieldValue(resource: object, field: string): JsonValue {
  return json((resource as Record<string, unknown>)[field]);
}

export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a ?? null) === canonicalJson(b ?? null);
}
