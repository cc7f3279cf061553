/**
 * Built-in (PLATFORM_DEFINED) association types of a fresh account: between every ordered pair of distinct
 * object types, one unlabeled type per direction, the two linked by `inverseTypeId`; plus the platform's
 * labeled `Primary` type between contacts and companies.
 *
 * Ids are deterministic so that manifests written against the emulator name the same ids every run:
 * well-known pairs keep the platform's ids (a manifest example uses tickets->orders 27); every other pair
 * gets ids from GENERATED_ID_RANGE, in the order of the object type list. User labels get ids above
 * 1000 (`counters.associationType`), so the two never collide.
 */
import type { AssociationTypeState } from './model.js';
import type { ObjectTypeInfo } from './object-types.js';

const CATEGORY = 'PLATFORM_DEFINED';

interface FixedPair {
  from: string;
  to: string;
  /** id of from->to */
  typeId: number;
  /** id of to->from */
  inverseTypeId: number;
  label: string | null;
}

/** The platform's own ids for pairs users meet first (object type names). */
export const WELL_KNOWN_ASSOCIATION_TYPES: readonly FixedPair[] = [
  { from: 'contacts', to: 'companies', typeId: 1, inverseTypeId: 2, label: 'Primary' },
  { from: 'contacts', to: 'companies', typeId: 279, inverseTypeId: 280, label: null },
  { from: 'deals', to: 'contacts', typeId: 3, inverseTypeId: 4, label: null },
  { from: 'contacts', to: 'tickets', typeId: 15, inverseTypeId: 16, label: null },
  { from: 'tickets', to: 'orders', typeId: 27, inverseTypeId: 28, label: null },
  { from: 'deals', to: 'companies', typeId: 341, inverseTypeId: 342, label: null },
];

/** Ids handed to the unlabeled types of the other pairs; well below the first user label id (1001). */
export const GENERATED_ID_RANGE = { first: 500, last: 999 } as const;

export function builtInAssociationTypes(objectTypes: readonly ObjectTypeInfo[]): AssociationTypeState[] {
  const idByName = new Map(objectTypes.map((t) => [t.name, t.objectTypeId]));
  const types: AssociationTypeState[] = [];
  /** unordered pairs (`a|b`, ids sorted) whose unlabeled types come from the fixed table */
  const fixedUnlabeled = new Set<string>();

  for (const pair of WELL_KNOWN_ASSOCIATION_TYPES) {
    const fromId = idByName.get(pair.from);
    const toId = idByName.get(pair.to);
    if (fromId === undefined || toId === undefined) continue;
    types.push(...typePair(fromId, toId, pair.typeId, pair.inverseTypeId, pair.label));
    if (pair.label === null) fixedUnlabeled.add(unorderedKey(fromId, toId));
  }

  let nextId = GENERATED_ID_RANGE.first;
  for (const [i, from] of objectTypes.entries()) {
    for (const to of objectTypes.slice(i + 1)) {
      const fromId = from.objectTypeId;
      const toId = to.objectTypeId;
      if (fixedUnlabeled.has(unorderedKey(fromId, toId))) continue;
      if (nextId + 1 > GENERATED_ID_RANGE.last) {
        throw new Error(
          `Too many object types for the built-in association id range ${GENERATED_ID_RANGE.first}..${GENERATED_ID_RANGE.last}.`,
        );
      }
      types.push(...typePair(fromId, toId, nextId, nextId + 1, null));
      nextId += 2;
    }
  }
  return types;
}

function typePair(
  fromId: string,
  toId: string,
  typeId: number,
  inverseTypeId: number,
  label: string | null,
): AssociationTypeState[] {
  return [
    {
      typeId,
      category: CATEGORY,
      fromObjectTypeId: fromId,
      toObjectTypeId: toId,
      label,
      inverseTypeId,
    },
    {
      typeId: inverseTypeId,
      category: CATEGORY,
      fromObjectTypeId: toId,
      toObjectTypeId: fromId,
      label,
      inverseTypeId: typeId,
    },
  ];
}

function unorderedKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}
