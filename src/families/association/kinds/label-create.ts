/** label.create: a user association label (with its inverse) the account lacks. */
import type { JsonObject } from '../../../core/json.js';
import { defined } from '../../../core/defined.js';
import { keys } from '../../../engine/plan/dependency-keys.js';
import { refKey } from '../../../engine/plan/change-shapes.js';
import type { ChangeKind, KindChange, LearnedIds } from '../../../engine/plan/kinds/change-kind.js';
import { missing } from '../../../engine/plan/kinds/end-state.js';
import { inverseMatches } from './label-shared.js';
import { ref } from '../../../core/json-schema.js';
import { metaObject, fromField, toField } from '../../../engine/plan/kinds/meta-fields.js';
import { labelAddress, type NormalizedLabel, LabelShape } from '../label-model.js';

/** The data of a label.create change, declared once: its type below and its part of the plan's JSON Schema. */
export const LabelCreateMeta = metaObject('Create an association label.', {
  from: fromField,
  to: toField,
  /** `label.name` is always set: the manifest's, or derived from the text */
  label: ref(LabelShape, 'The label to create (name always set).'),
});

export type LabelCreateChange = KindChange<'label.create', typeof LabelCreateMeta>;

export const labelCreate: ChangeKind<LabelCreateChange> = {
  type: 'label.create',
  meta: LabelCreateMeta,
  target: (m) => ({ kind: 'label', from: m.from, to: m.to, text: m.label.label }),
  action: () => 'create',
  edge: (m) => ({
    from: m.from,
    to: m.to,
    label: m.label.label,
    ...(m.label.inverseLabel === undefined ? {} : { inverseLabel: m.label.inverseLabel }),
    mark: 'added',
  }),
  address: (m) => labelAddress(m.from, m.to, m.label.label),
  message: (m) =>
    `Create association label ${labelAddress(m.from, m.to, m.label.label)}` +
    (m.label.inverseLabel === undefined ? '' : ` (inverse "${m.label.inverseLabel}")`),
  severity: () => ({ severity: 'safe', reason: 'adds a new association label' }),
  phase: () => 'labels.write',
  requests: (m, w) => {
    const body: JsonObject = { name: m.label.name ?? '', label: m.label.label };
    if (m.label.inverseLabel !== undefined) body.inverseLabel = m.label.inverseLabel;
    return [w.createLabel(m.from, m.to, body)];
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
  idsFromAnswer: (m, answer) => createdTypeIds(answer, m.label.label),
  // a limit on the new label names its typeIds by the label's address (`{ ref }`)
  refsLearned: (m, learned) => {
    const address = labelAddress(m.from, m.to, m.label.label);
    const out: [string, number][] = [];
    if (learned.typeId !== undefined) out.push([refKey({ ref: address }), learned.typeId]);
    if (learned.inverseTypeId !== undefined)
      out.push([refKey({ ref: address, side: 'inverse' }), learned.inverseTypeId]);
    return out;
  },
};

/**
 * The two types of a created label pair (one result per direction): the one carrying the label's text is
 * its own direction's (the lower typeId when both carry it: the platform numbers the from -> to one first).
 */
function createdTypeIds(answer: unknown, label: string): LearnedIds {
  const results =
    (answer as { results?: { typeId?: unknown; label?: unknown }[] } | undefined)?.results ?? [];
  const typed = results.filter((r): r is { typeId: number; label?: unknown } => typeof r.typeId === 'number');
  const own = typed.filter((r) => r.label === label);
  const candidates = (own.length > 0 ? own : typed).map((r) => r.typeId);
  if (candidates.length === 0) return {};
  const typeId = Math.min(...candidates);
  const others = typed.map((r) => r.typeId).filter((id) => id !== typeId);
  return others.length === 0 ? { typeId } : { typeId, inverseTypeId: Math.min(...others) };
}
