/**
 * Properties of one object type: create, update, replace (a field the API cannot change differs),
 * archive (tombstone, or the `unmanaged: archive` policy). Built-in properties are never changed: a
 * manifest entry or tombstone for one gives a warning. A property outside the policy's manage scope is an
 * error and is left alone (ownership.ts).
 */
import { propertyIntents } from './intents.js';
import { PROPERTY_DISPLAY_FIELDS } from '../../wire/api.js';
import { canonicalObjectType } from '../../engine/model/object-types.js';
import { defined } from '../../core/defined.js';
import { diffFields } from '../../engine/plan/diff/field-diff.js';
import { remapOf, renamedAway, renameFinished, withRetiredOptions } from './data-steps.js';
import { renamedTo as markedFor } from './data-step-marks.js';
import {
  diagnose,
  isActive,
  isBuiltIn,
  tombstoneConflict,
  tombstonesOf,
  type DiffContext,
} from '../../engine/plan/diff/diff-context.js';
import { type NormalizedProperty, propertyAddress } from './model.js';
import type { ObjectSchema } from './model.js';
import { managedScope } from './manage-scope.js';
import { ownsDeclaredProperty, ownsPropertyTombstone } from './ownership.js';
import type { PropertyTombstone } from './tombstones.js';

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
  ...PROPERTY_DISPLAY_FIELDS,
] as const satisfies readonly (keyof NormalizedProperty)[];

// the options of an `externalOptions` property are filled by the platform (current users): never compared
const UPDATABLE_WITHOUT_OPTIONS = UPDATABLE_PROPERTY_FIELDS.filter((f) => f !== 'options');

/** The fields compared for a declared property: a display field only where the manifest gives it. */
function comparedFields(
  fields: readonly (typeof UPDATABLE_PROPERTY_FIELDS)[number][],
  declared: NormalizedProperty,
): (typeof UPDATABLE_PROPERTY_FIELDS)[number][] {
  return fields.filter(
    (field) =>
      !(PROPERTY_DISPLAY_FIELDS as readonly string[]).includes(field) || declared[field] !== undefined,
  );
}

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

  const renamedFrom = new Map<string, string>();
  /** the new names of finished renames whose old names are declared again: they hold the newer values */
  const renamedTo = new Set<string>();
  const tombstoned = tombstonesOf<PropertyTombstone>(ctx, 'property');
  for (const entry of desired?.properties.values() ?? []) {
    if (!ownsDeclaredProperty(ctx, objectType, entry, live)) continue;
    let declared = entry;
    const address = propertyAddress(objectType, declared.name);
    const current = liveActive(declared.name);
    const onConflict = propertyIntents(ctx.desired).onConflict.get(address);
    const from = propertyIntents(ctx.desired).renames.get(address);
    // a tombstone of the old name archives it without a copy: the rename is not run
    const old =
      from === undefined || tombstoned.has(propertyAddress(objectType, from)) ? undefined : liveActive(from);
    if (from !== undefined && old !== undefined) {
      if (!renameAllowed(ctx, objectType, declared, from, old, live)) continue;
      // the new name archived by a finished rename of it to the old one (a rollback of this rename, or
      // the rename the other way round): restored, and the copy writes over the values it held then. It
      // keeps that rename's mark until the copy checked out: live with it, the rename is resumed
      const restoring = current !== undefined && renamedAway(current, declared.name) === from;
      const restores = live?.propertyFlags.get(declared.name)?.archived === true || restoring;
      renamedFrom.set(from, declared.name);
      // restoring, the old one carrying this rename's mark: only the new one's description and the archive
      // are left
      const finished = restoring
        ? markedFor(old.description) === declared.name
          ? { why: '', marked: true }
          : undefined
        : renameFinished(
            objectType,
            from,
            declared.name,
            old,
            live?.propertyFlags.get(from),
            current === undefined ? undefined : live?.propertyFlags.get(declared.name),
          );
      ctx.changes.push({
        type: 'property.rename',
        meta: {
          objectType,
          from,
          property: declared,
          old,
          created: current !== undefined,
          ...defined({
            restores: restores ? true : undefined,
            // marked (only the archive may be left) needs the new property live; else it finished
            finished: finished?.marked === true && current !== undefined ? undefined : finished?.why,
            marked: finished?.marked === true && current !== undefined ? true : undefined,
            onConflict,
          }),
        },
      });
      if (current === undefined) continue;
      // the mark goes with the rename's last step, not with an update before it
      if (restoring) declared = { ...declared, description: current.description };
    } else if (current === undefined) {
      const archived = live?.propertyFlags.get(declared.name)?.archived === true;
      const property = declared;
      // archived by a finished rename: its values are those from before it
      const to = archived ? renamedAway(live.properties.get(declared.name), declared.name) : undefined;
      if (to !== undefined) renamedTo.add(to);
      ctx.changes.push(
        archived
          ? { type: 'property.restore', meta: { objectType, property, ...defined({ renamedTo: to }) } }
          : { type: 'property.create', meta: { objectType, property } },
      );
      continue;
    }
    const property = withRetiredOptions(ctx, address, current, declared);
    const external = current.externalOptions && property.externalOptions;
    const updatable = diffFields(
      current,
      property,
      comparedFields(external ? UPDATABLE_WITHOUT_OPTIONS : UPDATABLE_PROPERTY_FIELDS, property),
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
      const multiple = declared.fieldType === 'checkbox';
      const remap = remapOf(ctx, address, current, declared.options, multiple, onConflict);
      ctx.changes.push(
        remap === undefined
          ? { type: 'property.update', meta: { objectType, name: property.name, fields: updatable } }
          : {
              type: 'property.remap',
              meta: {
                objectType,
                name: property.name,
                fields: updatable,
                remaps: remap.remaps,
                kept: remap.kept,
                multiple,
                ...(remap.returned.length === 0 ? {} : { returned: remap.returned }),
                ...defined({ onConflict }),
              },
            },
      );
    }
  }

  for (const [address, tombstone] of tombstoned) {
    if (canonicalObjectType(tombstone.objectType) !== objectType) continue;
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
    if (!ownsPropertyTombstone(ctx, objectType, current, tombstone.source)) continue;
    ctx.changes.push({
      type: 'property.archive',
      meta: { objectType, name, cause: 'tombstone', property: current },
    });
    archived.add(name);
  }

  // the old name of a rename is archived by the rename itself
  for (const from of renamedFrom.keys()) archived.add(from);
  if (ctx.policy.unmanaged !== 'ignore' && live !== undefined) {
    diffUnmanaged(ctx, objectType, desired, live, archived, renamedTo);
  }
  return archived;
}

