/**
 * A tombstone (`archived: true`, `deleted: true`) names what to remove and nothing else: other keys
 * would suggest a definition that is not applied.
 */
import type { DiagnosticSink } from '../../core/source/diagnostics.js';
import type { EntryRef } from '../model/items.js';
import { report } from './context.js';
import type { Rule } from './context.js';

export const tombstoneRule: Rule = ({ items, sink }) => {
  for (const { entry, ref } of items.properties) {
    if (entry.archived) checkKeys(entry, ['name', 'archived'], 'archived', ref, sink);
  }
  for (const { entry, ref } of items.groups) {
    if (entry.archived) checkKeys(entry, ['name', 'archived'], 'archived', ref, sink);
  }
  for (const { entry, ref } of items.eventProperties) {
    if (entry.deleted) checkKeys(entry, ['name', 'deleted'], 'deleted', ref, sink);
  }
  for (const { entry, ref } of items.associations) {
    if (!entry.deleted) continue;
    if (entry.label === undefined) {
      report(sink, ref, ['deleted'], {
        code: 'TOMBSTONE_NOT_ALLOWED',
        message: 'only user labels can be deleted; built-in association types cannot',
        hint: 'to remove a limit of a built-in type, write maxToObjectIds: null',
      });
    } else {
      checkKeys(entry, ['label', 'deleted'], 'deleted', ref, sink);
    }
  }
};

function checkKeys(
  entry: object,
  allowed: readonly string[],
  flag: 'archived' | 'deleted',
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
