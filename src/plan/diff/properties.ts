/**
 * Properties of one object type: create, update, replace (a field the API cannot change differs),
 * archive (tombstone, or the `unmanaged: archive` policy). Built-in properties are never changed: a
 * manifest entry or tombstone for one gives a warning.
 */
import { canonicalObjectType } from '../../model/object-types.js';
import type { NormalizedProperty, ObjectSchema } from '../../model/schema-model.js';
import { propertyAddress } from '../../model/address.js';
import { diffFields } from './field-diff.js';
import {
  diagnose,
  isActive,
  isBuiltIn,
  managedScope,
  tombstoneConflict,
  tombstonesOf,
  type DiffContext,
} from './diff-context.js';

/** Fields PATCH cannot change (the platform silently ignores them): a difference means archive + create. */
export const IMMUTABLE_PROPERTY_FIELDS = [
  'hasUniqueValue',
  'dataSensitivity',
  'externalOptions',
  'referencedObjectType',
] as const satisfies readonly (keyof NormalizedProperty)[];

/** Fields PATCH takes. */
export const UPDATABLE_PROPERTY_FIELDS = [
  'label',
  'description',
  'groupName',
  'type',
  'fieldType',
  'options',
  'displayOrder',
  'hidden',
  'formField',
  'calculationFormula',
] as const satisfies readonly (keyof NormalizedProperty)[];

// the options of an `externalOptions` property are filled by the platform (current users): never compared
const UPDATABLE_WITHOUT_OPTIONS = UPDATABLE_PROPERTY_FIELDS.filter((f) => f !== 'options');

/** Diffs the properties; returns the names this plan archives (groups need them). */
export function diffProperties(
  ctx: DiffContext,
  objectType: string,
  desired: ObjectSchema | undefined,
  live: ObjectSchema | undefined,
): Set<string> {
  const archived = new Set<string>();
  const liveActive = (name: string): NormalizedProperty | undefined => {
    const property = live?.properties.get(name);
    return property !== undefined && isActive(live?.propertyFlags.get(name)) ? property : undefined;
  };

  for (const property of desired?.properties.values() ?? []) {
    const address = propertyAddress(objectType, property.name);
    const current = liveActive(property.name);
    if (current === undefined) {
      ctx.changes.push({ type: 'property.create', meta: { objectType, property } });
      continue;
    }
    const external = current.externalOptions && property.externalOptions;
    const updatable = diffFields(
      current,
      property,
      external ? UPDATABLE_WITHOUT_OPTIONS : UPDATABLE_PROPERTY_FIELDS,
    );
    const immutable = diffFields(current, property, IMMUTABLE_PROPERTY_FIELDS);
    if (isBuiltIn(live?.propertyFlags.get(property.name))) {
      const differs = [...immutable, ...updatable].map((f) => f.field);
      diagnose(ctx, {
        level: 'warning',
        code: 'BUILTIN_PROPERTY',
        address,
        message:
          `${address} is a built-in property: crm-schema never changes it` +
          (differs.length > 0 ? ` (the manifest differs in ${differs.join(', ')})` : ''),
        hint: 'Remove it from the manifest.',
      });
      continue;
    }
    if (immutable.length > 0) {
      const meta = {
        objectType,
        name: property.name,
        immutable,
        fields: [...immutable, ...updatable],
        property,
      };
      ctx.changes.push({ type: 'property.replace', meta });
    } else if (updatable.length > 0) {
      ctx.changes.push({
        type: 'property.update',
        meta: { objectType, name: property.name, fields: updatable },
      });
    }
  }

  for (const [address, tombstone] of tombstonesOf(ctx, 'property')) {
    if (tombstone.kind !== 'property' || canonicalObjectType(tombstone.objectType) !== objectType) continue;
    const name = tombstone.name;
    if (desired?.properties.has(name) === true) {
      tombstoneConflict(ctx, address, tombstone, `${address} is both declared and marked archived`);
      continue;
    }
    const current = liveActive(name);
    if (current === undefined) continue; // already gone: nothing to do
    if (isBuiltIn(live?.propertyFlags.get(name))) {
      diagnose(ctx, {
        level: 'warning',
        code: 'BUILTIN_PROPERTY',
        address,
        source: tombstone.source,
        message: `${address} is a built-in property: crm-schema never archives it`,
        hint: 'Remove the tombstone from the manifest.',
      });
      continue;
    }
    ctx.changes.push({
      type: 'property.archive',
      meta: { objectType, name, cause: 'tombstone', property: current },
    });
    archived.add(name);
  }

  if (ctx.policy.unmanaged !== 'ignore' && live !== undefined) {
    diffUnmanaged(ctx, objectType, desired, live, archived);
  }
  return archived;
}

function diffUnmanaged(
  ctx: DiffContext,
  objectType: string,
  desired: ObjectSchema | undefined,
  live: ObjectSchema,
  archived: Set<string>,
): void {
  const inScope = managedScope(ctx.policy, objectType);
  const tombstoned = tombstonesOf(ctx, 'property');
  for (const property of live.properties.values()) {
    const flags = live.propertyFlags.get(property.name);
    if (!isActive(flags) || isBuiltIn(flags) || desired?.properties.has(property.name) === true) continue;
    const address = propertyAddress(objectType, property.name);
    if (tombstoned.has(address)) continue;
    const scope = inScope(property.name, property.groupName);
    if (scope === undefined) continue;
    if (ctx.policy.unmanaged === 'archive') {
      ctx.changes.push({
        type: 'property.archive',
        meta: { objectType, name: property.name, cause: 'unmanaged', property },
      });
      archived.add(property.name);
    } else {
      diagnose(ctx, {
        level: 'warning',
        code: 'UNMANAGED_PROPERTY',
        address,
        message: `${address} is in the managed scope (${scope}) but in no manifest`,
        hint: 'Declare it in a manifest, mark it archived there, or set policy.unmanaged to archive.',
      });
    }
  }
}
