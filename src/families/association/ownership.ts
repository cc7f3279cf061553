/**
 * The label part of the ownership scope (ownership.ts): with `manage.labels` (model/label-scope.ts),
 * every association label and limit a manifest names must lie inside it.
 *
 * - a user label pair by its texts. One the plan creates: by its declared texts; a live one: by its live
 *   texts and by its declared ones, so that a relabel needs both the old and the new text owned (a
 *   manifest cannot take a label by relabelling it into the scope, nor take one out of it); a tombstone:
 *   by its live texts;
 * - a user label's limit goes with its label; a limit declared by category and typeId (a built-in
 *   type's) only through an entry for the whole object pair.
 *
 * Built-in labels are never changed (the diff warns about them instead), so they are not checked. Without
 * `manage.labels` labels have no owner (the platform records none): a label pair a manifest names is the
 * project's, and a project that has a scope for the rest is warned once (NO_LABEL_SCOPE).
 */
import type { SourceLocation } from '../../core/source/source-location.js';
import type { DesiredState } from '../../engine/model/desired-state.js';
import { entryForText, labelEntryText, labelScope, quotedEntry, type LabelScope } from './label-scope.js';
import { hasManageScope, type ScopePolicy } from '../../engine/model/policy.js';
import type { PlanDiagnostic } from '../../engine/plan/diagnostics.js';
import type { DiffContext } from '../../engine/plan/diff/diff-context.js';
import { OUTSIDE, outside } from '../../engine/plan/diff/ownership.js';
import type { NormalizedLabel } from './label-model.js';
import { associationsOf } from './model.js';
import { hasLabelScope } from './label-scope.js';

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
    [...associationsOf(desired.state).values()].some((pair) => pair.labels.size + pair.limits.size > 0) ||
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
