/**
 * What `init --pull` finds in an account, to offer a scope and adopt it: per well-known object type its
 * custom properties (name and group) and the groups they could be chosen by (custom groups, and built-in
 * ones holding a custom property), and the custom event definitions with their custom properties. Reads
 * only: per well-known object type its non-sensitive property list and its group list, and the event
 * definitions with their properties (paged). The label pairs are read afterwards, only between the
 * object types adopted.
 *
 * A name that breaks the platform's name rules (a property's, its group's, a group's, an event
 * definition's or an event property's) is left out: it is never offered, listed or adopted (the pull
 * notes those of the scope, with what to do).
 */
import type { CrmClient } from '../api/client.js';
import { mapLimit } from '../core/map-limit.js';
import { BUILT_IN_GROUPS, isBuiltInGroup } from '../model/built-in-groups.js';
import { isPlatformName } from '../model/platform-names.js';

export interface FoundProperty {
  name: string;
  groupName: string;
}

export interface FoundGroup {
  name: string;
  label: string;
  /** every account has it (or it holds a built-in property): init never puts it under management unasked */
  builtIn: boolean;
}

export interface FoundObjectType {
  objectType: string;
  /** custom properties, not archived */
  properties: FoundProperty[];
  /** custom groups, and built-in groups that hold a custom property */
  groups: FoundGroup[];
}

export interface FoundEvent {
  name: string;
  /** names of its custom properties */
  properties: string[];
}

export interface AccountFindings {
  /** the well-known object types holding custom properties or groups */
  objectTypes: FoundObjectType[];
  events: FoundEvent[];
}

const PARALLEL = 4;

export async function discoverAccount(client: CrmClient): Promise<AccountFindings> {
  const types = Object.keys(BUILT_IN_GROUPS);
  const found = await mapLimit(types, PARALLEL, async (objectType): Promise<FoundObjectType> => {
    const [properties, groups] = await Promise.all([
      client.properties.list(objectType),
      client.groups.list(objectType),
    ]);
    const live = properties.filter((p) => p.archived !== true);
    const builtInGroups = new Set(live.filter((p) => p.platformDefined === true).map((p) => p.groupName));
    const custom = live
      .filter(
        (p) =>
          p.platformDefined !== true &&
          isPlatformName('property', p.name) &&
          isPlatformName('group', p.groupName),
      )
      .map((p) => ({ name: p.name, groupName: p.groupName }));
    const used = new Set(custom.map((p) => p.groupName));
    const chosen = groups
      .filter((g) => !g.archived && isPlatformName('group', g.name))
      .map((g) => ({
        name: g.name,
        label: g.label,
        builtIn: builtInGroups.has(g.name) || isBuiltInGroup(objectType, g.name),
      }))
      .filter((g) => !g.builtIn || used.has(g.name));
    return { objectType, properties: custom, groups: chosen };
  });
  const events: FoundEvent[] = [];
  for await (const definition of client.events.listAll({ includeProperties: true })) {
    if (!isPlatformName('event', definition.name)) continue;
    events.push({
      name: definition.name,
      properties: definition.properties
        .filter((p) => p.platformDefined !== true && isPlatformName('eventProperty', p.name))
        .map((p) => p.name),
    });
  }
  return {
    objectTypes: found.filter((t) => t.properties.length > 0 || t.groups.some((g) => !g.builtIn)),
    events: events.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  };
}

/** The directions between `objectTypes` that hold user labels (one read per direction). */
export async function labelledPairs(
  client: CrmClient,
  objectTypes: readonly string[],
): Promise<[string, string][]> {
  const directions = objectTypes.flatMap((from) =>
    objectTypes.filter((to) => to !== from).map((to): [string, string] => [from, to]),
  );
  const labelled = await mapLimit(directions, PARALLEL, async ([from, to]) =>
    (await client.associations.listLabels(from, to)).some(
      (label) => label.category === 'USER_DEFINED' && label.label !== null,
    )
      ? ([from, to] as [string, string])
      : undefined,
  );
  return labelled.filter((p): p is [string, string] => p !== undefined);
}
