/**
 * The ownership scope: when the target's policy has a `manage` scope (any entry), every resource a
 * manifest names must lie inside it (manage-scope.ts says what lies inside). A resource outside it is an
 * error at its manifest entry (OUTSIDE_MANAGE_SCOPE), saying why and which entry adopts it on purpose,
 * and the diff leaves the resource alone: the plan cannot be applied, so nothing is written.
 *
 * - a live property: by its name or its live group; the declared group does not count (a manifest must not
 *   take a property by moving it into a managed group);
 * - a property the account lacks: by its name or its declared group; an archived one (restored by the
 *   plan): by its name or the group it was archived in;
 * - the old name of a rename, a tombstone: the live property, by its name or its live group;
 * - a group, declared or tombstoned: listed in `manage.groups`, or by its name;
 * - an event definition the plan creates: listed in `manage.events`, or by its name;
 * - an event property, declared or tombstoned: by its name or its event definition;
 * - with `manage.labels` (label-scope.ts): a user label pair by its texts. One the plan creates: by its
 *   declared texts; a live one: by its live texts and by its declared ones, so that a relabel needs both
 *   the old and the new text owned (a manifest cannot take a label by relabelling it into the scope, nor
 *   take one out of it); a tombstone: by its live texts. A limit declared by category and typeId (a
 *   built-in type's) only through an entry for the whole object pair. A user label's limit goes with it.
 *
 * Built-in resources are never changed (the diff warns about them instead), and a tombstone of something
 * already gone does nothing, so neither is checked. Without `manage.labels` labels have no owner (the
 * platform records none): a label pair a manifest names is the project's, and a project that has a scope
 * for the rest is warned once (NO_LABEL_SCOPE).
 */
import {
  eventDefinitionAddress,
  eventPropertyAddress,
  groupAddress,
  propertyAddress,
} from '../../model/address.js';
import type { NormalizedLabel, NormalizedProperty, ObjectSchema } from '../../model/schema-model.js';
import type { SourceLocation } from '../../core/source/source-location.js';
import type { DesiredState } from '../../model/desired-state.js';
import { hasLabelScope, hasManageScope, type ScopePolicy } from '../../model/policy.js';
import {
  entryForText,
  labelEntryText,
  labelScope,
  quotedEntry,
  type LabelScope,
} from '../../model/label-scope.js';
import type { PlanDiagnostic } from '../diagnostics.js';
import { diagnose, isActive, isBuiltIn, type DiffContext } from './diff-context.js';
import { eventScope, objectTypeScope, type ObjectTypeScope } from './manage-scope.js';

const OUTSIDE = "outside the policy's manage scope";
const NO_PREFIX = 'its name matches no manage prefix';

/** The scope questions of one object type, made once per diff (a diff asks them for every property). */
const scopes = new WeakMap<DiffContext, Map<string, ObjectTypeScope>>();

function scopeOf(ctx: DiffContext, objectType: string): ObjectTypeScope {
  let byType = scopes.get(ctx);
  if (byType === undefined) {
    byType = new Map();
    scopes.set(ctx, byType);
  }
  let scope = byType.get(objectType);
  if (scope === undefined) {
    scope = objectTypeScope(ctx.policy, objectType);
    byType.set(objectType, scope);
  }
  return scope;
}

/** A property a manifest declares (and the property it is renamed from): whether the diff may go on with it. */
export function ownsDeclaredProperty(
  ctx: DiffContext,
  objectType: string,
  property: NormalizedProperty,
  live: ObjectSchema | undefined,
): boolean {
  if (!hasManageScope(ctx.policy)) return true;
  const declared = declaredInScope(ctx, objectType, property, live);
  const renamed = renameSourceInScope(ctx, objectType, property, live);
  return declared && renamed;
}

/** Live: by its live group; archived (a restore): by the group it was archived in; new: by its declared group. */
function declaredInScope(
  ctx: DiffContext,
  objectType: string,
  property: NormalizedProperty,
  live: ObjectSchema | undefined,
): boolean {
  const flags = live?.propertyFlags.get(property.name);
  if (isBuiltIn(flags)) return true;
  const scope = scopeOf(ctx, objectType);
  const current = live?.properties.get(property.name);
  const group = current?.groupName ?? property.groupName;
  if (scope.property(property.name, group) !== undefined) return true;
  const why =
    current === undefined
      ? `it is new, its group '${group}' is not managed and ${NO_PREFIX}`
      : !isActive(flags)
        ? `it is archived in group '${group}', which is not managed, and ${NO_PREFIX} (declaring it restores it)`
        : scope.property(property.name, property.groupName) !== undefined
          ? `the manifest moves it into the managed group '${property.groupName}', but its live group '${group}' is not managed and ${NO_PREFIX}: a manifest cannot take a property by moving it`
          : `its live group '${group}' is not managed and ${NO_PREFIX}`;
  const address = propertyAddress(objectType, property.name);
  outside(
    ctx,
    address,
    undefined,
    `${address} is ${OUTSIDE}: ${why}`,
    adoptProperty(objectType, property.name, group),
  );
  return false;
}

