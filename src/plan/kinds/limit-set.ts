/** limit.set: a limit on an association type set (created where none is, else updated). */
import type { NormalizedLimit } from '../../model/schema-model.js';
import { isRef } from '../change-shapes.js';
import { overLimitKey } from '../data-counts.js';
import { limitLowered } from '../rules/limit-lowered.js';
import { keys } from '../dependency-keys.js';
import type { ChangeKind, KindChange } from './change-kind.js';
import { missing } from './end-state.js';
import { limitAddressOf } from './limit-shared.js';
import { defined } from '../../core/defined.js';
import { liveLabelByText } from '../../model/schema-lookup.js';
import { resolveRefs } from '../requests/refs.js';
import { Type, exactlyOneOf, oneOfValues, ref } from '../../core/json-schema.js';
import { RefShape } from '../change-shapes.js';
import { metaObject, fromField, toField } from './meta-fields.js';

/** The data of a limit.set change, declared once: its type below and its part of the plan's JSON Schema. */
export const LimitSetMeta = metaObject('Set an association limit.', {
  from: fromField,
  to: toField,
  category: Type.String({ description: 'Association category.' }),
  /** a `Ref` when the label is created by the same plan */
  typeId: exactlyOneOf([Type.Integer(), ref(RefShape)], {
    description: 'Association type id, or a ref to the label created by this plan.',
  }),
  label: Type.Optional(Type.String({ description: 'Label text, for a user label.' })),
  /** `create` when no limit is set live (batch/create), `update` otherwise (batch/update) */
  mode: oneOfValues(
    ['create', 'update'],
    'create when no limit is set live (batch/create), update otherwise (batch/update).',
  ),
  old: Type.Optional(Type.Integer({ description: 'Live limit, when one is set.' })),
  new: Type.Integer({ description: 'Desired limit (maxToObjectIds).', minimum: 1 }),
});

export type LimitSetChange = KindChange<'limit.set', typeof LimitSetMeta>;

export const limitSet: ChangeKind<LimitSetChange> = {
  type: 'limit.set',
  meta: LimitSetMeta,
  target: (m) => ({
    kind: 'limit',
    from: m.from,
    to: m.to,
    category: m.category,
    typeId: m.typeId,
    ...defined({ label: m.label }),
  }),
  action: (m) => (m.mode === 'create' ? 'create' : 'update'),
  edge: (m) => ({
    from: m.from,
    to: m.to,
    ...(m.label === undefined
      ? { type: `${m.category}/${typeof m.typeId === 'number' ? m.typeId : '?'}` }
      : { label: m.label }),
    limit: m.new,
    mark: m.mode === 'create' ? 'added' : 'changed',
  }),
  address: limitAddressOf,
  message: (m) =>
    `Set association limit ${limitAddressOf(m)} to ${m.new}` +
    (m.old === undefined ? ' (none set)' : ` (was ${m.old})`),
  severity: () => ({ severity: 'safe', reason: 'sets a limit; existing associations are kept' }),
  phase: () => 'limits.set',
  requests: (m, w) => [
    w.setLimit(m.from, m.to, m.mode, { category: m.category, typeId: m.typeId, maxToObjectIds: m.new }),
  ],
  creates: (m) => m.mode === 'create',
  removes: false,
  endState: (m, found) => {
    if (found === undefined) return missing();
    const limit = found as NormalizedLimit;
    const done = limit.maxToObjectIds === m.new;
    const differences = done
      ? []
      : [{ field: 'maxToObjectIds', expected: m.new, actual: limit.maxToObjectIds ?? null }];
    return { done, absent: false, differences };
  },
  // a limit on a label the same plan creates: after the label
  dependencies: (m) => ({ needs: isRef(m.typeId) ? [keys.created(m.typeId.ref)] : [] }),
  // lowered (or set where none was): the records already over the new limit
  dataCheck: (m) => {
    const { from, to, typeId, old, new: max } = m;
    if (isRef(typeId) || (old !== undefined && max >= old)) return [];
    return [{ kind: 'over-limit', key: overLimitKey(from, to, typeId, max), from, to, typeId, max }];
  },
  assess: limitLowered,
  drift: (m) => {
    // on a label the plan creates: reported with the label
    if (isRef(m.typeId)) return { as: 'with-another' };
    if (m.mode === 'create') return { as: 'missing', declared: m.new };
    return {
      as: 'edited',
      fields: [{ field: 'maxToObjectIds', old: m.old ?? null, new: m.new }],
      fix: 'update',
    };
  },
  resume: {
    // the label this plan created (a run before this one did) exists now: its ref is its typeId, and the
    // plan's own severity stands, unless the change is worse now than the plan says
    savedNow: (saved, _fresh, { live, done }) => {
      const m = saved.meta;
      if (!isRef(m.typeId) || !saved.dependsOn.some((dep) => done.has(dep))) return undefined;
      const typeId = liveLabelByText(live, m.from, m.to, m.label ?? '')?.typeId;
      if (typeId === undefined) return undefined;
      return {
        meta: { ...m, typeId },
        requests: resolveRefs(saved.requests, () => typeId),
        ownEvaluation: true,
      };
    },
  },
};
