/** The live state: reading the account for what the manifests and the policy put in scope. Never writes. */
export { countRecords, type DataCheckResult } from './data-check.js';
export { inverseTypes } from './label-pairs.js';
export { policyObjectTypes, toPlanPolicy, watchesUnmanaged } from './managed-scope.js';
export { minimumCalls, readLiveState } from './read-live.js';
export {
  emptyScope,
  objectTypeScopeOf,
  pairScopeOf,
  scopeFromDesired,
  type LiveScope,
  type ObjectTypeScope,
  type PairScope,
} from './scope.js';
