/**
 * property.restore: a declared property whose name belongs to an archived one. The platform restores an
 * archived property when one of its name is created, with the new definition and the values records
 * held, so the request is a create; the plan says restore because the values come back.
 *
 * `renamedTo`: the archived property carries the mark a finished rename leaves (model/data-step-marks.ts):
 * a rename to that name archived it after copying its values there. Its values are those from before the
 * rename, and the values written since are on the new name, so restoring it is never a plain restore: it
 * is refused until the manifests decide (plan/rules/data-steps.ts).
 */
import type { ChangeKind } from '../../../engine/plan/kinds/change-kind.js';
import { creatingProperty } from './property-shared.js';
import { restoreSteps } from './rule-data-steps.js';
import { propertyAddress } from '../model.js';
import { PropertyRestoreMeta, type PropertyRestoreChange } from './property-restore-meta.js';

const address = (m: PropertyRestoreChange['meta']) => propertyAddress(m.objectType, m.property.name);

export const propertyRestore: ChangeKind<PropertyRestoreChange> = {
  type: 'property.restore',
  meta: PropertyRestoreMeta,
  ...creatingProperty<PropertyRestoreChange>(),
  message: (m) =>
    `Restore archived property ${address(m)} "${m.property.label}" ` +
    `(${m.property.type}/${m.property.fieldType}), with the values records held` +
    (m.renamedTo === undefined
      ? ''
      : ` before it was renamed to ${propertyAddress(m.objectType, m.renamedTo)}`),
  severity: (m) =>
    m.renamedTo === undefined
      ? {
          severity: 'safe',
          reason: 'restores an archived property: the values records held come back with it',
        }
      : {
          severity: 'dangerous',
          reason:
            `the rename to ${propertyAddress(m.objectType, m.renamedTo)} archived it: the values it brings back are ` +
            `those from before that rename, and the values written since are on ${propertyAddress(m.objectType, m.renamedTo)}`,
        },
  assess: restoreSteps,
  drift: (m) =>
    m.renamedTo === undefined
      ? undefined
      : {
          as: 'missing',
          note:
            `archived by the rename to ${propertyAddress(m.objectType, m.renamedTo)}, which finished: restoring it brings back ` +
            `the values from before the rename (newer values are on ${propertyAddress(m.objectType, m.renamedTo)})`,
        },
};

export { PropertyRestoreMeta, type PropertyRestoreChange } from './property-restore-meta.js';
