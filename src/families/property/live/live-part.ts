/**
 * How the property family reads the live account: per object type, the properties the manifests name (a
 * rename's old name too), listed in full when the unmanaged policy looks at the object type or a group is
 * archived, and its groups (read-properties.ts says with which calls).
 */
import type { LivePart } from '../../../engine/family.js';
import { tombstonesOfKind, type DesiredState } from '../../../engine/model/desired-state.js';
import { BATCH_SIZE } from '../../../wire/platform-limits.js';
import type { ScopePolicy } from '../../../engine/model/policy.js';
import type { SchemaState } from '../../../engine/model/schema-model.js';
import { DATA_SENSITIVITIES } from '../../../wire/api.js';
import { propertyIntents } from '../intents.js';
import { objectsOf } from '../model.js';
import { policyObjectTypes, watchesUnmanaged } from '../policy-scope.js';
import {
  batchCallsPerChunk,
  namesOrListsCalls,
  propertyReadPlan,
  readObjectType,
} from '../read-properties.js';
import type { GroupTombstone, PropertyTombstone } from '../tombstones.js';
import { mergeObjectTypes, objectTypeScopeOf, type ObjectTypesScope } from './scope.js';

function fromDesired(desired: DesiredState, policy: ScopePolicy, scope: ObjectTypesScope): void {
  for (const schema of objectsOf(desired.state).values()) {
    const entry = objectTypeScopeOf(scope, schema.objectType);
    entry.groups = true;
    for (const name of schema.properties.keys()) entry.properties.add(name);
  }
  // a rename reads the property it renames (its values are copied from there)
  for (const [address, from] of propertyIntents(desired).renames) {
    objectTypeScopeOf(scope, address.slice(0, address.indexOf('.'))).properties.add(from);
  }
  for (const tombstone of tombstonesOfKind<PropertyTombstone>(desired, 'property')) {
    const entry = objectTypeScopeOf(scope, tombstone.objectType);
    entry.groups = true;
    entry.properties.add(tombstone.name);
  }
  for (const tombstone of tombstonesOfKind<GroupTombstone>(desired, 'group')) {
    const entry = objectTypeScopeOf(scope, tombstone.objectType);
    entry.groups = true;
    entry.fullList = true;
  }
  // qualified policy entries put their object type under management even when no manifest names it
  for (const objectType of policyObjectTypes(policy)) {
    if (watchesUnmanaged(policy, objectType)) objectTypeScopeOf(scope, objectType);
  }
  for (const entry of scope.values()) {
    if (watchesUnmanaged(policy, entry.objectType)) entry.fullList = true;
  }
}

/**
 * The calls the read of `scope` takes, given what it found: how many property reads an object type takes
 * depends on which declared names the non-sensitive list returns and which exist at all.
 */
function calls(
  scope: ObjectTypesScope,
  live: SchemaState,
  version: Parameters<LivePart['calls']>[2],
): number {
  let total = 0;
  for (const entry of scope.values()) {
    const schema = objectsOf(live).get(entry.objectType);
    const activeProperty = (name: string) =>
      schema?.propertyFlags.get(name)?.archived === true ? undefined : schema?.properties.get(name);
    const declared = [...entry.properties];
    const absent = declared.filter((name) => activeProperty(name) === undefined).length;
    const plan = propertyReadPlan(entry);
    if (plan === 'full') total += DATA_SENSITIVITIES.length;
    else if (plan === 'batch')
      total +=
        Math.ceil(declared.length / BATCH_SIZE) * batchCallsPerChunk(version, DATA_SENSITIVITIES.length);
    else {
      const notListed = declared.filter(
        (name) => (activeProperty(name)?.dataSensitivity ?? 'absent') !== 'non_sensitive',
      ).length;
      total += 1 + namesOrListsCalls(notListed, DATA_SENSITIVITIES.length - 1, version);
    }
    total += namesOrListsCalls(absent, DATA_SENSITIVITIES.length, version);
    if (entry.groups) total += 1;
  }
  return total;
}

export const propertyLive: LivePart<ObjectTypesScope> = {
  emptyScope: () => new Map(),
  fromDesired,
  merge: mergeObjectTypes,
  isEmpty: (scope) => scope.size === 0,
  read: async (client, scope, state) => {
    await Promise.all([...scope.values()].map((entry) => readObjectType(client, entry, state)));
  },
  calls,
};
