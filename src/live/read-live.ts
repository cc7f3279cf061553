/**
 * The live account, read for what a scope names, into the normalised model the planner compares with
 * the desired state. Every read starts at once; the client keeps them within its concurrency and rate
 * limits. Reads only: this module never writes.
 *
 * Calls, for a scope of T object types (N_t named properties each), P association directions and E
 * event definitions: sum over t of ceil(N_t / 100) property batch reads (or 3 list calls for an object
 * type read in full), T group lists, P configuration reads (plus the reverse directions whose inverse
 * labels are needed), E event definition reads. `minimumCalls` computes that number.
 */
import type { CrmClient } from '../api/client.js';
import { emptySchemaState } from '../model/schema-state.js';
import type { SchemaState } from '../model/schema-model.js';
import { DATA_SENSITIVITIES } from '../types/api.js';
import { readAssociations } from './read-associations.js';
import { readEvents } from './read-events.js';
import { readObjectType } from './read-properties.js';
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

/** The number of calls `readLiveState` makes for `scope` (the fewest the API allows for it). */
export function minimumCalls(scope: LiveScope): number {
  let calls = 0;
  for (const entry of scope.objectTypes.values()) {
    if (entry.fullList) calls += DATA_SENSITIVITIES.length;
    else calls += Math.ceil(entry.properties.size / BATCH_SIZE);
    if (entry.groups) calls += 1;
  }
  const directions = new Set<string>();
  for (const pair of scope.pairs.values()) {
    directions.add(pairKey(pair.from, pair.to));
    if (pair.inverse && pair.from !== pair.to) directions.add(pairKey(pair.to, pair.from));
  }
  return calls + directions.size + scope.events.size;
}
