/**
 * A plan (live -> manifests) read as drift: each change says how the account differs from the manifests.
 * A create means the declared resource is missing live; an update or replace, that it was edited outside
 * crm-schema (the change's fields are the live and declared values); a removal, that a tombstoned resource
 * is still there, or that a live resource in the managed scope is in no manifest. Pure.
 *
 * With a baseline (the manifests as last deployed), a change the baseline's own plan does not also hold
 * is waiting for a deploy (`notDeployed`): the account still matches what was deployed, and the manifests
 * changed since. Unmanaged resources stay unmanaged whatever the baseline says.
 */
import { liveEventPropertyFlags, livePropertyFlags } from '../model/schema-lookup.js';
import type { SchemaState } from '../model/schema-model.js';
import { propertyAddress } from '../model/address.js';
import type { Change, FieldChange } from '../plan/change-types.js';
import { isRef } from '../plan/change-types.js';
import { addressOf, causeOf, changedFieldsOf, isCreate, targetOf } from '../plan/kinds/registry.js';
import type { PlanDiagnostic } from '../plan/diagnostics.js';
import { eventScope, managedScope } from '../plan/diff/manage-scope.js';
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
import { defined } from '../core/defined.js';

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
    if (secondHalf(change)) continue;
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
      classifyOne(change, lists, options);
    }
  }
  const diagnostics: PlanDiagnostic[] = [];
  for (const diagnostic of plan.diagnostics) {
    // a declared event definition the account lacks: everything declared for it is missing
    if (diagnostic.code === 'UNKNOWN_EVENT' && diagnostic.address !== undefined) {
      lists.missing.push({ address: diagnostic.address, kind: 'eventDefinition' });
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

/** Changes reported with another: a limit on a label the plan creates, an event property's recreation. */
function secondHalf(change: Change): boolean {
  return (
    (change.type === 'limit.set' && isRef(change.meta.typeId)) ||
    (change.type === 'eventProperty.create' && change.meta.replaces === true)
  );
}

function classifyOne(change: PlannedChange, out: Lists, options: ClassifyOptions): void {
  const kind = kindOf(change);
  const { address } = change;
  switch (change.type) {
    case 'limit.set': {
      if (change.meta.mode === 'create') {
        out.missing.push({ address, kind, declared: change.meta.new });
        return;
      }
      const fields = [{ field: 'maxToObjectIds', live: change.meta.old ?? null, declared: change.meta.new }];
      out.edited.push({ address, kind, fields, fix: 'update' });
      return;
    }
    case 'limit.purge':
      out.edited.push({
        address,
        kind,
        fields: [{ field: 'maxToObjectIds', live: change.meta.old, declared: null }],
        fix: 'update',
      });
      return;
    case 'property.rename':
      // the old name of a finished rename came back: a retired resource live again
      if (change.meta.finished !== undefined) {
        out.tombstoned.push({ address: propertyAddress(change.meta.objectType, change.meta.from), kind });
        return;
      }
      break;
    case 'eventProperty.delete':
      if (change.meta.cause === 'type-change') {
        const fields = [
          { field: 'type', live: change.meta.property.type, declared: change.meta.newType ?? null },
        ];
        out.edited.push(withModified({ address, kind, fields, fix: 'replace' }, change, options.live));
        return;
      }
      break;
    default:
      break;
  }
  // a rename not started yet: the declared property is missing under its new name
  if (change.action === 'create' || (change.type === 'property.rename' && isCreate(change))) {
    out.missing.push({ address, kind });
  } else if (change.action === 'update' || change.action === 'replace') {
    const edited: DriftEdited = {
      address,
      kind,
      fields: toDriftFields(changedFieldsOf(change)),
      fix: change.action,
    };
    out.edited.push(withModified(edited, change, options.live));
  } else if (causeOf(change) === 'unmanaged') {
    const scope = unmanagedScope(change, options.policy);
    if (scope === undefined) return;
    const label = liveLabel(change);
    out.unmanaged.push({ address, kind, ...defined({ label }), scope });
  } else {
    out.tombstoned.push({ address, kind });
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

/** When and by whom a property (or event property) was last changed, as the account says. */
function withModified(entry: DriftEdited, change: Change, live: SchemaState | undefined): DriftEdited {
  if (live === undefined) return entry;
  const target = targetOf(change);
  const flags =
    target.kind === 'property'
      ? livePropertyFlags(live, target.objectType, target.name)
      : target.kind === 'eventProperty'
        ? liveEventPropertyFlags(live, target.eventName, target.name)
        : undefined;
  if (flags?.updatedAt === undefined && flags?.updatedUserId === undefined) return entry;
  const modified: { at?: string; by?: string } = {};
  if (flags.updatedAt !== undefined) modified.at = flags.updatedAt;
  if (flags.updatedUserId !== undefined) modified.by = flags.updatedUserId;
  return { ...entry, modified };
}

/** The live resource's label, for an unmanaged property or group. */
function liveLabel(change: Change): string | undefined {
  if (change.type === 'property.archive') return change.meta.property.label;
  if (change.type === 'group.archive') return change.meta.group.label;
  return undefined;
}

/**
 * Why an unmanaged resource counts, or undefined when it does not. User labels of a declared pair have no
 * `manage` entry: they count when the project's policy looks at unmanaged resources at all (`report` or
 * `archive`). Properties and event properties count whenever `manage` puts them in scope, whatever
 * `unmanaged` says (drift plans with `unmanaged: archive`, so the planner lists exactly those).
 */
function unmanagedScope(change: Change, policy: ScopePolicy): string | undefined {
  switch (change.type) {
    case 'label.delete':
      return policy.unmanaged === 'ignore' ? undefined : 'its pair is declared';
    case 'property.archive':
      return (
        managedScope(policy, change.meta.objectType)(change.meta.name, change.meta.property.groupName) ??
        'the managed scope'
      );
    case 'eventProperty.delete':
      return eventScope(policy).property(change.meta.eventName, change.meta.name) ?? 'the managed scope';
    default:
      return 'the managed scope';
  }
}
