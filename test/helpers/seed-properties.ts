/**
 * Test helper: puts property definitions (API shape) straight into an emulator's state, so record
 * tests do not depend on the built-in properties or on the properties endpoints.
 */
import type { Property, PropertyOption } from '../../src/wire/api.js';
import type { EmulatorState } from '../../src/emulator/state/model.js';

const FIELD_TYPE: Record<string, string> = {
  string: 'text',
  number: 'number',
  bool: 'booleancheckbox',
  date: 'date',
  datetime: 'date',
  enumeration: 'select',
  phone_number: 'phonenumber',
};

export type PropertySeed = Partial<Property> & { name: string; type: Property['type'] };

export function optionsOf(...values: string[]): PropertyOption[] {
  return values.map((value, i) => ({ label: value.toUpperCase(), value, displayOrder: i, hidden: false }));
}

/** Inserts (or replaces) definitions on an object type given by id (`0-5`); returns them. */
export function seedProperties(
  state: EmulatorState,
  objectTypeId: string,
  seeds: PropertySeed[],
): Property[] {
  const objectType = state.objectTypes[objectTypeId];
  if (!objectType) throw new Error(`no object type ${objectTypeId} in the emulator state`);
  return seeds.map((seed) => {
    const property: Property = {
      label: seed.name,
      fieldType: FIELD_TYPE[seed.type] ?? 'text',
      groupName: 'emulator_test',
      description: '',
      options: seed.type === 'bool' ? optionsOf('true', 'false') : [],
      archived: false,
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-01-01T00:00:00.000Z',
      platformDefined: false,
      modificationMetadata: { archivable: true, readOnlyDefinition: false, readOnlyValue: false },
      ...seed,
    };
    objectType.properties[seed.name] = property;
    return property;
  });
}
