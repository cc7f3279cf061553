/**
 * The property family's part of `init --pull`: per well-known object type its custom properties (name and
 * group) and the groups they could be chosen by (custom groups, and built-in ones holding a custom
 * property), read with its non-sensitive property list and its group list; the groups and name prefixes
 * it offers; the object types a scope adopts; and the starter manifests of a project init pulled nothing
 * into. A name that breaks the platform's name rules is never offered or adopted.
 */
import type { CrmClient } from '../../../api/client.js';
import { mapLimit } from '../../../core/map-limit.js';
import type { AdoptOffer, AdoptPart } from '../../../engine/pull-part.js';
import { isPlatformName } from '../../../engine/model/platform-names.js';
import { scopePolicyOf, type ManageEntries } from '../../../engine/pull/scope-flags.js';
import { BUILT_IN_GROUPS, isBuiltInGroup } from '../built-in-groups.js';
import { managedScope } from '../manage-scope.js';
import { policyObjectTypes } from '../policy-scope.js';
import { GROUP_NAME, PROPERTY_NAME } from '../names.js';

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

const PARALLEL = 4;

async function discover(client: CrmClient): Promise<FoundObjectType[]> {
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
          isPlatformName(PROPERTY_NAME, p.name) &&
          isPlatformName(GROUP_NAME, p.groupName),
      )
      .map((p) => ({ name: p.name, groupName: p.groupName }));
    const used = new Set(custom.map((p) => p.groupName));
    const chosen = groups
      .filter((g) => !g.archived && isPlatformName(GROUP_NAME, g.name))
      .map((g) => ({
        name: g.name,
        label: g.label,
        builtIn: builtInGroups.has(g.name) || isBuiltInGroup(objectType, g.name),
      }))
      .filter((g) => !g.builtIn || used.has(g.name));
    return { objectType, properties: custom, groups: chosen };
  });
  return found.filter((t) => t.properties.length > 0 || t.groups.some((g) => !g.builtIn));
}

/** `support_` of `support_level`; undefined for a name without a word before an underscore. */
export function prefixOf(name: string): string | undefined {
  const underscore = name.indexOf('_');
  return underscore > 0 && underscore < name.length - 1 ? name.slice(0, underscore + 1) : undefined;
}

/** The prefixes of `names`, with how many of them each has, found `where` (`order`: object types first). */
export function prefixOffers(names: readonly string[], where: string, order: number): AdoptOffer[] {
  const counts = new Map<string, number>();
  for (const name of names) {
    const prefix = prefixOf(name);
    if (prefix !== undefined) counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
  }
  return [...counts].map(([entry, count]) => ({ key: 'prefixes', entry, places: [{ where, count, order }] }));
}

function offers(found: FoundObjectType[]): AdoptOffer[] {
  const out: AdoptOffer[] = [];
  for (const { objectType, properties, groups } of found) {
    for (const group of groups) {
      const count = properties.filter((p) => p.groupName === group.name).length;
      out.push({
        key: 'groups',
        entry: `${objectType}.${group.name}`,
        detail: `${count} ${count === 1 ? 'property' : 'properties'}${group.builtIn ? ' (a built-in group: only its custom properties are adopted)' : ''}`,
      });
    }
    out.push(
      ...prefixOffers(
        properties.map((p) => p.name),
        objectType,
        0,
      ),
    );
  }
  return out;
}

/** A small Properties document named after the scope: its first prefix and group for the object type. */
function example(objectType: string, manage: ManageEntries): string[] {
  const own = (entries: readonly string[]) =>
    entries
      .filter((e) => !e.includes('.') || e.startsWith(`${objectType}.`))
      .map((e) => e.slice(e.indexOf('.') + 1));
  const prefix = own(manage.prefixes ?? [])[0] ?? '';
  const group = own(manage.groups ?? [])[0];
  const groupName = group ?? BUILT_IN_GROUPS[objectType]?.[0] ?? 'general';
  return [
    'kind: Properties',
    `objectType: ${objectType}`,
    ...(group === undefined ? [] : ['groups:', `  - name: ${group}`, '    label: My group']),
    'properties:',
    `  - name: ${prefix}level`,
    '    label: Level',
    '    type: enumeration',
    '    fieldType: select',
    `    groupName: ${groupName}`,
    '    options:',
    '      - { label: Low, value: low }',
    '      - { label: High, value: high }',
  ];
}

export const propertyAdopt: AdoptPart<FoundObjectType[], Set<string>> = {
  discover,
  offers,
  adoption: (found, manage) => {
    const objectTypes = new Set<string>();
    let properties = 0;
    for (const { objectType, properties: custom, groups } of found) {
      const inScope = managedScope(scopePolicyOf(manage), objectType);
      const matched = custom.filter((p) => inScope(p.name, p.groupName) !== undefined).length;
      const ownGroup = groups.some((g) => !g.builtIn && inScope('', g.name) !== undefined);
      if (matched > 0 || ownGroup) objectTypes.add(objectType);
      properties += matched;
    }
    const takes =
      objectTypes.size > 0
        ? [
            `${properties} custom ${properties === 1 ? 'property' : 'properties'} of ${[...objectTypes].join(', ')}`,
          ]
        : [];
    return Promise.resolve({ scope: objectTypes, objectTypes: [...objectTypes], takes, notes: [] });
  },
  starter: (manage, schemaComment) => {
    const objectTypes = [...policyObjectTypes(scopePolicyOf(manage))].sort();
    const files = objectTypes.map((objectType) => ({
      name: `${objectType}.yaml`,
      text: [
        schemaComment,
        '#',
        `# The properties of ${objectType} this project owns (policy.manage in crm-schema.yaml). For example:`,
        '#',
        ...example(objectType, manage)
          .slice(2)
          .map((line) => `#${line === '' ? '' : `   ${line}`}`),
        'kind: Properties',
        `objectType: ${objectType}`,
        'properties: []',
        '',
      ].join('\n'),
    }));
    return {
      files,
      example: [
        'Write your first one here or in another file of this folder, or pull what the account holds:',
        'crm-schema pull --object-type TYPE. For example:',
        '',
        ...example('tickets', manage),
      ],
    };
  },
};