/**
 * A rename copies raw values, so the old and new property must hold the same kind of value; the new name
 * must not be archived (creating it would restore that property instead), unless a finished rename of it
 * to the old name archived it (it carries that rename's mark: its values were carried to the old name,
 * and the rename restores it and copies them back); built-in properties are never renamed. Otherwise an
 * error at the declaration, and no change.
 */
function renameAllowed(
  ctx: DiffContext,
  objectType: string,
  property: NormalizedProperty,
  from: string,
  old: NormalizedProperty,
  live: ObjectSchema | undefined,
): boolean {
  const address = propertyAddress(objectType, property.name);
  const problem = (message: string, hint: string): false => {
    diagnose(ctx, { level: 'error', code: 'RENAME_BLOCKED', address, message, hint });
    return false;
  };
  if (isBuiltIn(live?.propertyFlags.get(from)))
    return problem(
      `${address} is renamed from ${propertyAddress(objectType, from)}, a built-in property: crm-schema never archives one`,
      'Remove renamedFrom, or copy the values yourself.',
    );
  if (
    live?.propertyFlags.get(property.name)?.archived === true &&
    renamedAway(live.properties.get(property.name), property.name) !== from
  )
    return problem(
      `${address} is renamed from ${from}, but an archived property holds the name ${property.name}: creating it would restore that property and its values`,
      `Choose another name, or restore ${property.name} first (declare it without renamedFrom) and copy the values of ${from} yourself.`,
    );
  if (old.type !== property.type)
    return problem(
      `${address} is renamed from ${from} and changes type (${old.type} -> ${property.type}): values cannot be copied across types`,
      `Rename with type: ${old.type}; change the type in a later change.`,
    );
  return true;
}

/**
 * Live properties in the managed scope that no manifest names: archived (`unmanaged: archive`) or
 * reported. `renamedTo` (the new names of finished renames whose old names are declared again) are only
 * reported: they hold the values written since the rename, which the refused restore of the old name
 * leaves the manifests to decide about.
 */
function diffUnmanaged(
  ctx: DiffContext,
  objectType: string,
  desired: ObjectSchema | undefined,
  live: ObjectSchema,
  archived: Set<string>,
  renamedTo: ReadonlySet<string>,
): void {
  const inScope = managedScope(ctx.policy, objectType);
  const tombstoned = tombstonesOf<PropertyTombstone>(ctx, 'property');
  for (const property of live.properties.values()) {
    const flags = live.propertyFlags.get(property.name);
    if (!isActive(flags) || isBuiltIn(flags) || desired?.properties.has(property.name) === true) continue;
    // archived by a tombstone or a rename (its values move first)
    if (archived.has(property.name)) continue;
    const address = propertyAddress(objectType, property.name);
    if (tombstoned.has(address)) continue;
    const scope = inScope(property.name, property.groupName);
    if (scope === undefined) continue;
    if (ctx.policy.unmanaged === 'archive' && !renamedTo.has(property.name)) {
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
