/** label.update: a label renamed in place (its typeId, and every link using it, kept). */
import type { JsonObject } from '../../../core/json.js';
import type { ChangeKind, KindChange } from '../../../engine/plan/kinds/change-kind.js';
import { missing } from '../../../engine/plan/kinds/end-state.js';
import { inverseMatches, relabelled } from './label-shared.js';
import type { FieldDifference } from '../../../engine/plan/kinds/end-state.js';
import { Type } from '../../../core/json-schema.js';
import { metaObject, fromField, toField, fieldsField } from '../../../engine/plan/kinds/meta-fields.js';
import { labelAddress, type NormalizedLabel } from '../label-model.js';

/** The data of a label.update change, declared once: its type below and its part of the plan's JSON Schema. */
export const LabelUpdateMeta = metaObject('Change an association label in place (PUT).', {
  from: fromField,
  to: toField,
  typeId: Type.Integer({ description: 'Type id of the live label.' }),
  /** the new text */
  label: Type.String({ description: 'The new label text.' }),
  /** the one to keep or set (PUT replaces both) */
  inverseLabel: Type.Optional(Type.String({ description: 'The inverse label to keep or set.' })),
  fields: fieldsField,
});

export type LabelUpdateChange = KindChange<'label.update', typeof LabelUpdateMeta>;

export const labelUpdate: ChangeKind<LabelUpdateChange> = {
  type: 'label.update',
  meta: LabelUpdateMeta,
  target: (m) => ({ kind: 'label', from: m.from, to: m.to, typeId: m.typeId, text: m.label }),
  action: () => 'update',
  edge: (m) => ({
    from: m.from,
    to: m.to,
    label: m.label,
    ...(m.inverseLabel === undefined ? {} : { inverseLabel: m.inverseLabel }),
    mark: 'changed',
  }),
  address: (m) => labelAddress(m.from, m.to, m.label),
  message: (m) =>
    `Relabel ${m.from}->${m.to}: ${relabelled(m.fields)} (typeId ${m.typeId}, renamed in place)`,
  severity: () => ({
    severity: 'safe',
    reason: 'renames the label in place: its typeId and every record association that uses it are kept',
  }),
  phase: () => 'labels.write',
  requests: (m, w) => {
    const body: JsonObject = { associationTypeId: m.typeId, label: m.label };
    if (m.inverseLabel !== undefined) body.inverseLabel = m.inverseLabel;
    return [w.updateLabel(m.from, m.to, body)];
  },
  creates: () => false,
  removes: false,
  endState: (m, found) => {
    if (found === undefined) return missing();
    const label = found as NormalizedLabel;
    const differences: FieldDifference[] = [];
    if (label.label !== m.label) differences.push({ field: 'label', expected: m.label, actual: label.label });
    if (!inverseMatches(m.inverseLabel, label))
      differences.push({
        field: 'inverseLabel',
        expected: m.inverseLabel ?? null,
        actual: label.inverseLabel ?? null,
      });
    return { done: differences.length === 0, absent: false, differences, typeId: m.typeId };
  },
  details: (m) => [{ kind: 'fields', fields: m.fields }],
  fields: (m) => m.fields,
};
