/**
 * Options: bool properties take exactly `true` and `false`; enumerations need options (unless
 * `externalOptions`), with unique values and labels; other types take none.
 */
import { formatLocation } from '../../../core/source/diagnostics.js';
import type { DiagnosticSink } from '../../../core/source/diagnostics.js';
import { at } from '../../../engine/manifest/model/items.js';
import type { EntryRef } from '../../../engine/manifest/model/items.js';
import { report } from '../../../engine/manifest/rules/context.js';
import type { Rule } from '../../../engine/manifest/rules/context.js';
import { MAX_OPTIONS } from '../../../wire/platform-limits.js';
import { propertyItems } from './declarations.js';
import type { OptionEntry } from './shapes.js';

export const propertyOptionsRule: Rule = ({ items, sink }) => {
  for (const { entry, ref } of propertyItems(items)) {
    if (entry.archived || entry.type === undefined) continue;
    const options = entry.options ?? [];
    if (entry.type === 'bool') {
      checkBool(options, entry.options === undefined, ref, sink);
    } else if (entry.type === 'enumeration') {
      if (entry.externalOptions === true) {
        if (options.length > 0) {
          report(sink, ref, ['options'], {
            code: 'OPTIONS_NOT_ALLOWED',
            message:
              'a property with externalOptions: true gets its options from the account; it takes no options',
            hint: 'remove options, or remove externalOptions',
          });
        }
      } else if (options.length === 0) {
        report(sink, ref, entry.options === undefined ? ['type'] : ['options'], {
          code: 'OPTIONS_REQUIRED',
          message: `enumeration property '${entry.name}' needs at least one option`,
          hint: 'add options: [{ label: ..., value: ... }]',
        });
      }
    } else if (options.length > 0) {
      report(sink, ref, ['options'], {
        code: 'OPTIONS_NOT_ALLOWED',
        message: `a ${entry.type} property takes no options (only enumeration and bool do)`,
        hint: 'remove options, or change type to enumeration',
      });
    }
    checkOptionList(options, ref, sink);
  }
};

function checkBool(
  options: readonly OptionEntry[],
  missing: boolean,
  ref: EntryRef,
  sink: DiagnosticSink,
): void {
  const values = options.map((o) => o.value).sort();
  if (values.length === 2 && values[0] === 'false' && values[1] === 'true') return;
  report(sink, ref, missing ? ['type'] : ['options'], {
    code: 'BOOL_OPTIONS',
    message: missing
      ? 'a bool property needs two options, with the values true and false'
      : `a bool property's options must be exactly the values true and false (found: ${
          values.length === 0 ? 'none' : values.map((v) => `'${v}'`).join(', ')
        })`,
    hint: "options: [{ label: 'Yes', value: 'true' }, { label: 'No', value: 'false' }]",
  });
}

/** Unique values and labels, and the platform's cap on the number of options. */
export function checkOptionList(options: readonly OptionEntry[], ref: EntryRef, sink: DiagnosticSink): void {
  if (options.length > MAX_OPTIONS) {
    report(sink, ref, ['options'], {
      code: 'OPTIONS_TOO_MANY',
      message: `${options.length} options; the platform allows at most ${MAX_OPTIONS}`,
    });
  }
  const values = new Map<string, number>();
  const labels = new Map<string, number>();
  options.forEach((option, index) => {
    const sameValue = values.get(option.value);
    if (sameValue === undefined) values.set(option.value, index);
    else duplicate(ref, index, sameValue, 'value', option.value, sink);
    const sameLabel = labels.get(option.label);
    if (sameLabel === undefined) labels.set(option.label, index);
    else duplicate(ref, index, sameLabel, 'label', option.label, sink);
  });
}

function duplicate(
  ref: EntryRef,
  index: number,
  firstIndex: number,
  key: 'value' | 'label',
  text: string,
  sink: DiagnosticSink,
): void {
  const first = at(ref, 'options', firstIndex, key);
  report(sink, ref, ['options', index, key], {
    code: key === 'value' ? 'DUPLICATE_OPTION_VALUE' : 'DUPLICATE_OPTION_LABEL',
    message: `option ${key} '${text}' appears twice; the first is at ${formatLocation(first)}`,
    hint: `each option needs its own ${key}`,
  });
}
