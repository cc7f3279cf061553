/**
 * property.unremap: a rollback's reverse of an option rewrite (a remap, or the reverse of one), made from
 * an apply record. The first update shows the options as they were again while keeping those the account
 * holds now; the records the apply record lists are put back, each only while it still holds the value
 * that apply wrote (src/engine/apply/migrate); once a pass finds them all as wanted and no other record holds an
 * option the last update removes, the last update sets the options as they were.
 */
import type { NormalizedOption } from '../../../engine/model/schema-model.js';
import type { FieldChange } from '../../../engine/plan/change-shapes.js';
import { optionBody, patchBody } from '../../../engine/plan/requests/bodies.js';
import { fieldNames, type ChangeKind } from '../../../engine/plan/kinds/change-kind.js';
import { fieldChangeParts } from './property-shared.js';
import { quoteList } from '../../../core/quote-list.js';
import { canonicalJson } from '../../../engine/plan/canonical-json.js';
import { propertyAddress } from '../model.js';
import { PropertyUnremapMeta, type PropertyUnremapChange } from './property-unremap-meta.js';
import { rewriteBackWay } from './rewrite-back.js';

type Meta = PropertyUnremapChange['meta'];

const address = (m: Meta) => propertyAddress(m.objectType, m.name);

function optionsOf(fields: readonly FieldChange[], side: 'old' | 'new'): NormalizedOption[] | undefined {
  const options = fields.find((f) => f.field === 'options')?.[side];
  return Array.isArray(options) ? (options as unknown as NormalizedOption[]) : undefined;
}

/** The option values the last update removes: live now, not among the options as they were. */
export function removedValues(m: Pick<Meta, 'fields'>): string[] {
  const wanted = new Set((optionsOf(m.fields, 'new') ?? []).map((o) => o.value));
  return (optionsOf(m.fields, 'old') ?? []).map((o) => o.value).filter((value) => !wanted.has(value));
}

/** The first update: every field as it was, the options as they were followed by those it removes later. */
function firstFields(m: Meta): FieldChange[] {
  const wanted = optionsOf(m.fields, 'new');
  if (wanted === undefined) return [...m.fields];
  const removed = new Set(removedValues(m));
  const kept = (optionsOf(m.fields, 'old') ?? []).filter((o) => removed.has(o.value));
  return m.fields.map((f) =>
    f.field === 'options' ? { ...f, new: [...wanted, ...kept].map((o) => ({ ...o })) } : f,
  );
}

export const propertyUnremap: ChangeKind<PropertyUnremapChange> = {
  type: 'property.unremap',
  meta: PropertyUnremapMeta,
  target: (m) => ({ kind: 'property', objectType: m.objectType, name: m.name }),
  action: () => 'update',
  address,
  message: (m) => {
    const removed = removedValues(m);
    const others = m.fields.filter((f) => f.field !== 'options');
    return (
      `Put back the values of ${address(m)} on ${String(m.values.length)} record${m.values.length === 1 ? '' : 's'} (rollback of ${m.record})` +
      (removed.length > 0 ? `, then remove ${quoteList(removed, 5)}` : '') +
      (others.length > 0 ? `; update ${fieldNames(others)}` : '')
    );
  },
  severity: () => ({
    severity: 'dangerous',
    reason:
      'records the apply rewrote get their old value back (each only while it holds what the apply wrote); a record set to a removed option since stops the change before its last step',
  }),
  phase: () => 'properties.migrate',
  requests: (m, w) => {
    const last = optionsOf(m.fields, 'new');
    return [
      w.updateProperty(m.objectType, m.name, patchBody(firstFields(m))),
      ...(last === undefined
        ? []
        : [w.updateProperty(m.objectType, m.name, { options: last.map(optionBody) })]),
    ];
  },
  migration: (m) => ({
    kind: 'put-back',
    objectType: m.objectType,
    name: m.name,
    values: m.values,
    removed: removedValues(m),
    multiple: m.multiple,
    after: optionsOf(m.fields, 'new') === undefined ? 0 : 1,
  }),
  creates: () => false,
  removes: false,
  ...fieldChangeParts(),
  resume: {
    // an earlier run stopped after the first update (in the put-back, or on records set since): the fresh
    // plan finds the options that update set, and what is left of the change is the same
    savedNow: (saved, fresh) => {
      if (fresh.type !== 'property.unremap') return undefined;
      const now = fresh.meta as Meta;
      const setFirst = firstFields(saved.meta).find((f) => f.field === 'options')?.new;
      if (canonicalJson(setFirst ?? null) !== canonicalJson(optionsOf(now.fields, 'old') ?? null))
        return undefined;
      const left = (m: Meta) => ({
        objectType: m.objectType,
        name: m.name,
        values: m.values,
        multiple: m.multiple,
        record: m.record,
        options: optionsOf(m.fields, 'new') ?? null,
      });
      return canonicalJson(left(saved.meta)) === canonicalJson(left(now)) ? { meta: now } : undefined;
    },
  },
  // its own list says what each record held
  rollback: (m) => ({
    as: 'step',
    step: rewriteBackWay({
      objectType: m.objectType,
      name: m.name,
      multiple: m.multiple,
      fields: m.fields.map((f) => f.field),
      idsSuffice: true,
      derive: (id) => {
        const entry = m.values.find((v) => v.id === id);
        return entry === undefined ? undefined : { from: entry.to, to: entry.from };
      },
      // it writes only the records it lists
      records: () => ({ count: m.values.length, exact: true }),
    }),
  }),
};
