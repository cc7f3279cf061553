/**
 * The live account, read for what a scope names, into the normalised model the planner compares with
 * the desired state. Every read starts at once; the client keeps them within its concurrency and rate
 * limits. Reads only: this module never writes.
 *
 * Calls, for a scope of T object types, P association directions and E event definitions: the property
 * reads of each object type (read-properties.ts: 1 to 3 in the common case, more only for many declared
 * names that are sensitive or archived), T group lists, P configuration reads (plus the reverse
 * directions whose inverse labels are needed), and for E event definitions E reads, or the list's pages
 * when they are fewer (read-events.ts). `minimumCalls` computes that
 * number from the scope and what the read found.
 */
import type { CrmClient } from '../api/client.js';
import { emptySchemaState } from '../model/schema-state.js';
import type { SchemaState } from '../model/schema-model.js';
import { DATA_SENSITIVITIES } from '../wire/api.js';
import { readAssociations } from './read-associations.js';
import { eventReadCalls, readEvents } from './read-events.js';
import {
  batchCallsPerChunk,
  namesOrListsCalls,
  propertyReadPlan,
  readObjectType,
} from './read-properties.js';
import { DEFAULT_API_VERSION, type ApiVersion } from '../wire/api-version.js';
import type { LiveScope } from './scope.js';
import { pairKey } from '../model/normalize-association.js';
import { BATCH_SIZE } from '../model/platform-limits.js';

export async function readLiveState(client: CrmClient, scope: LiveScope): Promise<SchemaState> {
  const state = emptySchemaState();
  await Promise.all([
    ...[...scope.objectTypes.values()].map((entry) => readObjectType(client, entry, state)),
    readAssociations(client, scope.pairs, state),
    readEvents(client, scope.events, state),
  ]);
  return state;
}

/**
 * The number of calls `readLiveState` makes for `scope` (the fewest the API allows for it), given what it
 * found (`live`): how many property reads an object type takes depends on which declared names the
 * non-sensitive list returns and which exist at all (see read-properties.ts).
 */
export function minimumCalls(
  scope: LiveScope,
  live: SchemaState,
  version: ApiVersion = DEFAULT_API_VERSION,
): number {
  let calls = 0;
  for (const entry of scope.objectTypes.values()) {
    const schema = live.objects.get(entry.objectType);
    const activeProperty = (name: string) =>
      schema?.propertyFlags.get(name)?.archived === true ? undefined : schema?.properties.get(name);
    const declared = [...entry.properties];
    const absent = declared.filter((name) => activeProperty(name) === undefined).length;
    const plan = propertyReadPlan(entry);
    if (plan === 'full') calls += DATA_SENSITIVITIES.length;
    else if (plan === 'batch')
      calls +=
        Math.ceil(declared.length / BATCH_SIZE) * batchCallsPerChunk(version, DATA_SENSITIVITIES.length);
    else {
      const notListed = declared.filter(
        (name) => (activeProperty(name)?.dataSensitivity ?? 'absent') !== 'non_sensitive',
      ).length;
      calls += 1 + namesOrListsCalls(notListed, DATA_SENSITIVITIES.length - 1, version);
    }
    calls += namesOrListsCalls(absent, DATA_SENSITIVITIES.length, version);
    if (entry.groups) calls += 1;
  }
  const directions = new Set<string>();
  for (const pair of scope.pairs.values()) {
    directions.add(pairKey(pair.from, pair.to));
    if (pair.inverse && pair.from !== pair.to) directions.add(pairKey(pair.to, pair.from));
  }
  const events = live.eventsNotRead?.calls ?? eventReadCalls(scope.events.size, live.eventListing);
  return calls + directions.size + events;
}
