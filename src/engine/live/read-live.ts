/**
 * The live account, read for what a scope names, into the normalised model the planner compares with
 * the desired state. Every family's read starts at once; the client keeps them within its concurrency
 * and rate limits. Reads only: this module never writes.
 *
 * Each family reads its part of the scope with the fewest calls the API allows for it and says how many
 * that is (`LivePart.calls`); `minimumCalls` adds them up.
 */
import type { CrmClient } from '../../api/client.js';
import { families } from '../installed.js';
import type { SchemaState } from '../model/schema-model.js';
import { emptySchemaState } from '../model/schema-model.js';
import { DEFAULT_API_VERSION, type ApiVersion } from '../../wire/api-version.js';
import { scopePart, type LiveScope } from './scope.js';

export async function readLiveState(client: CrmClient, scope: LiveScope): Promise<SchemaState> {
  const state = emptySchemaState();
  await Promise.all(families().map((family) => family.live.read(client, scopePart(scope, family), state)));
  return state;
}

/**
 * The number of calls `readLiveState` makes for `scope` (the fewest the API allows for it), given what it
 * found (`live`).
 */
export function minimumCalls(
  scope: LiveScope,
  live: SchemaState,
  version: ApiVersion = DEFAULT_API_VERSION,
): number {
  let calls = 0;
  for (const family of families()) calls += family.live.calls(scopePart(scope, family), live, version);
  return calls;
}
