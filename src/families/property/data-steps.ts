/**
 * The diff's part of the data steps (a rename's copy, an option remap's rewrite): where each stands on
 * the account, from the marks a finished step leaves (model/data-step-marks.ts) and the properties'
 * timestamps, so that a step that finished is never run again:
 *
 * - a rename is **new** (the new property is absent), **resumed** (the new property exists and the old one
 *   is as the rename left it: an earlier run stopped half-way), or **finished** (the old property carries
 *   the mark a finished rename writes, or it was changed after the new property was created: it was
 *   restored or re-created since). A finished rename is reported, never run again;
 * - an archived property declared again that carries a rename's mark was **renamed away**: restoring it
 *   brings back the values from before that rename (reported, refused until the manifests decide);
 * - a remap's old option is **live** (to rewrite, fresh or resumed), **retired** (kept hidden with the
 *   mark: done), or **shown again** (retired, then made visible again): reported, rewritten again only
 *   when the manifest says `onConflict: overwrite`.
 */
import { propertyIntents } from './intents.js';
import { renamedTo, replacedBy, retiredOption } from './data-step-marks.js';
import type { ConflictResolution } from '../../engine/model/desired-state.js';
import type { NormalizedOption, PropertyFlags } from '../../engine/model/schema-model.js';
import type { DiffContext } from '../../engine/plan/diff/diff-context.js';
import { type NormalizedProperty, propertyAddress } from './model.js';

/**
 * Why a rename from `from` to `to` is known to have finished before, or undefined when it has not (new or
 * resumed). `oldFlags` / `newFlags`: the two live properties' flags (`newFlags` absent when `to` is not live).
 *
 * `marked`: the old property carries the rename's mark and is active: the copy finished and was checked,
 * and either the archive was all that was left when a run stopped, or the old name was brought back since.
 * Archiving it then loses nothing while every record holds the same value in both (the rule checks the
 * count): the rename resumes with its archive; otherwise it is refused as finished.
 */
export function renameFinished(
  objectType: string,
  from: string,
  to: string,
  old: NormalizedProperty,
  oldFlags: PropertyFlags | undefined,
  newFlags: PropertyFlags | undefined,
): { why: string; marked: boolean } | undefined {
  const oldAddress = propertyAddress(objectType, from);
  if (renamedTo(old.description) === to)
    return {
      why: `${oldAddress} carries the mark crm-schema leaves when a rename to ${to} finishes`,
      marked: true,
    };
  const changed = time(oldFlags?.updatedAt);
  const created = time(newFlags?.createdAt);
  if (changed !== undefined && created !== undefined && changed > created)
    return {
      why:
        `${oldAddress} was changed (${oldFlags?.updatedAt ?? ''}) after ${propertyAddress(objectType, to)} ` +
        `was created (${newFlags?.createdAt ?? ''}): it was restored or made again since the rename`,
      marked: false,
    };
  return undefined;
}

/**
 * The name an archived property was renamed to, when it carries the mark of a finished rename (to
 * another name than its own): its values are those from before that rename.
 */
export function renamedAway(archived: NormalizedProperty | undefined, name: string): string | undefined {
  const to = archived === undefined ? undefined : renamedTo(archived.description);
  return to === undefined || to === name ? undefined : to;
}

function time(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** A remap to plan for a property: which old values to rewrite, the old options kept meanwhile, and which came back. */
export interface RemapPlan {
  remaps: { from: string; to: string }[];
  kept: NormalizedOption[];
  returned: string[];
  multiple: boolean;
}

/**
 * The declared property as the diff compares it: its options followed by the old options a finished
 * remap keeps (hidden, marked), so that a later update of the options keeps them too and a retired option
 * shown again differs. Unchanged when the property has no `replaces`.
 */
export function withRetiredOptions(
  ctx: DiffContext,
  address: string,
  live: NormalizedProperty,
  desired: NormalizedProperty,
): NormalizedProperty {
  const declared = propertyIntents(ctx.desired).remaps.get(address);
  if (declared === undefined) return desired;
  const own = new Set(desired.options.map((o) => o.value));
  const retired: NormalizedOption[] = [];
  for (const option of live.options) {
    const to = declared.get(option.value);
    if (to === undefined || own.has(option.value) || replacedBy(option) === undefined) continue;
    retired.push(retiredOption(option, to));
  }
  return retired.length === 0 ? desired : { ...desired, options: [...desired.options, ...retired] };
}

/** The remap of a property whose `replaces` values are still live (or shown again), or undefined. */
export function remapOf(
  ctx: DiffContext,
  address: string,
  live: NormalizedProperty,
  declaredOptions: readonly NormalizedOption[],
  multiple: boolean,
  onConflict: ConflictResolution | undefined,
): RemapPlan | undefined {
  const declared = propertyIntents(ctx.desired).remaps.get(address);
  if (declared === undefined) return undefined;
  const own = new Set(declaredOptions.map((o) => o.value));
  const plan: RemapPlan = { remaps: [], kept: [], returned: [], multiple };
  for (const option of live.options) {
    const to = declared.get(option.value);
    if (to === undefined || own.has(option.value)) continue;
    if (replacedBy(option) === undefined) {
      plan.remaps.push({ from: option.value, to });
      plan.kept.push(option);
    } else if (!option.hidden && onConflict !== 'keep') {
      // retired, then shown again: values written since are not rewritten unless the manifest says so
      plan.returned.push(option.value);
      plan.remaps.push({ from: option.value, to });
    }
  }
  return plan.remaps.length === 0 ? undefined : plan;
}
