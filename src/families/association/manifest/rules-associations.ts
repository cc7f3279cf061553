/**
 * Association types: each is a user label (`label`) or a built-in type (`category` + `typeId`), never
 * both, and a built-in type takes none of the keys of a label; at most 50 label pairs per object pair
 * (a label and its inverse count once). An explicit `name` is checked by the schema's label name
 * pattern; a name derived from the label (`deriveLabelName`) is valid by construction. How the two
 * directions of a label pair are merged and checked: `../label-pairs.ts`.
 */
import { at } from '../../../core/must.js';
import { objectPairKey } from '../declared-pairs.js';
import { report } from '../../../engine/manifest/rules/context.js';
import type { Rule } from '../../../engine/manifest/rules/context.js';
import { MAX_LABELS_PER_PAIR } from '../../../wire/platform-limits.js';
import { associationItems } from './declarations.js';
import { declarationsOf } from '../../../engine/manifest/model/declarations.js';
import type { AssociationDeclarations } from './declarations.js';
import { ASSOCIATIONS } from '../model.js';

/** Keys that only a user label takes. */
const LABEL_ONLY_KEYS = [
  'name',
  'inverseLabel',
  'renamedFrom',
  'inverseRenamedFrom',
  'inverseMaxToObjectIds',
] as const;

export const associationTypeRule: Rule = ({ items, model, sink }) => {
  for (const { entry, ref } of associationItems(items)) {
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
    if (!hasType) continue;
    const labelKey = LABEL_ONLY_KEYS.find((key) => entry[key] !== undefined);
    if (labelKey !== undefined) {
      report(sink, ref, [labelKey], {
        code: 'LABEL_KEY_ON_BUILT_IN_TYPE',
        message: `'${labelKey}' belongs to user labels; built-in type ${entry.category} ${entry.typeId} has only a limit to manage`,
        hint: `remove '${labelKey}'`,
      });
    }
    if (entry.maxToObjectIds === undefined && !entry.deleted) {
      report(sink, ref, ['typeId'], {
        code: 'NOTHING_TO_MANAGE',
        message: `built-in type ${entry.category} ${entry.typeId} has no maxToObjectIds; only its limit is managed, so this entry does nothing`,
        hint: 'add maxToObjectIds, or remove the entry',
      });
    }
  }
  const perObjectPair = new Map<string, AssociationDeclarations['labelPairs']>();
  for (const pair of declarationsOf<AssociationDeclarations>(model, ASSOCIATIONS.family).labelPairs) {
    const key = objectPairKey(pair.from, pair.to);
    const list = perObjectPair.get(key);
    if (list === undefined) perObjectPair.set(key, [pair]);
    else list.push(pair);
  }
  for (const [key, pairs] of perObjectPair) {
    if (pairs.length <= MAX_LABELS_PER_PAIR) continue;
    const last = at(pairs, pairs.length - 1);
    sink.at(last.source, {
      code: 'TOO_MANY_LABELS',
      message: `${pairs.length} labels for ${key}; the platform allows at most ${MAX_LABELS_PER_PAIR} per object pair (a label and its inverse count once)`,
    });
  }
};

/** Only user labels can be deleted: a tombstone of a built-in type (no `label`) is refused. */
export const builtInTombstoneRule: Rule = ({ items, sink }) => {
  for (const { entry, ref } of associationItems(items)) {
    if (entry.deleted !== true || entry.label !== undefined) continue;
    report(sink, ref, ['deleted'], {
      code: 'TOMBSTONE_NOT_ALLOWED',
      message: 'only user labels can be deleted; built-in association types cannot',
      hint: 'to remove a limit of a built-in type, write maxToObjectIds: null',
    });
  }
};
