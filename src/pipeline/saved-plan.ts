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
 * The settings a saved plan is made again with, to verify it: apply's own flags, never those the file
 * records, so that a file can neither grant itself an allowance nor turn off (or starve) the data check
 * that makes a change destructive. They must be the flags the plan was made with (its severities and
 * policy decisions were reviewed as they are): a plan made with `--allow-destructive`, `--allow-dangerous`
 * or `--no-data-check` needs the same flag on apply, a flag given now that the plan was made without is
 * refused, not silently ignored, and with the data check on the budget must be the same
 * (`--data-check-budget`; default 100 on both). A difference throws PLAN_SETTINGS before anything is read.
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
  checkDataCheck(settings, file, flags);
  return {
    allowDestructive: flags.allowDestructive,
    allowDangerous: flags.allowDangerous,
    dataCheck: flags.dataCheck,
    dataCheckBudget: flags.dataCheckBudget,
  };
}

/** The data check of apply's flags must be the one the plan was made with (the budget only when it runs). */
function checkDataCheck(settings: PlanSettings, file: string, flags: PlanSettings): void {
  if (!settings.dataCheck && flags.dataCheck) {
    throw new CrmSchemaError(
      'PLAN_SETTINGS',
      `${file} was made with --no-data-check: apply it with the same flag, or it is not applied. Nothing was applied.`,
      {
        hint: `Review the plan, then apply it with --no-data-check (crm-schema apply ${file} --no-data-check); or make the plan again with the data check.`,
      },
    );
  }
  if (settings.dataCheck && !flags.dataCheck) {
    throw new CrmSchemaError(
      'PLAN_SETTINGS',
      `${file} was made without --no-data-check: its severities were reviewed with the records counted. Nothing was applied.`,
      {
        hint: `Apply it without --no-data-check; or make the plan again with --no-data-check (crm-schema plan --no-data-check --out FILE), review it, and apply that.`,
      },
    );
  }
  if (settings.dataCheck && settings.dataCheckBudget !== flags.dataCheckBudget) {
    const budget = `--data-check-budget ${String(settings.dataCheckBudget)}`;
    throw new CrmSchemaError(
      'PLAN_SETTINGS',
      `${file} was made with ${budget}, apply with --data-check-budget ${String(flags.dataCheckBudget)}: apply it with the same budget, or it is not applied. Nothing was applied.`,
      {
        hint: `Review the plan, then apply it with ${budget} (crm-schema apply ${file} ${budget}); or make the plan again with --data-check-budget ${String(flags.dataCheckBudget)}.`,
      },
    );
  }
}
