/** property.archive: a tombstoned (or unmanaged) property is archived. */
import { keys } from '../../../engine/plan/dependency-keys.js';
import { formulaReferences } from '../formula.js';
import type { ChangeKind, KindChange } from '../../../engine/plan/kinds/change-kind.js';
import { removed } from '../../../engine/plan/kinds/end-state.js';
import { recordsTarget } from '../../../engine/plan/data-counts.js';
import { archivedRecords } from './rule-archived-records.js';
import { Type, ref } from '../../../core/json-schema.js';
import { removalCause } from '../../../engine/plan/change-shapes.js';
import { metaObject, objectTypeField } from '../../../engine/plan/kinds/meta-fields.js';
import { groupAddress } from '../group-model.js';
import { propertyAddress, PropertyShape } from '../model.js';
import { managedScope } from '../manage-scope.js';

/** The data of a property.archive change, declared once: its type below and its part of the plan's JSON Schema. */
export const PropertyArchiveMeta = metaObject('Archive a property.', {
  objectType: objectTypeField,
  name: Type.String({ description: 'Property name.' }),
  cause: removalCause(),
  /** the live definition being archived */
  property: ref(PropertyShape, 'The live definition being archived.'),
});

export type PropertyArchiveChange = KindChange<'property.archive', typeof PropertyArchiveMeta>;

export const propertyArchive: ChangeKind<PropertyArchiveChange> = {
  type: 'property.archive',
  meta: PropertyArchiveMeta,
  target: (m) => ({ kind: 'property', objectType: m.objectType, name: m.name }),
  action: () => 'remove',
  address: (m) => propertyAddress(m.objectType, m.name),
  message: (m) =>
    `Archive property ${propertyAddress(m.objectType, m.name)}` +
    (m.cause === 'unmanaged' ? ' (in no manifest; policy unmanaged: archive)' : ''),
  severity: () => ({
    severity: 'destructive',
    reason: 'archives the property: its values are no longer readable on records',
  }),
  phase: () => 'properties.archive',
  // the CRM also archives properties in batches: apply merges consecutive archives
  requests: (m, w) => [w.archiveProperty(m.objectType, m.name)],
  creates: () => false,
  removes: true,
  endState: (_m, found) => removed(found),
  // after the archives of the calculated properties that use it; before its group's archive
  dependencies: (m) => ({
    provides: [
      keys.leftGroup(groupAddress(m.objectType, m.property.groupName)),
      ...[...formulaReferences(m.property.calculationFormula ?? '')].map((name) =>
        keys.userArchived(propertyAddress(m.objectType, name)),
      ),
    ],
    needs: [keys.userArchived(propertyAddress(m.objectType, m.name))],
  }),
  cause: (m) => m.cause,
  removalVerb: 'archive',
  dataCheck: (m) => [recordsTarget(m.objectType, m.name)],
  assess: archivedRecords,
  // archives of properties whose live formulas use each other: only ordered
  cyclesAllowed: true,
  drift: (m, { policy }) =>
    m.cause === 'unmanaged'
      ? {
          as: 'unmanaged',
          label: m.property.label,
          scope: managedScope(policy, m.objectType)(m.name, m.property.groupName) ?? 'the managed scope',
        }
      : undefined,
};
