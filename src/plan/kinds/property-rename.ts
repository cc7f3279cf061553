/**
 * property.rename: a property's internal name cannot change, so a rename is carried out as a data
 * migration: the property is created under its new name (the declared definition), every record's value
 * is copied from the old one and the copy checked, then the old one is archived. `requests` are the two
 * schema writes; the copy between them is `migration` (src/apply/migrate). Never the archive with values
 * left uncopied: the copy must check out first.
 */
import { writes } from '../../api/writes.js';
import { groupAddress, propertyAddress } from '../../model/address.js';
import { liveProperty } from '../../model/schema-lookup.js';
import type { PropertyRenameChange } from '../change-types.js';
import { keys } from '../dependencies.js';
import { propertyCreateBody } from '../requests/bodies.js';
import type { ChangeKind } from './change-kind.js';
import { created } from './end-state.js';
import { propertyDetails, propertyNeeds } from './property-shared.js';

const newAddress = (m: PropertyRenameChange['meta']) => propertyAddress(m.objectType, m.property.name);
const oldAddress = (m: PropertyRenameChange['meta']) => propertyAddress(m.objectType, m.from);

export const propertyRename: ChangeKind<PropertyRenameChange> = {
  target: (m) => ({ kind: 'property', objectType: m.objectType, name: m.property.name }),
  action: () => 'update',
  address: newAddress,
  message: (m) =>
    `Rename property ${oldAddress(m)} -> ${newAddress(m)}: ` +
    (m.created
      ? 'copy the values left, archive the old (resumed)'
      : 'create, copy every value, archive the old'),
  severity: () => ({
    severity: 'dangerous',
    reason:
      'values are copied and checked before the old name is archived; forms, workflows and integrations that use the old name stop working',
  }),
  phase: () => 'properties.migrate',
  requests: (m) => [
    ...(m.created ? [] : [writes.createProperty(m.objectType, propertyCreateBody(m.property))]),
    writes.archiveProperty(m.objectType, m.from),
  ],
  migration: (m) => ({ kind: 'copy', objectType: m.objectType, from: m.from, to: m.property.name }),
  creates: (m) => !m.created,
  removes: false,
  endState: (m, found, { live }) => {
    const state = created(m.property, found);
    if (liveProperty(live, m.objectType, m.from) === undefined) return state;
    return {
      ...state,
      done: false,
      differences: [
        ...state.differences,
        { field: `old property ${m.from}`, expected: null, actual: 'active' },
      ],
    };
  },
  dependencies: (m) => ({
    provides: [keys.created(newAddress(m)), keys.leftGroup(groupAddress(m.objectType, m.old.groupName))],
    needs: [
      ...propertyNeeds(m.objectType, m.property.groupName, m.property.calculationFormula),
      keys.userArchived(oldAddress(m)),
    ],
  }),
  details: (m) => propertyDetails(m.property),
};
