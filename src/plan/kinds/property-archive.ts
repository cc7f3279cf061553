/** property.archive: a tombstoned (or unmanaged) property is archived. */
import { writes } from '../../api/writes.js';
import { groupAddress, propertyAddress } from '../../model/address.js';
import type { PropertyArchiveChange } from '../change-types.js';
import { keys } from '../dependency-keys.js';
import { formulaIdentifiers } from '../formula.js';
import type { ChangeKind } from './change-kind.js';
import { removed } from './end-state.js';
import { recordsTarget } from '../data-counts.js';
import { managedScope } from '../diff/manage-scope.js';
import { archivedRecords } from '../rules/archived-records.js';

export const propertyArchive: ChangeKind<PropertyArchiveChange> = {
  type: 'property.archive',
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
  requests: (m) => [writes.archiveProperty(m.objectType, m.name)],
  creates: () => false,
  removes: true,
  endState: (_m, found) => removed(found),
  // after the archives of the calculated properties that use it; before its group's archive
  dependencies: (m) => ({
    provides: [
      keys.leftGroup(groupAddress(m.objectType, m.property.groupName)),
      ...[...formulaIdentifiers(m.property.calculationFormula ?? '')].map((name) =>
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
