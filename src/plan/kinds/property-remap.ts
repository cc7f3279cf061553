/**
 * property.remap: an update whose removed options are taken over by others (`replaces` in the manifest).
 * Carried out as a data migration: the first update adds the new options and keeps the old ones, every
 * record holding an old value is rewritten to its new value (inside the `;` list of a checkbox), and once
 * a pass finds none left, the second update removes the old options. No record is left holding a value
 * its property no longer has.
 */
import { writes } from '../../api/writes.js';
import { propertyAddress } from '../../model/address.js';
import type { NormalizedOption } from '../../model/schema-model.js';
import type { FieldChange, PropertyRemapChange } from '../change-types.js';
import { patchBody } from '../requests/bodies.js';
import { fieldNames, quoteList, type ChangeKind } from './change-kind.js';
import { fieldChangeParts } from './property-shared.js';

type Meta = PropertyRemapChange['meta'];

const address = (m: Meta) => propertyAddress(m.objectType, m.name);

/** The declared options (the `options` field's new value). */
function declaredOptions(fields: readonly FieldChange[]): NormalizedOption[] {
  const options = fields.find((f) => f.field === 'options')?.new;
  return Array.isArray(options) ? (options as unknown as NormalizedOption[]) : [];
}

/** The update before the rewrite: every changed field, with the old options still in the list. */
function firstFields(m: Meta): FieldChange[] {
  return m.fields.map((f) =>
    f.field === 'options'
      ? { ...f, new: [...declaredOptions(m.fields), ...m.kept] as unknown as FieldChange['new'] }
      : f,
  );
}

/** `'urgent', 'critical' -> 'p1'; 'low' -> 'minor'` */
export function remapText(remaps: Meta['remaps']): string {
  const byTarget = new Map<string, string[]>();
  for (const { from, to } of remaps) byTarget.set(to, [...(byTarget.get(to) ?? []), from]);
  return [...byTarget].map(([to, froms]) => `${quoteList(froms, 5)} -> '${to}'`).join('; ');
}

export const propertyRemap: ChangeKind<PropertyRemapChange> = {
  target: (m) => ({ kind: 'property', objectType: m.objectType, name: m.name }),
  action: () => 'update',
  address,
  message: (m) => {
    const others = m.fields.filter((f) => f.field !== 'options');
    return (
      `Remap options of ${address(m)}: ${remapText(m.remaps)} (records rewritten, then the old options removed)` +
      (others.length > 0 ? `; update ${fieldNames(others)}` : '')
    );
  },
  severity: () => ({
    severity: 'safe',
    reason:
      'records holding an old option value are rewritten to its new value before the old option is removed',
  }),
  phase: () => 'properties.migrate',
  requests: (m) => [
    writes.updateProperty(m.objectType, m.name, patchBody(firstFields(m))),
    writes.updateProperty(m.objectType, m.name, patchBody(m.fields.filter((f) => f.field === 'options'))),
  ],
  migration: (m) => ({
    kind: 'rewrite',
    objectType: m.objectType,
    name: m.name,
    remaps: m.remaps,
    multiple: m.multiple,
  }),
  creates: () => false,
  removes: false,
  ...fieldChangeParts(),
};
