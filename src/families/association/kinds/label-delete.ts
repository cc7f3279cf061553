/** label.delete: a tombstoned (or unmanaged) user label is deleted, in both directions. */
import { keys } from '../../../engine/plan/dependency-keys.js';
import type { ChangeKind } from '../../../engine/plan/kinds/change-kind.js';
import { removed } from '../../../engine/plan/kinds/end-state.js';
import { defined } from '../../../core/defined.js';
import { linkCountKey } from '../../../engine/plan/data-counts.js';
import { labelLinks } from './rule-label-links.js';
import { labelScope } from '../label-scope.js';
import { labelAddress } from '../label-model.js';
import { hasLabelScope } from '../label-scope.js';
import { LabelDeleteMeta, type LabelDeleteChange } from './label-delete-meta.js';

export const labelDelete: ChangeKind<LabelDeleteChange> = {
  type: 'label.delete',
  meta: LabelDeleteMeta,
  target: (m) => ({
    kind: 'label',
    from: m.from,
    to: m.to,
    ...defined({ typeId: m.label.typeId }),
    text: m.label.label,
  }),
  action: () => 'remove',
  edge: (m) => ({
    from: m.from,
    to: m.to,
    label: m.label.label,
    ...(m.label.inverseLabel === undefined ? {} : { inverseLabel: m.label.inverseLabel }),
    mark: 'removed',
  }),
  address: (m) => labelAddress(m.from, m.to, m.label.label),
  message: (m) =>
    `Delete association label ${labelAddress(m.from, m.to, m.label.label)} (typeId ${m.label.typeId ?? '?'})` +
    (m.label.inverseLabel === undefined ? '' : ` and its inverse "${m.label.inverseLabel}"`) +
    (m.cause === 'unmanaged' ? ' (in no manifest; policy unmanaged: archive)' : ''),
  severity: () => ({
    severity: 'destructive',
    reason:
      'deletes the label in both directions and removes it from every record association that uses it (the records lose that link label)',
  }),
  phase: () => 'labels.delete',
  requests: (m, w) => [w.deleteLabel(m.from, m.to, m.label.typeId ?? -1)],
  creates: () => false,
  removes: true,
  endState: (_m, found) => removed(found),
  // after the purge of its limit
  dependencies: (m) => ({ needs: [keys.purged(m.from, m.to, m.label.typeId)] }),
  cause: (m) => m.cause,
  removalVerb: 'delete',
  // the record associations that use it
  dataCheck: (m) => {
    const typeId = m.label.typeId;
    if (typeId === undefined) return [];
    return [{ kind: 'links', key: linkCountKey(m.from, m.to, typeId), from: m.from, to: m.to, typeId }];
  },
  assess: labelLinks,
  // with a label scope, those in it count whatever the unmanaged policy says (as properties do); without
  // one, those of a declared pair count unless the policy ignores them
  drift: (m, { policy }) =>
    m.cause !== 'unmanaged'
      ? undefined
      : hasLabelScope(policy)
        ? {
            as: 'unmanaged',
            scope:
              labelScope(policy.manage.labels ?? []).label(m.from, m.to, [
                m.label.label,
                m.label.inverseLabel,
              ]) ?? 'the managed scope',
          }
        : { as: 'unmanaged', scope: policy.unmanaged === 'ignore' ? undefined : 'its pair is declared' },
  rollback: () => ({
    as: 'put',
    lost: 'the record associations that carried it were removed with it and cannot be restored (declare the label in a manifest again to create it anew, without them)',
  }),
};

export { LabelDeleteMeta, type LabelDeleteChange } from './label-delete-meta.js';