/** The old name of a rename: the live property it copies from and archives. */
function renameSourceInScope(
  ctx: DiffContext,
  objectType: string,
  property: NormalizedProperty,
  live: ObjectSchema | undefined,
): boolean {
  const address = propertyAddress(objectType, property.name);
  const from = ctx.desired.renames?.get(address);
  const old = from === undefined ? undefined : live?.properties.get(from);
  if (from === undefined || old === undefined) return true;
  const flags = live?.propertyFlags.get(from);
  // a built-in source is refused by the rename itself; an archived one is no rename
  if (isBuiltIn(flags) || !isActive(flags)) return true;
  if (scopeOf(ctx, objectType).property(from, old.groupName) !== undefined) return true;
  outside(
    ctx,
    address,
    undefined,
    `${address} is renamed from ${propertyAddress(objectType, from)}, which is ${OUTSIDE}: its live group '${old.groupName}' is not managed and ${NO_PREFIX}`,
    adoptProperty(objectType, from, old.groupName, 'remove renamedFrom'),
  );
  return false;
}

/** A tombstone of a live custom property. */
export function ownsPropertyTombstone(
  ctx: DiffContext,
  objectType: string,
  current: NormalizedProperty,
  source: SourceLocation | undefined,
): boolean {
  if (!hasManageScope(ctx.policy)) return true;
  if (scopeOf(ctx, objectType).property(current.name, current.groupName) !== undefined) return true;
  const address = propertyAddress(objectType, current.name);
  outside(
    ctx,
    address,
    source,
    `${address} is marked archived, but it is ${OUTSIDE}: its live group '${current.groupName}' is not managed and ${NO_PREFIX}`,
    adoptProperty(objectType, current.name, current.groupName, 'remove the tombstone'),
  );
  return false;
}

/** A group a manifest declares, or a tombstone of a live group. */
export function ownsGroup(
  ctx: DiffContext,
  objectType: string,
  name: string,
  tombstone?: { source?: SourceLocation | undefined },
): boolean {
  if (!hasManageScope(ctx.policy)) return true;
  if (scopeOf(ctx, objectType).group(name) !== undefined) return true;
  const address = groupAddress(objectType, name);
  const what = tombstone === undefined ? `${address} is` : `${address} is marked archived, but it is`;
  outside(
    ctx,
    address,
    tombstone?.source,
    `${what} ${OUTSIDE}: manage.groups does not list it and ${NO_PREFIX}`,
    `To adopt it on purpose, add ${objectType}.${name} to policy.manage.groups; otherwise ${tombstone === undefined ? 'remove it from the manifest' : 'remove the tombstone'}.`,
  );
  return false;
}

/** An event definition the plan would create. */
export function ownsEventDefinition(ctx: DiffContext, eventName: string): boolean {
  if (!hasManageScope(ctx.policy)) return true;
  if (eventScope(ctx.policy).definition(eventName) !== undefined) return true;
  const address = eventDefinitionAddress(eventName);
  outside(
    ctx,
    address,
    undefined,
    `${address} is ${OUTSIDE}, so the plan may not create it: manage.events does not list it and ${NO_PREFIX}`,
    `To adopt it on purpose, add ${eventName} to policy.manage.events; otherwise remove its manifest.`,
  );
  return false;
}

/** An event property a manifest declares, or a tombstone of a live one. */
export function ownsEventProperty(
  ctx: DiffContext,
  eventName: string,
  name: string,
  tombstone?: { source?: SourceLocation | undefined },
): boolean {
  if (!hasManageScope(ctx.policy)) return true;
  if (eventScope(ctx.policy).property(eventName, name) !== undefined) return true;
  const address = eventPropertyAddress(eventName, name);
  const what = tombstone === undefined ? `${address} is` : `${address} is marked deleted, but it is`;
  outside(
    ctx,
    address,
    tombstone?.source,
    `${what} ${OUTSIDE}: ${NO_PREFIX} and manage.events does not list its event definition '${eventName}'`,
    `To adopt it on purpose, add ${eventName} to policy.manage.events (the event definition with all its properties); otherwise ${tombstone === undefined ? 'remove it from the manifest' : 'remove the tombstone'}.`,
  );
  return false;
}

