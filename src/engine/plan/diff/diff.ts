/**
 * The diff: desired state (manifests, tombstones) against live state -> changes and diagnostics, each
 * family diffing its own resources.
 * Pure: no I/O, no printing. Severity, order and requests come after (`rules/`, `order.ts`, `kinds/`).
 */
import type { SchemaState } from '../../model/schema-model.js';
import type { ChangeShape } from '../change-shapes.js';
import type { DesiredState } from '../../model/desired-state.js';
import type { ScopePolicy } from '../../model/policy.js';
import type { PlanDiagnostic } from '../diagnostics.js';
import { families } from '../../installed.js';
import { createDiffContext } from './create-context.js';
import { DEFAULT_POLICY } from '../../model/policy.js';

export interface DiffOptions {
  policy: ScopePolicy;
}

export interface DiffResult {
  changes: ChangeShape[];
  diagnostics: PlanDiagnostic[];
}

const LEVEL_ORDER = { error: 0, warning: 1, info: 2 } as const;

export function diff(
  desired: DesiredState,
  live: SchemaState,
  options: DiffOptions = { policy: DEFAULT_POLICY },
): DiffResult {
  const ctx = createDiffContext(desired, live, options.policy);
  // each family diffs its own resources, in the order of the list
  for (const family of families()) family.diff(ctx);
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
