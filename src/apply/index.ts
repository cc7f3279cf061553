/** Apply: runs a plan exactly, safely and resumably (see executor.ts); prints nothing. */
export { applyPlan } from './executor.js';
export { dryRun, type DryRun } from './dry-run.js';
export { plannedSkips, refusal, type GateOptions } from './gate.js';
export { checkSavedPlan, compatibleLine, parseSavedPlan, type SavedPlanExpectations } from './plan-file.js';
export { readBack, scopeOfChanges } from './read-back.js';
export {
  ALREADY_DONE_REASON,
  checkFreshness,
  classifyFreshness,
  type Freshness,
  type StaleChange,
} from './stale-check.js';
export { endStateOf, isCreate, type EndState } from './compare/end-state.js';
export { movedFields } from './compare/moved.js';
export * from './types.js';
