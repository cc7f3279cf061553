/**
 * What `init --pull` adopts: the well-known object types that hold custom properties or groups, the
 * custom event definitions, and the label pairs between the object types found. Reads only: per
 * well-known object type its non-sensitive property list and its group list, the event definitions
 * (paged), and per direction between the object types found its labels.
 */
import type { CrmClient } from '../api/client.js';
import { mapLimit } from '../core/map-limit.js';
import { BUILT_IN_GROUPS, isBuiltInGroup } from '../model/built-in-groups.js';

export interface Discovered {
  objectTypes: string[];
  events: string[];
  /** `[from, to]` directions with user labels */
  pairs: [string, string][];
}

const PARALLEL = 4;

export async function discoverAccount(client: CrmClient): Promise<Discovered> {
  const types = Object.keys(BUILT_IN_GROUPS);
  const found = await mapLimit(types, PARALLEL, async (objectType) => {
    const [properties, groups] = await Promise.all([
      client.properties.list(objectType),
      client.groups.list(objectType),
    ]);
    const custom =
      properties.some((p) => p.platformDefined !== true && p.archived !== true) ||
      groups.some((g) => !g.archived && !isBuiltInGroup(objectType, g.name));
    return custom ? objectType : undefined;
  });
  const objectTypes = found.filter((t): t is string => t !== undefined);
  const events: string[] = [];
  for await (const definition of client.events.listAll()) events.push(definition.name);
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
  return {
    objectTypes,
    events: events.sort(),
    pairs: labelled.filter((p): p is [string, string] => p !== undefined),
  };
}