/** The label scope, made once per diff. */
const labelScopes = new WeakMap<DiffContext, LabelScope>();

function labelScopeOf(ctx: DiffContext): LabelScope {
  let scope = labelScopes.get(ctx);
  if (scope === undefined) {
    scope = labelScope(ctx.policy.manage.labels ?? []);
    labelScopes.set(ctx, scope);
  }
  return scope;
}

/** A label pair as a manifest declares it: its direction and texts, and its address. */
export interface DeclaredLabel {
  from: string;
  to: string;
  label: NormalizedLabel;
  address: string;
}

/**
 * A user label pair a manifest declares; `live`: the account's pair it matched, seen from the declared
 * direction (undefined: the plan creates it). Both its live and its declared texts must be owned.
 */
export function ownsLabelPair(
  ctx: DiffContext,
  d: DeclaredLabel,
  live: NormalizedLabel | undefined,
): boolean {
  const scope = labelScopeOf(ctx);
  if (!scope.active) return true;
  const { from, to, label } = d;
  // the texts the pair ends with: an inverse text the manifest leaves out stays the account's (a new
  // label gets its own text in both directions)
  const inverse = label.inverseLabel ?? (live === undefined ? label.label : live.inverseLabel);
  const declaredIn = scope.label(from, to, [label.label, inverse]) !== undefined;
  const liveIn = live === undefined || scope.label(from, to, [live.label, live.inverseLabel]) !== undefined;
  if (declaredIn && liveIn) return true;
  const notDeclared = notOwned(scope, from, to, label.label, inverse);
  let why: string;
  if (live === undefined) {
    why = `it is new, and ${notDeclared}`;
  } else if (!liveIn) {
    const relabels =
      live.label !== label.label || (label.inverseLabel ?? live.inverseLabel) !== live.inverseLabel;
    why =
      `it is the account's label '${live.label}', and ${notOwned(scope, from, to, live.label, live.inverseLabel)}` +
      (relabels && declaredIn
        ? `; the manifest relabels it to '${label.label}', which is managed, but a manifest cannot take a label by relabelling it`
        : '');
  } else {
    why =
      `the manifest relabels the account's label '${live.label}' (managed) to '${label.label}', and ` +
      `${notDeclared}: a relabel cannot take a label out of the scope`;
  }
  const texts = [
    ...(live !== undefined && !liveIn ? [live.label] : []),
    ...(declaredIn ? [] : [label.label]),
  ];
  outside(
    ctx,
    d.address,
    undefined,
    `${d.address} is ${OUTSIDE}: ${why}`,
    adoptLabel(from, to, texts, 'remove it from the manifest'),
  );
  return false;
}

/**
 * A tombstone (`deleted: true`) of a live user label pair, `live` seen from the tombstone's direction (or
 * of the limit on it: `removed`).
 */
export function ownsLabelTombstone(
  ctx: DiffContext,
  from: string,
  to: string,
  live: NormalizedLabel,
  address: string,
  source: SourceLocation | undefined,
  marked: 'deleted' | 'removed' = 'deleted',
): boolean {
  const scope = labelScopeOf(ctx);
  if (!scope.active || scope.label(from, to, [live.label, live.inverseLabel]) !== undefined) return true;
  outside(
    ctx,
    address,
    source,
    `${address} is marked ${marked}, but it is ${OUTSIDE}: ${notOwned(scope, from, to, live.label, live.inverseLabel)}`,
    adoptLabel(from, to, [live.label], 'remove the tombstone'),
  );
  return false;
}

/**
 * A limit a manifest declares by category and typeId (a built-in type's), or a tombstone of one: owned
 * only through an entry for the whole object pair.
 */
export function ownsTypeLimit(
  ctx: DiffContext,
  from: string,
  to: string,
  address: string,
  source: SourceLocation | undefined,
): boolean {
  const scope = labelScopeOf(ctx);
  if (!scope.active || scope.wholePair(from, to) !== undefined) return true;
  outside(
    ctx,
    address,
    source,
    `${address} is ${OUTSIDE}: the limit of a type declared by category and typeId is owned only through ` +
      `an entry of manage.labels for the whole object pair, and there is none for ${from}->${to}`,
    `To adopt it on purpose, add ${quotedEntry(labelEntryText(from, to))} to policy.manage.labels (every label of that object pair, and the limits of its types); otherwise remove it from the manifest.`,
  );
  return false;
}

