/**
 * Custom event definitions in scope: one read per definition, which returns its properties. A
 * definition the account lacks is recorded as not existing: the planner creates it when a manifest
 * gives its `definition` block, and reports it otherwise.
 */
import type { CrmClient } from '../api/client.js';
import { isApiError } from '../api/errors.js';
import { fromApiEventDefinition } from '../model/normalize-event.js';
import { addApiEventProperty, eventDefinitionOf } from '../model/schema-state.js';
import type { SchemaState } from '../model/schema-model.js';
import type { EventDefinition } from '../wire/api.js';

export async function readEvents(
  client: CrmClient,
  names: Iterable<string>,
  state: SchemaState,
): Promise<void> {
  const list = [...names];
  const definitions = await Promise.all(list.map((name) => readDefinition(client, name)));
  list.forEach((name, i) => {
    const definition = definitions[i];
    const normalized = eventDefinitionOf(state, name, definition !== undefined);
    // its label, description and primary object: the planner compares them with a `definition` block
    if (definition !== undefined) normalized.definition = fromApiEventDefinition(definition);
    for (const property of definition?.properties ?? []) addApiEventProperty(state, name, property);
  });
}

async function readDefinition(client: CrmClient, name: string): Promise<EventDefinition | undefined> {
  try {
    return await client.events.get(name);
  } catch (error) {
    if (isApiError(error) && error.code === 'NOT_FOUND') return undefined;
    throw error;
  }
}
