/** A fresh account: built-in object types with their built-in properties, groups and association types. */
import { builtInAssociationTypes } from '../state/built-in-associations.js';
import { builtInSchema } from '../properties/built-in-properties.js';
import { STATE_FORMAT_VERSION, type EmulatorState, type ObjectTypeState } from '../state/model.js';
import { BUILT_IN_OBJECT_TYPES } from '../state/object-types.js';

export function createInitialState(accountId: number, now: string): EmulatorState {
  const objectTypes: Record<string, ObjectTypeState> = {};
  for (const info of BUILT_IN_OBJECT_TYPES) {
    const { properties, groups } = builtInSchema(info, now);
    objectTypes[info.objectTypeId] = {
      objectTypeId: info.objectTypeId,
      name: info.name,
      properties: Object.fromEntries(properties.map((p) => [p.name, p])),
      groups: Object.fromEntries(groups.map((g) => [g.name, g])),
      records: {},
    };
  }
  const associationTypes = Object.fromEntries(
    builtInAssociationTypes(BUILT_IN_OBJECT_TYPES).map((t) => [String(t.typeId), t]),
  );
  return {
    formatVersion: STATE_FORMAT_VERSION,
    accountId,
    counters: { record: 0, associationType: 1000, eventDefinition: 0 },
    objectTypes,
    associationTypes,
    recordAssociations: [],
    eventDefinitions: {},
  };
}
