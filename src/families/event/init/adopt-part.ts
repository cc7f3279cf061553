/**
 * The event family's part of `init --pull`: the custom event definitions with their custom properties
 * (the list, paged), the name prefixes of those properties it offers, and the definitions a scope adopts
 * (those holding a property with an unqualified prefix of the scope, as the planner's scope sees them).
 */
import type { CrmClient } from '../../../api/client.js';
import type { AdoptPart } from '../../../engine/pull-part.js';
import { isPlatformName } from '../../../engine/model/platform-names.js';
import { scopePolicyOf } from '../../../engine/pull/scope-flags.js';
import { prefixOffers } from '../../property/init/adopt-part.js';
import { managedScope } from '../../property/manage-scope.js';
import { EVENT_NAME, EVENT_PROPERTY_NAME } from '../names.js';

export interface FoundEvent {
  name: string;
  /** names of its custom properties */
  properties: string[];
}

async function discover(client: CrmClient): Promise<FoundEvent[]> {
  const events: FoundEvent[] = [];
  for await (const definition of client.events.listAll({ includeProperties: true })) {
    if (!isPlatformName(EVENT_NAME, definition.name)) continue;
    events.push({
      name: definition.name,
      properties: definition.properties
        .filter((p) => p.platformDefined !== true && isPlatformName(EVENT_PROPERTY_NAME, p.name))
        .map((p) => p.name),
    });
  }
  return events.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export const eventAdopt: AdoptPart<FoundEvent[], Set<string>> = {
  discover,
  offers: (found) => found.flatMap((event) => prefixOffers(event.properties, `event ${event.name}`, 1)),
  adoption: (found, manage) => {
    // event properties see only unqualified prefixes (as the planner's scope does)
    const inScope = managedScope(scopePolicyOf(manage));
    const events = new Set<string>();
    let properties = 0;
    for (const event of found) {
      const matched = event.properties.filter((name) => inScope(name) !== undefined).length;
      if (matched > 0) events.add(event.name);
      properties += matched;
    }
    const takes =
      events.size > 0
        ? [`${properties} event ${properties === 1 ? 'property' : 'properties'} of ${[...events].join(', ')}`]
        : [];
    return Promise.resolve({ scope: events, objectTypes: [], takes, notes: [] });
  },
};
