/** State shared by the diff steps: inputs, the tombstones indexed by address, and the outputs. */
import { USER_DEFINED } from '../../model/normalize-association.js';
import { canonicalObjectType } from '../../model/object-types.js';
import type { PropertyFlags, SchemaState } from '../../model/schema-model.js';
import {
  eventPropertyAddress,
  groupAddress,
  labelAddress,
  limitAddress,
  propertyAddress,
} from '../../model/address.js';
import type { Change } from '../change-types.js';
import type { DesiredState, Tombstone } from '../../model/desired-state.js';
import type { PlanDiagnostic } from '../diagnostics.js';
import type { ScopePolicy } from '../../model/policy.js';

type TombstoneKind = Tombstone['kind'];

export interface DiffContext {
  desired: DesiredState;
  live: SchemaState;
  policy: ScopePolicy;
  /** per kind, keyed by address */
  tombstones: ReadonlyMap<TombstoneKind, ReadonlyMap<string, Tombstone>>;
  changes: Change[];
  diagnostics: PlanDiagnostic[];
}

export function createDiffContext(
  desired: DesiredState,
  live: SchemaState,
  policy: ScopePolicy,
): DiffContext {
  const tombstones = new Map<TombstoneKind, Map<string, Tombstone>>();
  for (const tombstone of desired.tombstones) {
    let byAddress = tombstones.get(tombstone.kind);
    if (byAddress === undefined) {
      byAddress = new Map<string, Tombstone>();
      tombstones.set(tombstone.kind, byAddress);
    }
    byAddress.set(tombstoneAddress(tombstone), tombstone);
  }
  return { desired, live, policy, tombstones, changes: [], diagnostics: [] };
}

const TOMBSTONE_ADDRESS: { readonly [K in TombstoneKind]: (t: Extract<Tombstone, { kind: K }>) => string } = {
  property: (t) => propertyAddress(canonicalObjectType(t.objectType), t.name),
  group: (t) => groupAddress(canonicalObjectType(t.objectType), t.name),
  label: (t) => labelAddress(t.from, t.to, t.label),
  limit: (t) =>
    limitAddress(t.from, t.to, {
      category: t.label !== undefined ? USER_DEFINED : (t.category ?? ''),
      typeId: t.typeId,
      label: t.label,
    }),
  eventProperty: (t) => eventPropertyAddress(t.eventName, t.name),
};

export function tombstoneAddress(t: Tombstone): string {
  return (TOMBSTONE_ADDRESS[t.kind] as (t: Tombstone) => string)(t);
}

export function tombstonesOf(ctx: DiffContext, kind: TombstoneKind): ReadonlyMap<string, Tombstone> {
  return ctx.tombstones.get(kind) ?? new Map<string, Tombstone>();
}

/** Adds a diagnostic, pointing at the manifest location of `address` when the desired side knows it. */
export function diagnose(ctx: DiffContext, diagnostic: PlanDiagnostic): void {
  const { source: given, ...rest } = diagnostic;
  const source = given ?? (rest.address === undefined ? undefined : ctx.desired.sources?.get(rest.address));
  // no `source: undefined` member: the plan document must survive a JSON round trip unchanged
  ctx.diagnostics.push(source === undefined ? rest : { ...rest, source });
}

/** A resource both declared and tombstoned: an error at the tombstone; the resource is left alone. */
export function tombstoneConflict(
  ctx: DiffContext,
  address: string,
  tombstone: Tombstone,
  message: string,
): void {
  diagnose(ctx, {
    level: 'error',
    code: 'TOMBSTONE_CONFLICT',
    address,
    source: tombstone.source,
    message,
    hint: 'Keep one of the two.',
  });
}

/** A live resource counts when present and not archived. */
export function isActive(flags: PropertyFlags | undefined): boolean {
  return flags?.archived !== true;
}

export function isBuiltIn(flags: PropertyFlags | undefined): boolean {
  return flags?.platformDefined === true;
}

/** The managed scope's questions live in manage-scope.ts; other parts (drift, pull) ask them here too. */
export { managedScope } from './manage-scope.js';
