/** Per object type: at most 10 `hasUniqueValue` properties (the platform's limit). */
import { canonicalObjectType } from '../../../engine/model/object-types.js';
import { propertyItems } from './declarations.js';
import { report } from '../../../engine/manifest/rules/context.js';
import type { Rule } from '../../../engine/manifest/rules/context.js';
import { MAX_UNIQUE_PROPERTIES } from '../../../wire/platform-limits.js';

export const uniqueLimitRule: Rule = ({ items, sink }) => {
  const counts = new Map<string, number>();
  for (const { objectType, entry, ref } of propertyItems(items)) {
    if (entry.archived || entry.hasUniqueValue !== true) continue;
    const key = canonicalObjectType(objectType);
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count <= MAX_UNIQUE_PROPERTIES) continue;
    report(sink, ref, ['hasUniqueValue'], {
      code: 'UNIQUE_LIMIT',
      message: `'${entry.name}' is unique property number ${count} of ${key}; the platform allows at most ${MAX_UNIQUE_PROPERTIES}`,
      hint: 'remove hasUniqueValue from properties that do not need it',
    });
  }
};
