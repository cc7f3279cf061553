/** label.create: a user association label (with its inverse) the account lacks. */
import { writes } from '../../api/writes.js';
import type { JsonObject } from '../../core/json.js';
import { defined } from '../../core/defined.js';
import { labelAddress } from '../../model/address.js';
import type { NormalizedLabel } from '../../model/schema-model.js';
import type { LabelCreateChange } from '../change-types.js';
import { keys } from '../dependencies.js';
import type { ChangeKind } from './change-kind.js';
import { missing } from './end-state.js';
import { inverseMatches } from './label-shared.js';

export const labelCreate: ChangeKind<LabelCreateChange> = {
  target: (m) => ({ kind: 'label', from: m.from, to: m.to, text: m.label.label }),
  action: () => 'create',
  address: (m) => labelAddress(m.from, m.to, m.label.label),
  message: (m) =>
    `Create association label ${labelAddress(m.from, m.to, m.label.label)}` +
    (m.label.inverseLabel === undefined ? '' : ` (inverse "${m.label.inverseLabel}")`),
  severity: () => ({ severity: 'safe', reason: 'adds a new association label' }),
  phase: () => 'labels.write',
  requests: (m) => {
    const body: JsonObject = { name: m.label.name ?? '', label: m.label.label };
    if (m.label.inverseLabel !== undefined) body.inverseLabel = m.label.inverseLabel;
    return [writes.createLabel(m.from, m.to, body)];
  },
  creates: () => true,
  removes: false,
  endState: (m, found) => {
    if (found === undefined) return missing();
    const label = found as NormalizedLabel;
    const done = inverseMatches(m.label.inverseLabel, label);
    const differences = done
      ? []
      : [
          {
            field: 'inverseLabel',
            expected: m.label.inverseLabel ?? null,
            actual: label.inverseLabel ?? null,
          },
        ];
    return {
      done,
      absent: false,
      differences,
      ...defined({ typeId: label.typeId, inverseTypeId: label.inverseTypeId }),
    };
  },
  dependencies: (m) => ({ provides: [keys.created(labelAddress(m.from, m.to, m.label.label))] }),
};
