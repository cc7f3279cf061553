/** State shared by the diff steps: inputs, the tombstones indexed by address, and the outputs. */
import type { ResourceFlags, SchemaState } from '../../model/schema-model.js';
import type { ChangeShape } from '../change-shapes.js';
import type { DesiredState, Tombstone } from '../../model/desired-state.js';
import type { PlanDiagnostic } from '../diagnostics.js';
import type { ScopePolicy } from '../../model/policy.js';

export type TombstoneKind = string;

export interface DiffContext {
  desired: DesiredState;
  live: SchemaState;
  policy: ScopePolicy;
  /** per kind, keyed by address */
  tombstones: ReadonlyMap<TombstoneKind, ReadonlyMap<string, Tombstone>>;
  changes: ChangeShape[];
  diagnostics: PlanDiagnostic[];
}

/** The tombstones of one kind, keyed by address (typed as the family that declares them says). */
export function tombstonesOf<T extends Tombstone = Tombstone>(
  ctx: DiffContext,
  kind: T['kind'],
): ReadonlyMap<string, T> {
  return (ctx.tombstones.get(kind) ?? new Map<string, Tombstone>()) as ReadonlyMap<string, T>;
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
export function isActive(flags: ResourceFlags | undefined): boolean {
  return flags?.archived !== true;
}

export function isBuiltIn(flags: ResourceFlags | undefined): boolean {
  return flags?.platformDefined === true;
}
