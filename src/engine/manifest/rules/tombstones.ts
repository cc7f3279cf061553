/**
 * A tombstone (an entry with `archived: true` or `deleted: true`, as its document's list says) takes only
 * the keys its list names: anything more is a definition that would be ignored.
 */
import type { DiagnosticSink } from '../../../core/source/diagnostics.js';
import { entriesOf, type EntryRef } from '../model/items.js';
import { documentKinds } from '../schema/document-kinds.js';
import { report } from './context.js';
import type { Rule } from './context.js';

export const tombstoneRule: Rule = ({ items, sink }) => {
  for (const kind of documentKinds()) {
    for (const { key, tombstone } of kind.lists) {
      if (tombstone === undefined) continue;
      for (const { entry, ref } of entriesOf<Record<string, unknown>>(items, kind.kind, key)) {
        if (entry[tombstone.flag] !== true) continue;
        if (tombstone.applies !== undefined && !tombstone.applies(entry)) continue;
        checkKeys(entry, tombstone.keys, tombstone.flag, ref, sink);
      }
    }
  }
};

function checkKeys(
  entry: object,
  allowed: readonly string[],
  flag: string,
  ref: EntryRef,
  sink: DiagnosticSink,
): void {
  const extra = Object.keys(entry).filter((key) => !allowed.includes(key));
  const [first] = extra;
  if (first === undefined) return;
  report(sink, ref, [first], {
    code: 'TOMBSTONE_EXTRA_KEYS',
    message: `an entry with ${flag}: true is a tombstone and takes only ${allowed.map((k) => `'${k}'`).join(' and ')}; it also has ${extra.map((k) => `'${k}'`).join(', ')}`,
    hint: `remove the other keys, or remove ${flag}: true to keep the definition`,
  });
}
