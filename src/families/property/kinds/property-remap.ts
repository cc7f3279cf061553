/**
 * property.remap: an update whose removed options are taken over by others (`replaces` in the manifest).
 * Carried out as a data migration: the first update adds the new options and keeps the old ones, every
 * record holding an old value is rewritten to its new value (inside the `;` list of a checkbox), and once
 * a pass finds none left, the second update retires the old options: kept hidden, each marked with the
 * value that replaced it (model/data-step-marks.ts), so that the remap is known to be done. No record is
 * left holding a value its property no longer offers.
 *
 * `returned`: old values whose remap had finished and that were shown again since: rewriting them again
 * writes over values the remap did not write, so the change is refused unless the manifest says
 * `onConflict: overwrite` (plan/rules/data-steps.ts).
 */
import type { NormalizedOption } from '../../../engine/model/schema-model.js';
import type { FieldChange } from '../../../engine/plan/change-shapes.js';
import { optionBody, patchBody } from '../../../engine/plan/requests/bodies.js';
import { retiredOption } from '../data-step-marks.js';
import { updated } from '../../../engine/plan/kinds/end-state.js';
import { fieldNames, type ChangeKind } from '../../../engine/plan/kinds/change-kind.js';
import { quoteList } from '../../../core/quote-list.js';
import { canonicalJson } from '../../../engine/plan/canonical-json.js';
import { fieldChangeParts } from './property-shared.js';
import {
  fieldChangeTargets,
  recordCountKey,
  recordsTarget,
  sumCounts,
} from '../../../engine/plan/data-counts.js';
import { optionRemoval } from './rule-option-removal.js';
import { remapSteps } from './rule-data-steps.js';
import { propertyAddress } from '../model.js';
import { rewriteBackWay } from './rewrite-back.js';
import { PropertyRemapMeta, type PropertyRemapChange } from './property-remap-meta.js';

type Meta = PropertyRemapChange['meta'];

const same = (a: unknown, b: unknown): boolean => canonicalJson(a ?? null) === canonicalJson(b ?? null);

const address = (m: Meta) => propertyAddress(m.objectType, m.name);

/** The declared options (the `options` field's new value). */
function declaredOptions(fields: readonly FieldChange[]): NormalizedOption[] {
  const options = fields.find((f) => f.field === 'options')?.new;
  return Array.isArray(options) ? (options as unknown as NormalizedOption[]) : [];
}

/** The update before the rewrite: every changed field, with the old options still in the list. */
function firstFields(m: Meta): FieldChange[] {
  return withOptions(m.fields, [...declaredOptions(m.fields), ...m.kept]);
}

/** The options once the remap is done: the declared ones, then the old ones retired (hidden, marked). */
function finalOptions(m: Meta): NormalizedOption[] {
  const to = new Map(m.remaps.map((r) => [r.from, r.to]));
  return [...declaredOptions(m.fields), ...m.kept.map((o) => retiredOption(o, to.get(o.value) ?? ''))];
}

/** The fields with `options` set to `options` (every other field as it is). */
function withOptions(fields: readonly FieldChange[], options: NormalizedOption[]): FieldChange[] {
  return fields.map((f) => (f.field === 'options' ? { ...f, new: options.map((o) => ({ ...o })) } : f));
}

/** `'urgent', 'critical' -> 'p1'; 'low' -> 'minor'` */
export function remapText(remaps: Meta['remaps']): string {
  const byTarget = new Map<string, string[]>();
  for (const { from, to } of remaps) byTarget.set(to, [...(byTarget.get(to) ?? []), from]);
  return [...byTarget].map(([to, froms]) => `${quoteList(froms, 5)} -> '${to}'`).join('; ');
}

export const propertyRemap: ChangeKind<PropertyRemapChange> = {
  type: 'property.remap',
  meta: PropertyRemapMeta,
  target: (m) => ({ kind: 'property', objectType: m.objectType, name: m.name }),
  action: () => 'update',
  address,
  message: (m) => {
    const others = m.fields.filter((f) => f.field !== 'options');
    return (
      `Remap options of ${address(m)}: ${remapText(m.remaps)} (records rewritten, then the old options retired)` +
      (others.length > 0 ? `; update ${fieldNames(others)}` : '')
    );
  },
  severity: () => ({
    severity: 'safe',
    reason:
      'records holding an old option value are rewritten to its new value before the old option is removed',
  }),
  phase: () => 'properties.migrate',
  requests: (m, w) => [
    w.updateProperty(m.objectType, m.name, patchBody(firstFields(m))),
    w.updateProperty(m.objectType, m.name, { options: finalOptions(m).map(optionBody) }),
  ],
  migration: (m) => ({
    kind: 'rewrite',
    objectType: m.objectType,
    name: m.name,
    remaps: m.remaps,
    multiple: m.multiple,
    after: 1,
  }),
  creates: () => false,
  removes: false,
  ...fieldChangeParts(),
  endState: (m, found) => updated(withOptions(m.fields, finalOptions(m)), found),
  // the records holding an old value (also those shown again after it finished), then as an update
  dataCheck: (m, quote) => [
    ...m.remaps.map(({ from }) => recordsTarget(m.objectType, m.name, from)),
    ...fieldChangeTargets(m.objectType, m.name, m.fields, quote),
  ],
  assess: (change, ctx) =>
    remapSteps(optionRemoval(change, ctx, new Map(change.meta.remaps.map((r) => [r.from, r.to]))), ctx),
  resume: {
    // an earlier run stopped after the first update (in the rewrite, or before the last update): the fresh
    // plan finds the fields that update set, and what is left of the change is the same
    savedNow: (saved, fresh) => {
      if (fresh.type !== 'property.remap') return undefined;
      const now = fresh.meta as Meta;
      const set = new Map(firstFields(saved.meta).map((f) => [f.field, f.new]));
      const declared = new Map(saved.meta.fields.map((f) => [f.field, f.new]));
      // every field the fresh plan still changes holds what the first update set, and goes where the plan said
      for (const field of now.fields) {
        if (!set.has(field.field) || !same(set.get(field.field), field.old)) return undefined;
        if (!same(declared.get(field.field), field.new)) return undefined;
      }
      if (!now.fields.some((f) => f.field === 'options')) return undefined;
      const left = (m: Meta) => ({
        objectType: m.objectType,
        name: m.name,
        remaps: m.remaps,
        kept: m.kept,
        multiple: m.multiple,
        returned: m.returned ?? [],
        onConflict: m.onConflict ?? null,
      });
      return same(left(saved.meta), left(now)) ? { meta: now } : undefined;
    },
  },
  // one old value to one new value: a record the apply record lists by id alone held the old one
  rollback: (m) => {
    const [only, ...more] = m.remaps;
    const idsSuffice = only !== undefined && more.length === 0 && !m.multiple;
    return {
      as: 'step',
      step: rewriteBackWay({
        objectType: m.objectType,
        name: m.name,
        multiple: m.multiple,
        fields: m.fields.map((f) => f.field),
        idsSuffice,
        derive: () => (idsSuffice ? { from: only.to, to: only.from } : undefined),
        // the records holding an old value (a checkbox record holding two is counted twice: at most)
        records: (counts) =>
          sumCounts(m.remaps.map((r) => counts?.get(recordCountKey(m.objectType, m.name, r.from)))),
      }),
    };
  },
};

export { PropertyRemapMeta, type PropertyRemapChange } from './property-remap-meta.js';
