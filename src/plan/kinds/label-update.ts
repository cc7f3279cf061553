/** label.update: a label renamed in place (its typeId, and every link using it, kept). */
import { writes } from '../../api/writes.js';
import type { JsonObject } from '../../core/json.js';
import { labelAddress } from '../../model/address.js';
import type { NormalizedLabel } from '../../model/schema-model.js';
import type { LabelUpdateChange } from '../change-types.js';
import type { ChangeKind } from './change-kind.js';
import { missing } from './end-state.js';
import { inverseMatches, relabelled } from './label-shared.js';
import type { FieldDifference } from './end-state.js';

export const labelUpdate: ChangeKind<LabelUpdateChange> = {
  type: 'label.update',
  target: (m) => ({ kind: 'label', from: m.from, to: m.to, typeId: m.typeId, text: m.label }),
  action: () => 'update',
  address: (m) => labelAddress(m.from, m.to, m.label),
  message: (m) =>
    `Relabel ${m.from}->${m.to}: ${relabelled(m.fields)} (typeId ${m.typeId}, renamed in place)`,
  severity: () => ({
    severity: 'safe',
    reason: 'renames the label in place: its typeId and every record association that uses it are kept',
  }),
  phase: () => 'labels.write',
  requests: (m) => {
    const body: JsonObject = { associationTypeId: m.typeId, label: m.label };
    if (m.inverseLabel !== undefined) body.inverseLabel = m.inverseLabel;
    return [writes.updateLabel(m.from, m.to, body)];
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
