/**
 * What is shown under a change's line, as data both the text and the Markdown renderer write out:
 * each changed field (`old -> new`), long text as a word diff, option lists by value, and for a created
 * property the options and formula a reviewer needs to see. The message line says the rest, so most
 * change types have no details. Each kind declares its details; this lays them out.
 */
import type { NormalizedOption } from '../../model/schema-model.js';
import type { FieldChange } from '../../plan/change-types.js';
import { detailsOf as kindDetailsOf } from '../../plan/kinds/registry.js';
import type { PlannedChange } from '../../plan/plan-document.js';
import { optionDiffLines, optionListText, type OptionLine } from '../common/option-diff.js';
import { isLongText } from '../common/plan-values.js';
import type { JsonValue } from '../../../core/json.js';

export type Detail =
  /** a changed field, shown `old -> new` */
  | { kind: 'field'; field: string; old: JsonValue; new: JsonValue }
  /** a changed long text, shown as a word diff; an unset side is '' */
  | { kind: 'text'; field: string; old: string; new: string }
  /** a changed option list, by option value */
  | { kind: 'options'; field: string; lines: OptionLine[] }
  /** a value of a created resource */
  | { kind: 'value'; field: string; text: string };

/** The details of a change, as its kind declares them, laid out for reading. */
export function detailsOf(change: PlannedChange): Detail[] {
  return kindDetailsOf(change).flatMap((detail): Detail[] => {
    switch (detail.kind) {
      case 'fields':
        return fieldDetails(detail.fields);
      case 'options':
        return createdOptions(detail.options);
      case 'value':
        return [{ kind: 'value', field: detail.field, text: detail.value }];
    }
  });
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
