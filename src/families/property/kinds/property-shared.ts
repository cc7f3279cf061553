/** What the property kinds share: what a property needs first, and how a created one is sent and shown. */
import type { FieldChange } from '../../../engine/plan/change-shapes.js';
import type { PropertyCreateChange } from './property-create-meta.js';
import type { PropertyRestoreChange } from './property-restore-meta.js';
import { keys } from '../../../engine/plan/dependency-keys.js';
import { formulaReferences } from '../formula.js';
import type { ChangeDetail, ChangeKind, DependencyKeys } from '../../../engine/plan/kinds/change-kind.js';
import { created, updated, type EndState } from '../../../engine/plan/kinds/end-state.js';
import { groupAddress } from '../group-model.js';
import { propertyAddress, type NormalizedProperty } from '../model.js';
import { propertyCreateBody } from '../bodies.js';

/**
 * All of a property's create but how it reads: a create and a restore (of an archived name) send the
 * same request, end the same way and wait for the same changes.
 */
export function creatingProperty<C extends PropertyCreateChange | PropertyRestoreChange>(): Omit<
  ChangeKind<C>,
  'type' | 'meta' | 'message' | 'severity'
> {
  return {
    target: (m) => ({ kind: 'property', objectType: m.objectType, name: m.property.name }),
    action: () => 'create',
    address: (m) => propertyAddress(m.objectType, m.property.name),
    phase: () => 'properties.create',
    // the CRM also creates properties in batches: apply merges consecutive creates
    requests: (m, w) => [w.createProperty(m.objectType, propertyCreateBody(m.property))],
    creates: () => true,
    removes: false,
    endState: (m, found) => created(m.property, found),
    dependencies: (m) => ({
      provides: [keys.created(propertyAddress(m.objectType, m.property.name))],
      needs: propertyNeeds(m.objectType, m.property.groupName, m.property.calculationFormula),
    }),
    details: (m) => propertyDetails(m.property),
  };
}

/** The creation of its group and of the properties its formula uses. */
export function propertyNeeds(
  objectType: string,
  groupName: string | undefined,
  formula: string | undefined,
): string[] {
  const needs = groupName === undefined ? [] : [keys.created(groupAddress(objectType, groupName))];
  for (const name of formulaReferences(formula ?? ''))
    needs.push(keys.created(propertyAddress(objectType, name)));
  return needs;
}

/** A change moving a property out of its group (the group's archive waits for it). */
export function leavesGroup(objectType: string, fields: readonly FieldChange[]): string[] {
  const moved = fields.find((f) => f.field === 'groupName');
  return typeof moved?.old === 'string' ? [keys.leftGroup(groupAddress(objectType, moved.old))] : [];
}

/** The new value of a changed field, when it is text. */
export function newText(fields: readonly FieldChange[], field: string): string | undefined {
  const change = fields.find((f) => f.field === field);
  return typeof change?.new === 'string' ? change.new : undefined;
}

/** A created property shows its options and its formula. */
export function propertyDetails(property: NormalizedProperty): ChangeDetail[] {
  const details: ChangeDetail[] = [];
  if (property.options.length > 0) details.push({ kind: 'options', options: property.options });
  if (property.calculationFormula !== undefined)
    details.push({
      kind: 'value',
      field: 'calculationFormula',
      value: JSON.stringify(property.calculationFormula),
    });
  return details;
}

/**
 * What every in-place change of a property's fields shares (an update, a remap): done when the fields
 * hold their new values; after the creation of a new group or formula property it names; moving it out
 * of a group lets that group's archive go; the fields are its details.
 */
export function fieldChangeParts(): {
  endState: (m: { fields: readonly FieldChange[] }, found: unknown) => EndState;
  dependencies: (m: { objectType: string; fields: readonly FieldChange[] }) => Partial<DependencyKeys>;
  details: (m: { fields: readonly FieldChange[] }) => ChangeDetail[];
  fields: (m: { fields: readonly FieldChange[] }) => readonly FieldChange[];
} {
  return {
    endState: (m, found) => updated(m.fields, found),
    dependencies: (m) => ({
      provides: leavesGroup(m.objectType, m.fields),
      needs: propertyNeeds(
        m.objectType,
        newText(m.fields, 'groupName'),
        newText(m.fields, 'calculationFormula'),
      ),
    }),
    details: (m) => [{ kind: 'fields', fields: m.fields }],
    fields: (m) => m.fields,
  };
}
