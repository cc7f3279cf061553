/**
 * Association types: each is a user label (`label`) or a built-in type (`category` + `typeId`),
 * never both; at most 50 labels per pair. An explicit `name` is checked by the schema's label name
 * pattern; a name derived from the label (`deriveLabelName`) is valid by construction.
 */
import { report } from './context.js';
import type { Rule } from './context.js';

/** Platform cap of labels per object pair (reference §1; its docs say 10, the platform allows 50). */
export const MAX_LABELS_PER_PAIR = 50;

export const associationTypeRule: Rule = ({ items, model, sink }) => {
  for (const { entry, ref } of items.associations) {
    const hasLabel = entry.label !== undefined;
    const hasType = entry.category !== undefined;
    if (hasLabel === hasType) {
      report(sink, ref, hasLabel ? ['category'] : [], {
        code: 'ASSOCIATION_TYPE_TARGET',
        message: hasLabel
          ? 'an association type is a user label (label) or a built-in type (category + typeId), not both'
          : 'an association type needs a label (a user label) or category + typeId (a built-in type)',
        hint: 'for a user label write label:; for a built-in type write category: and typeId:',
      });
      continue;
    }
    if (hasType && entry.maxToObjectIds === undefined && !entry.deleted) {
      report(sink, ref, ['typeId'], {
        code: 'NOTHING_TO_MANAGE',
        message: `built-in type ${entry.category} ${entry.typeId} has no maxToObjectIds; only its limit is managed, so this entry does nothing`,
        hint: 'add maxToObjectIds, or remove the entry',
      });
    }
  }
  for (const [key, pair] of model.associations) {
    const labels = [...pair.labels.values()].filter((l) => !l.deleted);
    if (labels.length <= MAX_LABELS_PER_PAIR) continue;
    const last = labels[labels.length - 1];
    sink.at(last.source, {
      code: 'TOO_MANY_LABELS',
      message: `${labels.length} labels for ${key}; the platform allows at most ${MAX_LABELS_PER_PAIR} per object pair`,
    });
  }
};
