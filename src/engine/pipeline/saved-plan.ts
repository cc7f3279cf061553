/**
 * The saved plan (`plan --out FILE`, also what `--json` prints): the plan document plus what apply checks
 * before it writes anything: the tool that made it, the target (base URL, environment name and the
 * account found there, never a token), a digest of the manifests, and per change the fingerprint of the
 * live resource it was computed from (already in each change).
 */
import { CLIENT_VERSION } from '../../api/version.js';
import { CrmSchemaError } from '../../core/errors.js';
import { must } from '../../core/must.js';
import { defined } from '../../core/defined.js';
import { DEFAULT_DATA_CHECK_BUDGET } from '../live/data-check-result.js';
import { canonicalDigest, canonicalJson } from '../plan/canonical-json.js';
import type { DesiredState } from '../model/desired-state.js';
import type { PlanDocument, PlanSettings } from '../plan/plan-document.js';
import type { PlanTarget } from '../model/plan-target.js';

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
  // a family's slice made empty by a read of it declares nothing: the same manifests, the same digest
  const slices = [...desired.state.slices].filter(([, slice]) => !isEmpty(slice));
  return canonicalDigest({ state: new Map(slices), tombstones });
}

/** An empty map, or an object of nothing but empty maps and absent members. */
function isEmpty(value: unknown): boolean {
  if (value instanceof Map) return value.size === 0;
  if (typeof value !== 'object' || value === null) return value === undefined;
  return Object.values(value).every(isEmpty);
}

export interface SavedPlanContext {
  /** where the plan was made, with the account found there */
  target: PlanTarget;
  digest: string;
  settings: PlanSettings;
  /** a rollback's plan: the apply record it reverses */
  rollback?: PlanDocument['rollback'];
}

/** The plan with tool, target, manifest digest and the settings it was made with. */
export function savedPlan(plan: PlanDocument, context: SavedPlanContext): PlanDocument {
  return {
    formatVersion: plan.formatVersion,
    ...defined({ apiVersion: plan.apiVersion }),
    tool: { name: TOOL_NAME, version: CLIENT_VERSION },
    target: context.target,
    manifestDigest: context.digest,
    settings: context.settings,
    ...defined({ rollback: context.rollback, notRead: plan.notRead }),
    changes: plan.changes,
    diagnostics: plan.diagnostics,
    summary: plan.summary,
  };
}

const ALLOWANCES = [
  ['allowDestructive', '--allow-destructive'],
  ['allowDangerous', '--allow-dangerous'],
  ['allowIrreversible', '--allow-irreversible'],
] as const;

/** The flags of a run that change severities and policy decisions, as typed on the command line. */
function decidingFlags(settings: PlanSettings): string[] {
  const budget = settings.dataCheckBudget;
  return [
    ...ALLOWANCES.filter(([key]) => settings[key]).map(([, flag]) => flag),
    ...(!settings.dataCheck
      ? ['--no-data-check']
      : budget === DEFAULT_DATA_CHECK_BUDGET
        ? []
        : [`--data-check-budget ${String(budget)}`]),
  ];
}

/**
 * The settings a saved plan is made again with, to verify it: apply's own flags, never those the file
 * records, so that a file can neither grant itself an allowance nor turn off (or starve) the data check
 * that makes a change destructive. They must be the flags the plan was made with (its severities and
 * policy decisions were reviewed as they are): a plan made with `--allow-destructive`, `--allow-dangerous`,
 * `--allow-irreversible`, `--no-data-check` or another `--data-check-budget` needs the same flag on apply,
 * and such a flag given
 * now that the plan was made without is refused, not silently ignored. A difference throws PLAN_SETTINGS
 * before anything is read.
 */
export function savedSettings(saved: PlanDocument, file: string, flags: PlanSettings): PlanSettings {
  // checkSavedPlan refused a plan without settings
  const made = decidingFlags(must(saved.settings, 'the settings of a checked plan'));
  const given = decidingFlags(flags);
  const missing = made.filter((flag) => !given.includes(flag));
  const extra = given.filter((flag) => !made.includes(flag));
  const list = (names: string[]) => names.join(' and ');
  if (missing.length > 0) {
    const one = missing.length === 1;
    throw new CrmSchemaError(
      'PLAN_SETTINGS',
      `${file} was made with ${list(missing)}: apply it with the same ${one ? 'flag' : 'flags'}, or it is not applied. Nothing was applied.`,
      {
        hint: `Review the plan, then apply it with ${list(missing)} (crm-schema apply ${file} ${missing.join(' ')}); or make the plan again without ${one ? 'it' : 'them'}.`,
      },
    );
  }
  if (extra.length > 0) {
    throw new CrmSchemaError(
      'PLAN_SETTINGS',
      `${file} was made without ${list(extra)}: its severities and policy decisions were reviewed as they are. Nothing was applied.`,
      {
        hint: `Apply it without ${list(extra)}; or make the plan again with ${extra.join(' ')} (crm-schema plan ${extra.join(' ')} --out FILE), review it, and apply that.`,
      },
    );
  }
  return {
    allowDestructive: flags.allowDestructive,
    allowDangerous: flags.allowDangerous,
    allowIrreversible: flags.allowIrreversible === true,
    dataCheck: flags.dataCheck,
    dataCheckBudget: flags.dataCheckBudget,
  };
}
