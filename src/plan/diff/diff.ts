/**
 * The diff: desired state (manifests, tombstones) against live state -> changes and diagnostics.
 * Pure: no I/O, no printing. Severity, order and requests come after (`rules/`, `order.ts`, `kinds/`).
 */
import type { SchemaState } from '../../model/schema-model.js';
import type { Change } from '../change-types.js';
import type { DesiredState } from '../../model/desired-state.js';
import type { ScopePolicy } from '../../model/policy.js';
import type { PlanDiagnostic } from '../diagnostics.js';
import { canonicalObjectType } from '../../model/object-types.js';
import { diffAssociations } from './associations.js';
import { createDiffContext } from './diff-context.js';
import { diffEvents } from './events.js';
import { diffGroups } from './groups.js';
import { diffProperties } from './properties.js';
import { DEFAULT_POLICY } from '../../model/policy.js';

export interface DiffOptions {
  policy: ScopePolicy;
}

export interface DiffResult {
  changes: Change[];
  diagnostics: PlanDiagnostic[];
}

const LEVEL_ORDER = { error: 0, warning: 1, info: 2 } as const;

export function diff(
  desired: DesiredState,
  live: SchemaState,
  options: DiffOptions = { policy: DEFAULT_POLICY },
): DiffResult {
  const ctx = createDiffContext(desired, live, options.policy);

  // object types in a manifest, in a tombstone, or (for the unmanaged policy) read live
  const objectTypes = new Set<string>(
    [...desired.state.objects.keys(), ...live.objects.keys()].map(canonicalObjectType),
  );
  for (const tombstone of desired.tombstones) {
    if (tombstone.kind === 'property' || tombstone.kind === 'group')
      objectTypes.add(canonicalObjectType(tombstone.objectType));
  }
  for (const objectType of objectTypes) {
    const desiredSchema = desired.state.objects.get(objectType);
    const liveSchema = live.objects.get(objectType);
    const archived = diffProperties(ctx, objectType, desiredSchema, liveSchema);
    diffGroups(ctx, objectType, desiredSchema, liveSchema, archived);
  }
  diffAssociations(ctx);
  diffEvents(ctx);

  return { changes: ctx.changes, diagnostics: sortDiagnostics(ctx.diagnostics) };
}

/** Errors first, then warnings, then notes; by address within a level (none first), else as found. */
export function sortDiagnostics(diagnostics: readonly PlanDiagnostic[]): PlanDiagnostic[] {
  return diagnostics
    .map((d, index) => ({ d, index }))
    .sort(
      (a, b) =>
        LEVEL_ORDER[a.d.level] - LEVEL_ORDER[b.d.level] ||
        compare(a.d.address, b.d.address) ||
        a.index - b.index,
    )
    .map(({ d }) => d);
}

function compare(a: string | undefined, b: string | undefined): number {
  const x = a ?? '';
  const y = b ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}