/** Why a live user label pair no manifest names is in the label scope (the unmanaged policy looks at it). */
export function labelInScope(
  ctx: DiffContext,
  from: string,
  to: string,
  live: NormalizedLabel,
): string | undefined {
  return labelScopeOf(ctx).label(from, to, [live.label, live.inverseLabel]);
}

/** Whether an entry of the label scope names the object pair of `from -> to`. */
export function labelScopeNamesPair(ctx: DiffContext, from: string, to: string): boolean {
  return labelScopeOf(ctx).namesPair(from, to);
}

/**
 * Why a label with these texts is outside the label scope: its object pair has no entry at all, or the
 * pair's patterns match neither text.
 */
function notOwned(
  scope: LabelScope,
  from: string,
  to: string,
  text: string,
  inverse: string | undefined,
): string {
  if (!scope.namesPair(from, to)) return `manage.labels has no entry for ${from}->${to}`;
  const patterns = `manage.labels for ${from}->${to}`;
  return inverse === undefined || inverse === text
    ? `'${text}' matches no pattern of ${patterns}`
    : `neither '${text}' nor its inverse '${inverse}' matches a pattern of ${patterns}`;
}

/** `To adopt it on purpose, add 'tickets->orders:Primary order' to policy.manage.labels, or ...` */
function adoptLabel(from: string, to: string, texts: readonly string[], otherwise: string): string {
  const pair = quotedEntry(labelEntryText(from, to));
  const entries = [...new Set(texts)].flatMap((text) => {
    const entry = entryForText(from, to, text);
    return entry === undefined ? [] : [quotedEntry(entry)];
  });
  return entries.length === 0
    ? `To adopt it on purpose, add ${pair} to policy.manage.labels (every label of that object pair); otherwise ${otherwise}.`
    : `To adopt it on purpose, add ${entries.join(' and ')} to policy.manage.labels, or ${pair} for every label of that object pair; otherwise ${otherwise}.`;
}

/**
 * The one warning of a plan whose policy has a manage scope without `labels` while the manifests name
 * association labels or limits (undefined otherwise): those labels have no owner, so said once per plan.
 */
export function unscopedLabelsWarning(
  policy: ScopePolicy,
  desired: DesiredState,
): PlanDiagnostic | undefined {
  if (!hasManageScope(policy) || hasLabelScope(policy)) return undefined;
  const names =
    [...desired.state.associations.values()].some((pair) => pair.labels.size + pair.limits.size > 0) ||
    desired.tombstones.some((t) => t.kind === 'label' || t.kind === 'limit');
  if (!names) return undefined;
  return {
    level: 'warning',
    code: 'NO_LABEL_SCOPE',
    message:
      "The policy's manage scope has no labels entry: this project may change every association label and limit its manifests name, including other teams'.",
    hint: "Add the labels the project owns to policy.manage.labels in crm-schema.yaml, for example labels: [tickets->orders] (every label of that object pair) or labels: ['contacts->companies:Escalation *']; a manifest naming a label outside them is then refused.",
  };
}

/**
 * The one warning of a plan whose policy has no manage scope (undefined when it has one): said once per
 * plan, not per resource, since every resource is then in the same position.
 */
export function unscopedWarning(policy: ScopePolicy): PlanDiagnostic | undefined {
  if (hasManageScope(policy)) return undefined;
  return {
    level: 'warning',
    code: 'NO_MANAGE_SCOPE',
    message:
      "The policy has no manage scope: this project may change every property, group, label and event definition its manifests name, including other teams'.",
    hint: 'Add policy.manage to crm-schema.yaml with what the project owns (groups, prefixes, events, labels), for example manage: { prefixes: [support_] }; a manifest naming anything outside it is then refused.',
  };
}

/** `add deals.finance_cost_center to policy.manage.prefixes (or deals.dealinformation to ...)` */
function adoptProperty(
  objectType: string,
  name: string,
  group: string,
  otherwise = 'remove it from the manifest',
): string {
  return (
    `To adopt it on purpose, add ${objectType}.${name} to policy.manage.prefixes, or ${objectType}.${group} ` +
    `to policy.manage.groups to adopt every property of that group; otherwise ${otherwise}.`
  );
}

function outside(
  ctx: DiffContext,
  address: string,
  source: SourceLocation | undefined,
  message: string,
  hint: string,
): void {
  diagnose(ctx, {
    level: 'error',
    code: 'OUTSIDE_MANAGE_SCOPE',
    address,
    source,
    message,
    hint,
  });
}
