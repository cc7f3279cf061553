/**
 * Built-in (platformDefined) properties and groups of an object type, built from the data tables in
 * `properties/built-in-tables.ts`. Built-ins are not archivable and their definitions are read-only;
 * the platform-set ones (ids, timestamps) also have read-only values, which record writes honour.
 */
import type { Property, PropertyGroup } from '../../wire/api.js';
import { buildProperty } from './property-defaults.js';
import { OWNER } from './property-rules.js';
import {
  builtInTable,
  COMMON_BUILT_INS,
  type BuiltInPropertySpec,
  type BuiltInTable,
} from './built-in-tables.js';
import { BUILT_IN_OBJECT_TYPES, type ObjectTypeInfo } from '../state/object-types.js';

function toProperty(spec: BuiltInPropertySpec, defaultGroup: string, now: string): Property {
  const custom = buildProperty(
    {
      name: spec.name,
      label: spec.label,
      type: spec.type,
      fieldType: spec.fieldType,
      groupName: spec.group ?? defaultGroup,
      ...(spec.description !== undefined ? { description: spec.description } : {}),
      options: (spec.options ?? []).map(([label, value]) => ({ label, value })),
      ...(spec.formField !== undefined ? { formField: spec.formField } : {}),
      ...(spec.owner === true ? { externalOptions: true, referencedObjectType: OWNER } : {}),
    },
    now,
  );
  const readOnlyValue = spec.readOnlyValue === true;
  return {
    ...custom,
    platformDefined: true,
    modificationMetadata: {
      archivable: false,
      readOnlyDefinition: true,
      readOnlyOptions: readOnlyValue,
      readOnlyValue,
    },
  };
}

function tableOf(info: ObjectTypeInfo): BuiltInTable {
  return builtInTable(info.name, info.primaryProperty);
}

/** Built-in (platformDefined) properties and groups of an object type. */
export function builtInSchema(
  info: ObjectTypeInfo,
  now: string,
): {
  properties: Property[];
  groups: PropertyGroup[];
} {
  const table = tableOf(info);
  const infoGroup = table.groups[0]?.name ?? 'information';
  const specs = [...COMMON_BUILT_INS, ...table.properties];
  if (!specs.some((s) => s.name === info.primaryProperty)) {
    specs.push({ name: info.primaryProperty, label: 'Name', type: 'string', fieldType: 'text' });
  }
  return {
    properties: specs.map((spec) => toProperty(spec, infoGroup, now)),
    groups: table.groups.map((g, i) => ({ name: g.name, label: g.label, displayOrder: i, archived: false })),
  };
}

const builtInGroupsById = new Map<string, ReadonlySet<string>>(
  BUILT_IN_OBJECT_TYPES.map((info) => [info.objectTypeId, new Set(tableOf(info).groups.map((g) => g.name))]),
);

/** Whether a group is one of a built-in object type's own groups (those cannot be archived). */
export function isBuiltInGroup(objectTypeId: string, groupName: string): boolean {
  return builtInGroupsById.get(objectTypeId)?.has(groupName) ?? false;
}
