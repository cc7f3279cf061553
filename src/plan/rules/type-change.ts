/** Changing `type` or `fieldType` in place is dangerous: values on records may no longer fit. */
import type { SeverityRule } from './rule-types.js';
import { raise } from './rule-types.js';

const TYPE_FIELDS = new Set(['type', 'fieldType']);

export const typeChangeRule: SeverityRule = (changes) =>
  changes.map((change) => {
    if (change.type !== 'property.update') return change;
    const fields = change.meta.fields.filter((f) => TYPE_FIELDS.has(f.field));
    if (fields.length === 0) return change;
    const what = fields
      .map((f) => `${f.field} ${JSON.stringify(f.old)} -> ${JSON.stringify(f.new)}`)
      .join(', ');
    return raise(change, 'dangerous', `changes ${what}: values on records may become invalid`);
  });
