/**
 * Changes that carry records' data: `renamedFrom` on a property and `replaces` on an option.
 *
 * - `renamedFrom` names another property of the same object type, one that no entry declares (the rename
 *   archives it; a tombstone of it is allowed: it archives the old name without copying, the way to retire
 *   an old name that came back after its rename finished) and no other entry renames too.
 * - `onConflict` decides for a rename or a remap, so it goes with `renamedFrom` or a `replaces`.
 * - `replaces` is for options of object properties that are enumerations with their own options; a value
 *   it takes over is not an option the property keeps, and only one option takes over each value.
 */
import { formatLocation } from '../../../core/source/diagnostics.js';
import { at } from '../../../engine/manifest/model/items.js';
import type { EntryRef } from '../../../engine/manifest/model/items.js';
import { canonicalObjectType } from '../../../engine/model/object-types.js';
import { report } from '../../../engine/manifest/rules/context.js';
import type { Rule } from '../../../engine/manifest/rules/context.js';
import { propertyItems } from './declarations.js';

export const renameRule: Rule = ({ items, sink }) => {
  const declared = new Map<string, EntryRef>();
  for (const { objectType, entry, ref } of propertyItems(items))
    if (entry.archived !== true) declared.set(`${canonicalObjectType(objectType)} ${entry.name}`, ref);
  const renamed = new Map<string, EntryRef>();
  for (const { objectType, entry, ref } of propertyItems(items)) {
    const from = entry.renamedFrom;
    if (from === undefined || entry.archived === true) continue;
    const typeKey = canonicalObjectType(objectType);
    if (from === entry.name) {
      report(sink, ref, ['renamedFrom'], {
        code: 'RENAME_INVALID',
        message: `renamedFrom names the property '${entry.name}' itself`,
        hint: 'give the current internal name of the property to rename, or remove renamedFrom',
      });
      continue;
    }
    const other = declared.get(`${typeKey} ${from}`);
    if (other !== undefined) {
      report(sink, ref, ['renamedFrom'], {
        code: 'RENAME_INVALID',
        message: `'${from}' is renamed to '${entry.name}', but another entry declares '${from}' too, at ${formatLocation(at(other))}`,
        hint: `remove the entry of '${from}': the rename archives it once its values are copied`,
      });
      continue;
    }
    const first = renamed.get(`${typeKey} ${from}`);
    if (first !== undefined) {
      report(sink, ref, ['renamedFrom'], {
        code: 'RENAME_INVALID',
        message: `two properties are renamed from '${from}'; the first is at ${formatLocation(at(first, 'renamedFrom'))}`,
        hint: 'a property can be renamed to one name only',
      });
      continue;
    }
    renamed.set(`${typeKey} ${from}`, ref);
  }
};

export const optionReplacesRule: Rule = ({ items, sink }) => {
  for (const { entry, ref } of propertyItems(items)) {
    if (entry.archived === true) continue;
    const options = entry.options ?? [];
    if (!options.some((o) => o.replaces !== undefined)) continue;
    if (entry.type !== 'enumeration' || entry.externalOptions === true) {
      const index = options.findIndex((o) => o.replaces !== undefined);
      report(sink, ref, ['options', index, 'replaces'], {
        code: 'REPLACES_INVALID',
        message: 'replaces is for the options of an enumeration property with options of its own',
        hint: 'remove replaces',
      });
      continue;
    }
    const kept = new Set(options.map((o) => o.value));
    const takenBy = new Map<string, readonly (string | number)[]>();
    options.forEach((option, index) => {
      (option.replaces ?? []).forEach((value, i) => {
        const path = ['options', index, 'replaces', i] as const;
        if (kept.has(value)) {
          report(sink, ref, path, {
            code: 'REPLACES_INVALID',
            message: `'${value}' is replaced, but it is also an option of '${entry.name}'`,
            hint: `remove the option '${value}' (its records are rewritten to '${option.value}'), or remove it from replaces`,
          });
          return;
        }
        const first = takenBy.get(value);
        if (first !== undefined) {
          report(sink, ref, path, {
            code: 'REPLACES_INVALID',
            message: `two options replace '${value}'; the first is at ${formatLocation(at(ref, ...first))}`,
            hint: 'each old value goes to one option',
          });
          return;
        }
        takenBy.set(value, path);
      });
    });
  }
};

export const onConflictRule: Rule = ({ items, sink }) => {
  for (const { entry, ref } of propertyItems(items)) {
    if (entry.onConflict === undefined || entry.archived === true) continue;
    const migrates =
      entry.renamedFrom !== undefined || (entry.options ?? []).some((o) => (o.replaces ?? []).length > 0);
    if (migrates) continue;
    report(sink, ref, ['onConflict'], {
      code: 'ON_CONFLICT_INVALID',
      message: `onConflict decides for a rename (renamedFrom) or an option remap (replaces), and '${entry.name}' has neither`,
      hint: 'remove onConflict',
    });
  }
};
