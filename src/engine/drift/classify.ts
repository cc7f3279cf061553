/**
 * A plan (live -> manifests) read as drift: each change says how the account differs from the manifests.
 * A create means the declared resource is missing live; an update or replace, that it was edited outside
 * crm-schema (the change's fields are the live and declared values); a removal, that a tombstoned resource
 * is still there, or that a live resource in the managed scope is in no manifest. Pure.
 *
 * With a baseline (the manifests as last deployed), a change the baseline's own plan does not also hold
 * is waiting for a deploy (`notDeployed`): the account still matches what was deployed, and the manifests
 * changed since. Unmanaged resources stay unmanaged whatever the baseline says.
 *
 * How a change reads is its kind's (`drift`, a `DriftReading`), or else follows from its action.
 */
import type { SchemaState } from '../model/schema-model.js';
import type { Change } from '../plan/change-types.js';
import type { FieldChange } from '../plan/change-shapes.js';
import type { DriftReading } from '../plan/kinds/change-kind.js';
import { addressOf, causeOf, changedFieldsOf, driftReadingOf, targetOf } from '../plan/kinds/registry.js';
import type { PlanDiagnostic } from '../plan/diagnostics.js';
import type { PlanDocument, PlannedChange } from '../plan/plan-document.js';
import {
  DRIFT_FORMAT_VERSION,
  driftCounts,
  type DriftDocument,
  type DriftEdited,
  type DriftField,
  type DriftKind,
  type DriftMissing,
  type DriftNotDeployed,
  type DriftTombstoned,
  type DriftUnmanaged,
} from './drift-report.js';
import type { ScopePolicy } from '../model/policy.js';
import { defined } from '../../core/defined.js';
import { families, resourceTypeOf } from '../installed.js';

export interface ClassifyOptions {
  /** the project's policy (not the one drift plans with): which unmanaged resources count */
  policy: ScopePolicy;
  /** the live state: when and by whom an edited resource was last changed */
  live?: SchemaState;
  /** with a baseline: the resources the baseline's plan differs on too (`resourceKey`) */
  baselineDiffers?: ReadonlySet<string>;
}

interface Lists {
  edited: DriftEdited[];
  missing: DriftMissing[];
  unmanaged: DriftUnmanaged[];
  tombstoned: DriftTombstoned[];
  notDeployed: DriftNotDeployed[];
}

/** The resource a change is about: its kind and address (a label and its limit share an address). */
export function resourceKey(change: Change): string {
  return `${kindOf(change)} ${addressOf(change)}`;
}

export function classifyDrift(plan: PlanDocument, options: ClassifyOptions): DriftDocument {
  const lists: Lists = { edited: [], missing: [], unmanaged: [], tombstoned: [], notDeployed: [] };
  for (const change of plan.changes) {
    const reading = readingOf(change, options.policy);
    if (reading.as === 'with-another') continue;
    const unmanaged = causeOf(change) === 'unmanaged';
    if (
      options.baselineDiffers !== undefined &&
      !unmanaged &&
      !options.baselineDiffers.has(resourceKey(change))
    ) {
      lists.notDeployed.push({
        address: change.address,
        kind: kindOf(change),
        change: change.message,
        action: change.action,
      });
    } else {
      place(change, reading, lists, options);
    }
  }
  const diagnostics: PlanDiagnostic[] = [];
  for (const diagnostic of plan.diagnostics) {
    // a declared resource the account lacks that the plan cannot create (a family says which codes mean
    // that): everything declared for it is missing
    const missing = diagnostic.address === undefined ? undefined : missingKindOf(diagnostic.code);
    if (missing !== undefined && diagnostic.address !== undefined) {
      lists.missing.push({ address: diagnostic.address, kind: missing });
    } else {
      diagnostics.push(diagnostic);
    }
  }
  const byAddress = (a: { address: string }, b: { address: string }) =>
    a.address < b.address ? -1 : a.address > b.address ? 1 : 0;
  for (const list of Object.values(lists) as { address: string }[][]) list.sort(byAddress);
  const counted = driftCounts(lists);
  return {
    formatVersion: DRIFT_FORMAT_VERSION,
    drifted: counted.total > 0,
    ...defined({ target: plan.target }),
    counts: counted,
    ...lists,
    diagnostics,
  };
}

/** How a change reads as drift: its kind's reading, or else by its action. */
function readingOf(change: PlannedChange, policy: ScopePolicy): DriftReading {
  const own = driftReadingOf(change, { policy });
  if (own !== undefined) return own;
  if (change.action === 'create') return { as: 'missing' };
  if (change.action === 'update' || change.action === 'replace')
    return { as: 'edited', fields: changedFieldsOf(change), fix: change.action };
  if (causeOf(change) === 'unmanaged') return { as: 'unmanaged', scope: 'the managed scope' };
  return { as: 'tombstoned' };
}

function place(change: PlannedChange, reading: DriftReading, out: Lists, options: ClassifyOptions): void {
  const kind = kindOf(change);
  const { address } = change;
  switch (reading.as) {
    case 'missing':
      out.missing.push({ address, kind, ...defined({ declared: reading.declared, note: reading.note }) });
      return;
    case 'edited': {
      const edited: DriftEdited = { address, kind, fields: toDriftFields(reading.fields), fix: reading.fix };
      out.edited.push(withModified(edited, change, options.live));
      return;
    }
    case 'unmanaged':
      if (reading.scope === undefined) return;
      out.unmanaged.push({ address, kind, ...defined({ label: reading.label }), scope: reading.scope });
      return;
    case 'tombstoned':
      out.tombstoned.push({ address: reading.address ?? address, kind });
      return;
    case 'with-another':
      return;
  }
}

/** The kind of resource a change acts on. */
function kindOf(change: Change): DriftKind {
  return targetOf(change).kind;
}

/** A plan field change (old: live, new: desired) in the drift report's words. */
function toDriftFields(fields: readonly FieldChange[]): DriftField[] {
  return fields.map((f) => ({
    field: f.field,
    live: f.old,
    declared: f.new,
    ...defined({ options: f.options }),
  }));
}

/** When and by whom a resource was last changed, as the account says (when its type keeps that). */
function withModified(entry: DriftEdited, change: Change, live: SchemaState | undefined): DriftEdited {
  if (live === undefined) return entry;
  const target = targetOf(change);
  const flags = resourceTypeOf(target).type.flags?.(target, live);
  if (flags?.updatedAt === undefined && flags?.updatedUserId === undefined) return entry;
  const modified: { at?: string; by?: string } = {};
  if (flags.updatedAt !== undefined) modified.at = flags.updatedAt;
  if (flags.updatedUserId !== undefined) modified.by = flags.updatedUserId;
  return { ...entry, modified };
}

/** The kind of resource a diagnostic code says is missing from the account, when a family says so. */
function missingKindOf(code: string): string | undefined {
  for (const family of families()) {
    const kind = family.missingCodes?.[code];
    if (kind !== undefined) return kind;
  }
  return undefined;
}
