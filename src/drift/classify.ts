/**
 * A plan (live -> manifests) read as drift: each change says how the account differs from the manifests.
 * A create means the declared resource is missing live; an update or replace, that it was edited outside
 * crm-schema (the change's fields are the live and declared values); a removal, that a tombstoned resource
 * is still there, or that a live resource in the managed scope is in no manifest. Pure.
 *
 * Changes are read by their `action` and `meta`, with a few types handled on their own (limits, the
 * delete + create of an event property's type change), so that a change type added to the planner later
 * is still classified.
 */
import { managedScope } from '../plan/diff/diff-context.js';
import type { FieldChange, RemovalCause } from '../plan/change-types.js';
import { isRef } from '../plan/change-types.js';
import type { PlanPolicy } from '../plan/desired.js';
import type { Diagnostic } from '../plan/diagnostics.js';
import type { PlanDocument, PlannedChange } from '../plan/plan-document.js';
import {
  DRIFT_FORMAT_VERSION,
  driftCounts,
  type DriftDocument,
  type DriftEdited,
  type DriftField,
  type DriftKind,
  type DriftMissing,
  type DriftTombstoned,
  type DriftUnmanaged,
} from './drift-report.js';

export interface ClassifyOptions {
  /** the project's policy (not the one drift plans with): which unmanaged resources count */
  policy: PlanPolicy;
}

interface Lists {
  edited: DriftEdited[];
  missing: DriftMissing[];
  unmanaged: DriftUnmanaged[];
  tombstoned: DriftTombstoned[];
  /** the project's policy */
  policy: PlanPolicy;
}

type Meta = Record<string, unknown>;
type Handler = (change: PlannedChange, meta: Meta, out: Lists) => void;

/** Types that do not follow the generic reading by action. */
const SPECIAL: Readonly<Record<string, Handler>> = {
  'limit.set': (change, meta, out) => {
    // a limit on a label this plan creates is part of that missing label
    if (isRef(meta.typeId)) return;
    const declared = meta.new as number;
    if (meta.mode === 'create') {
      out.missing.push({ address: change.address, kind: 'limit', declared });
      return;
    }
    const live = (meta.old as number | undefined) ?? null;
    out.edited.push(edited(change, [{ field: 'maxToObjectIds', live, declared }], 'update'));
  },
  'limit.purge': (change, meta, out) => {
    const fields = [{ field: 'maxToObjectIds', live: meta.old as number, declared: null }];
    out.edited.push(edited(change, fields, 'update'));
  },
  'eventProperty.delete': (change, meta, out) => {
    if (meta.cause !== 'type-change') return byAction(change, meta, out);
    const live = (meta.property as { type: string }).type;
    const fields = [{ field: 'type', live, declared: meta.newType as string }];
    out.edited.push(edited(change, fields, 'replace'));
  },
  'eventProperty.create': (change, meta, out) => {
    // the second half of a type change: reported with its delete
    if (meta.replaces === true) return;
    byAction(change, meta, out);
  },
};

export function classifyDrift(plan: PlanDocument, options: ClassifyOptions): DriftDocument {
  const lists: Lists = { edited: [], missing: [], unmanaged: [], tombstoned: [], policy: options.policy };
  for (const change of plan.changes) {
    const meta = change.meta as Meta;
    (SPECIAL[change.type] ?? byAction)(change, meta, lists);
  }
  const { policy: _policy, ...out } = lists;
  const diagnostics: Diagnostic[] = [];
  for (const diagnostic of plan.diagnostics) {
    // a declared event definition the account lacks: everything declared for it is missing
    if (diagnostic.code === 'unknown-event' && diagnostic.address !== undefined) {
      out.missing.push({ address: diagnostic.address, kind: 'eventDefinition' });
    } else {
      diagnostics.push(diagnostic);
    }
  }
  const byAddress = (a: { address: string }, b: { address: string }) =>
    a.address < b.address ? -1 : a.address > b.address ? 1 : 0;
  for (const list of Object.values(out) as { address: string }[][]) list.sort(byAddress);
  const counted = driftCounts(out);
  return {
    formatVersion: DRIFT_FORMAT_VERSION,
    drifted: counted.total > 0,
    ...(plan.target === undefined ? {} : { target: plan.target }),
    counts: counted,
    ...out,
    diagnostics,
  };
}

function byAction(change: PlannedChange, meta: Meta, out: Lists): void {
  const kind = kindOf(change);
  if (change.action === 'create') {
    out.missing.push({ address: change.address, kind });
  } else if (change.action === 'update' || change.action === 'replace') {
    const fields = toDriftFields((meta.fields as FieldChange[] | undefined) ?? []);
    out.edited.push(edited(change, fields, change.action));
  } else if ((meta.cause as RemovalCause | undefined) === 'unmanaged') {
    const scope = unmanagedScope(kind, meta, out.policy);
    if (scope === undefined) return;
    const label = liveLabel(meta);
    out.unmanaged.push({ address: change.address, kind, ...(label === undefined ? {} : { label }), scope });
  } else {
    out.tombstoned.push({ address: change.address, kind });
  }
}

function edited(change: PlannedChange, fields: DriftField[], fix: DriftEdited['fix']): DriftEdited {
  return { address: change.address, kind: kindOf(change), fields, fix };
}

/** A plan field change (old: live, new: desired) in the drift report's words. */
function toDriftFields(fields: readonly FieldChange[]): DriftField[] {
  return fields.map((f) => ({
    field: f.field,
    live: f.old,
    declared: f.new,
    ...(f.options === undefined ? {} : { options: f.options }),
  }));
}

function kindOf(change: PlannedChange): DriftKind {
  return change.type.slice(0, change.type.indexOf('.')) as DriftKind;
}

/** The live resource's label: `meta.property.label` or the label text of `meta.label`. */
function liveLabel(meta: Meta): string | undefined {
  const property = meta.property as { label?: unknown } | undefined;
  if (typeof property?.label === 'string') return property.label;
  const group = meta.group as { label?: unknown } | undefined;
  return typeof group?.label === 'string' ? group.label : undefined;
}

/**
 * Why an unmanaged resource counts, or undefined when it does not. User labels of a declared pair have no
 * `manage` entry: they count when the project's policy looks at unmanaged resources at all (`report` or
 * `archive`). Properties and event properties count whenever `manage` puts them in scope, whatever
 * `unmanaged` says (drift plans with `unmanaged: archive`, so the planner lists exactly those).
 */
function unmanagedScope(kind: DriftKind, meta: Meta, policy: PlanPolicy): string | undefined {
  if (kind === 'label') return policy.unmanaged === 'ignore' ? undefined : 'its pair is declared';
  const objectType = kind === 'property' ? (meta.objectType as string) : undefined;
  const property = meta.property as { groupName?: string } | undefined;
  return managedScope(policy, objectType)(meta.name as string, property?.groupName) ?? 'the managed scope';
}
