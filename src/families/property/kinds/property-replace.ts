/** property.replace: a field the CRM cannot change in place differs: archive, then create again. */
import { keys } from '../../../engine/plan/dependency-keys.js';
import { canonicalJson } from '../../../engine/plan/canonical-json.js';
import { fieldNames, type ChangeKind, type KindChange } from '../../../engine/plan/kinds/change-kind.js';
import { created } from '../../../engine/plan/kinds/end-state.js';
import { leavesGroup, propertyNeeds } from './property-shared.js';
import { recordsTarget } from '../../../engine/plan/data-counts.js';
import { archivedRecords } from './rule-archived-records.js';
import { changeId } from '../../../engine/plan/change-id.js';
import { Type, ref } from '../../../core/json-schema.js';
import { FieldChangeShape } from '../../../engine/plan/change-shapes.js';
import { metaObject, objectTypeField, fieldsField } from '../../../engine/plan/kinds/meta-fields.js';
import { propertyAddress, PropertyShape } from '../model.js';
import { propertyCreateBody } from '../bodies.js';

/** The data of a property.replace change, declared once: its type below and its part of the plan's JSON Schema. */
export const PropertyReplaceMeta = metaObject(
  'Archive a property and create it again: a field the API cannot change differs.',
  {
    objectType: objectTypeField,
    name: Type.String({ description: 'Property name.' }),
    /** the fields the API cannot change that differ */
    immutable: Type.Array(ref(FieldChangeShape, 'A field the API cannot change.'), {
      description: 'The fields that force the replace.',
    }),
    /** every differing field */
    fields: fieldsField,
    property: ref(PropertyShape, 'The desired definition created after the archive.'),
  },
);

export type PropertyReplaceChange = KindChange<'property.replace', typeof PropertyReplaceMeta>;

export const propertyReplace: ChangeKind<PropertyReplaceChange> = {
  type: 'property.replace',
  meta: PropertyReplaceMeta,
  target: (m) => ({ kind: 'property', objectType: m.objectType, name: m.name }),
  action: () => 'replace',
  address: (m) => propertyAddress(m.objectType, m.name),
  message: (m) =>
    `Replace property ${propertyAddress(m.objectType, m.name)} (archive + create): ` +
    `${fieldNames(m.immutable)} cannot be changed in place`,
  severity: (m) => ({
    severity: 'destructive',
    reason:
      `${m.immutable.map((f) => `${f.field} ${JSON.stringify(f.old)} -> ${JSON.stringify(f.new)}`).join(', ')} ` +
      'cannot be changed in place: the property is archived and created again, and values on records may be lost',
  }),
  phase: () => 'properties.create',
  // sequential, never merged: the create must follow the archive of the same name
  requests: (m, w) => [
    w.archivePropertyAlone(m.objectType, m.name),
    w.createPropertyAlone(m.objectType, propertyCreateBody(m.property)),
  ],
  creates: () => true,
  removes: false,
  endState: (m, found) => created(m.property, found),
  dependencies: (m) => ({
    provides: [
      keys.created(propertyAddress(m.objectType, m.property.name)),
      ...leavesGroup(m.objectType, m.fields),
    ],
    needs: propertyNeeds(m.objectType, m.property.groupName, m.property.calculationFormula),
  }),
  details: (m) => [{ kind: 'fields', fields: m.fields }],
  fields: (m) => m.fields,
  dataCheck: (m) => [recordsTarget(m.objectType, m.name)],
  assess: archivedRecords,
  resume: {
    // its archive ran, so the name is archived now: the fresh plan creates it again (a restore)
    continuedBy: (_m, address) => [
      changeId('property.restore', address),
      changeId('property.create', address),
    ],
    // what is left is its create, which must create what the manifests declare
    continues: (m, fresh) =>
      (fresh.type === 'property.restore' || fresh.type === 'property.create') &&
      canonicalJson(m.property) === canonicalJson((fresh.meta as { property?: unknown }).property),
    // only its create again: its archive is done
    resend: (requests) => requests.filter((r) => r.method === 'POST'),
  },
  rollback: (m) => ({
    as: 'irreversible',
    why: `${fieldNames(m.immutable)} cannot be changed in place: the property is archived and created again, and the values it held are not brought back`,
  }),
};
