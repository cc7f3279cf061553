/**
 * What is shown under a change's line, as data both the text and the Markdown renderer write out:
 * each changed field (`old -> new`), long text as a word diff, option lists by value, and for a created
 * property the options and formula a reviewer needs to see. The message line says the rest, so most
 * change types have no details. A table keyed on change type, like the planner's kind registry.
 */
import type { NormalizedOption } from '../model/schema-model.js';
import type { ChangeOf, ChangeType, FieldChange, JsonValue } from '../plan/change-types.js';
import type { PlannedChange } from '../plan/plan-document.js';
import { optionDiffLines, optionListText, type OptionLine } from './option-diff.js';
import { isLongText } from './plan-values.js';

export type Detail =
  /** a changed field, shown `old -> new` */
  | { kind: 'field'; field: string; old: JsonValue; new: JsonValue }
  /** a changed long text, shown as a word diff; an unset side is '' */
  | { kind: 'text'; field: string; old: string; new: string }
  /** a changed option list, by option value */
  | { kind: 'options'; field: string; lines: OptionLine[] }
  /** a value of a created resource */
  | { kind: 'value'; field: string; text: string };

type DetailsOf = { readonly [T in ChangeType]: (meta: ChangeOf<T>['meta']) => Detail[] };

const none = (): Detail[] => [];

const DETAILS: DetailsOf = {
  'property.create': (m) =>
    [
      ...createdOptions(m.property.options),
      ...(m.property.calculationFormula === undefined
        ? []
        : [
            {
              kind: 'value',
              field: 'calculationFormula',
              text: JSON.stringify(m.property.calculationFormula),
            },
          ]),
    ] as Detail[],
  'property.update': (m) => fieldDetails(m.fields),
  'property.archive': none,
  'property.replace': (m) => fieldDetails(m.fields),
  'group.create': none,
  'group.update': (m) => fieldDetails(m.fields),
  'group.archive': none,
  'label.create': none,
  'label.update': (m) => fieldDetails(m.fields),
  'label.delete': none,
  'limit.set': none,
  'limit.purge': none,
  'eventDefinition.create': (m) =>
    m.definition.description === ''
      ? []
      : [{ kind: 'value', field: 'description', text: JSON.stringify(m.definition.description) }],
  'eventProperty.create': (m) => createdOptions(m.property.options),
  'eventProperty.update': (m) => fieldDetails(m.fields),
  'eventProperty.delete': none,
};

export function detailsOf(change: PlannedChange): Detail[] {
  return (DETAILS[change.type] as (meta: PlannedChange['meta']) => Detail[])(change.meta);
}

export function fieldDetails(fields: readonly FieldChange[]): Detail[] {
  return fields.map((f): Detail => {
    if (f.options !== undefined)
      return { kind: 'options', field: f.field, lines: optionDiffLines(f.options) };
    if (isLongText(f.field, f.old, f.new)) {
      return { kind: 'text', field: f.field, old: textOf(f.old), new: textOf(f.new) };
    }
    return { kind: 'field', field: f.field, old: f.old, new: f.new };
  });
}

function createdOptions(options: readonly NormalizedOption[]): Detail[] {
  return options.length === 0 ? [] : [{ kind: 'value', field: 'options', text: optionListText(options) }];
}

function textOf(value: JsonValue): string {
  return typeof value === 'string' ? value : '';
}
