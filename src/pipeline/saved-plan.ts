/**
 * The saved plan (`plan --out FILE`, also what `--json` prints): the plan document plus what apply checks
 * before it writes anything: the tool that made it, the target (base URL and environment name, never a
 * token), a digest of the manifests, and per change the fingerprint of the live resource it was computed
 * from (already in each change).
 */
import { CLIENT_VERSION } from '../api/version.js';
import { CrmSchemaError } from '../core/errors.js';
import { must } from '../core/must.js';
import { canonicalDigest, canonicalJson } from '../plan/canonical-json.js';
import type { DesiredState } from '../model/desired-state.js';
import type { PlanDocument, PlanSettings } from '../plan/plan-document.js';

export const TOOL_NAME = 'crm-schema';

/**
 * `sha256:<hex>` of the normalised desired state and tombstones (canonical JSON, locations left out): the
 * same manifests give the same digest wherever they are and however they are formatted or commented;
 * any change to what they declare changes it.
 */
export function manifestDigest(desired: DesiredState): string {
  const tombstones = desired.tombstones
    .map(({ source: _source, ...tombstone }) => canonicalJson(tombstone))
    .sort();
  return canonicalDigest({ state: desired.state, tombstones });
}

export interface SavedPlanContext {
  target: { baseUrl: string; environment?: string };
  digest: string;
  settings: PlanSettings;
}

/** The plan with tool, target, manifest digest and the settings it was made with. */
export function savedPlan(plan: PlanDocument, context: SavedPlanContext): PlanDocument {
  return {
    formatVersion: plan.formatVersion,
    tool: { name: TOOL_NAME, version: CLIENT_VERSION },
    target: context.target,
    manifestDigest: context.digest,
    settings: context.settings,
    changes: plan.changes,
    diagnostics: plan.diagnostics,
    summary: plan.summary,
  };
}

const ALLOWANCES = [
  ['allowDestructive', '--allow-destructive'],
  ['allowDangerous', '--allow-dangerous'],
] as const;

/**
 * The settings a saved plan is made again with, to verify it. The allowances are apply's own flags, never
 * those the file records: a file cannot grant itself an allowance. They must be the flags the plan was
 * made with (its policy decisions were reviewed as they are): a plan made with `--allow-destructive` needs
 * it on apply, and an allowance given now that the plan was made without is refused, not silently
 * ignored. The data check is made again as it was saved.
 */
export function savedSettings(saved: PlanDocument, file: string, flags: PlanSettings): PlanSettings {
  // checkSavedPlan refused a plan without settings
  const settings = must(saved.settings, 'the settings of a checked plan');
  const missing = ALLOWANCES.filter(([k]) => settings[k] && !flags[k]).map(([, flag]) => flag);
  if (missing.length > 0) {
    const flag = missing.join(' and ');
    throw new CrmSchemaError(
      'PLAN_SETTINGS',
      `${file} was made with ${flag}: apply it with the same ${missing.length === 1 ? 'flag' : 'flags'}, or it is not applied. Nothing was applied.`,
      {
        hint: `Review the plan, then apply it with ${flag} (crm-schema apply ${file} ${missing.join(' ')}); or make the plan again without ${missing.length === 1 ? 'it' : 'them'}.`,
      },
    );
  }
  const widened = ALLOWANCES.filter(([k]) => flags[k] && !settings[k]).map(([, flag]) => flag);
  if (widened.length > 0) {
    throw new CrmSchemaError(
      'PLAN_SETTINGS',
      `${file} was made without ${widened.join(' and ')}: its policy decisions were reviewed as they are. Nothing was applied.`,
      {
        hint: `Make the plan again with ${widened.join(' ')} (crm-schema plan ${widened.join(' ')} --out FILE), review it, and apply that.`,
      },
    );
  }
  return {
    allowDestructive: flags.allowDestructive,
    allowDangerous: flags.allowDangerous,
    dataCheck: settings.dataCheck,
    dataCheckBudget: settings.dataCheckBudget,
  };
}
