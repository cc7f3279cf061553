/** label.create / update / delete (association labels: beyond the spec, reference §1) */
import type {
  FieldChange,
  JsonValue,
  LabelCreateChange,
  LabelDeleteChange,
  LabelUpdateChange,
} from '../change-types.js';
import { labelAddress } from '../../model/address.js';
import { labelsPath } from '../requests/paths.js';
import type { ChangeKind } from './change-kind.js';

export const labelCreate: ChangeKind<LabelCreateChange> = {
  action: () => 'create',
  address: (m) => labelAddress(m.from, m.to, m.label.label),
  message: (m) =>
    `Create association label ${labelAddress(m.from, m.to, m.label.label)}` +
    (m.label.inverseLabel === undefined ? '' : ` (inverse "${m.label.inverseLabel}")`),
  severity: () => ({ severity: 'safe', reason: 'adds a new association label' }),
  phase: () => 'labels.write',
  requests: (m) => {
    const body: { [key: string]: JsonValue } = { name: m.label.name ?? '', label: m.label.label };
    if (m.label.inverseLabel !== undefined) body.inverseLabel = m.label.inverseLabel;
    return [{ method: 'POST', path: labelsPath(m.from, m.to), body }];
  },
};

/** `"Disputed order" -> "Order in dispute", inverse "Disputed" -> "In dispute"` */
function relabelled(fields: readonly FieldChange[]): string {
  const parts = fields.map((f) => {
    const side = f.field === 'inverseLabel' ? 'inverse ' : '';
    return `${side}${f.old === null ? '(none)' : JSON.stringify(f.old)} -> ${JSON.stringify(f.new)}`;
  });
  return parts.join(', ');
}

export const labelUpdate: ChangeKind<LabelUpdateChange> = {
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
    const body: { [key: string]: JsonValue } = { associationTypeId: m.typeId, label: m.label };
    if (m.inverseLabel !== undefined) body.inverseLabel = m.inverseLabel;
    return [{ method: 'PUT', path: labelsPath(m.from, m.to), body }];
  },
};

export const labelDelete: ChangeKind<LabelDeleteChange> = {
  action: () => 'remove',
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
  requests: (m) => [{ method: 'DELETE', path: labelsPath(m.from, m.to, m.label.typeId ?? -1) }],
};
