/**
 * What a write changed in the state, named by the smallest stored unit that holds it: one record, one
 * property definition, one group, one association type, one event definition, one record association
 * entry, or the counters. A route passes them to `ctx.markDirty(...)`; with `--data` only those units are
 * appended to the data file's journal (their value when the write is saved, or their absence), so the
 * cost of a write does not grow with the size of the state.
 *
 * A unit names where a value lives, not how it changed: saving it twice, or saving a newer value over an
 * older one, gives the same state. Replaying the journal relies on that.
 */
import type { ObjectTypeState, RecordAssociation } from './model.js';

export type StateChange =
  | { kind: 'counters' }
  | { kind: 'record'; objectTypeId: string; id: string }
  | { kind: 'property'; objectTypeId: string; name: string }
  | { kind: 'group'; objectTypeId: string; name: string }
  | { kind: 'associationType'; typeId: number }
  | { kind: 'eventDefinition'; name: string }
  /** one direction of a record association, present or removed */
  | { kind: 'link'; entry: RecordAssociation };

/** Builders of the changes, for the routes. */
export const changed = {
  counters: (): StateChange => ({ kind: 'counters' }),
  record: (objectType: ObjectTypeState, id: string): StateChange => ({
    kind: 'record',
    objectTypeId: objectType.objectTypeId,
    id,
  }),
  property: (objectType: ObjectTypeState, name: string): StateChange => ({
    kind: 'property',
    objectTypeId: objectType.objectTypeId,
    name,
  }),
  group: (objectType: ObjectTypeState, name: string): StateChange => ({
    kind: 'group',
    objectTypeId: objectType.objectTypeId,
    name,
  }),
  associationType: (typeId: number): StateChange => ({ kind: 'associationType', typeId }),
  eventDefinition: (name: string): StateChange => ({ kind: 'eventDefinition', name }),
  link: (entry: RecordAssociation): StateChange => ({ kind: 'link', entry }),
  links: (entries: Iterable<RecordAssociation>): StateChange[] =>
    [...entries].map((entry) => ({ kind: 'link', entry })),
};

/** What identifies a record association entry: its two records and its type (the category follows the type). */
export function linkKey(entry: RecordAssociation): string {
  return `${entry.fromObjectTypeId}\u0000${entry.fromId}\u0000${entry.toObjectTypeId}\u0000${entry.toId}\u0000${entry.typeId}`;
}

/** One key per stored unit: two changes of the same unit coalesce into one journal entry. */
export function changeKey(change: StateChange): string {
  switch (change.kind) {
    case 'counters':
      return 'counters';
    case 'record':
    case 'property':
    case 'group':
      return `${change.kind}\u0000${change.objectTypeId}\u0000${change.kind === 'record' ? change.id : change.name}`;
    case 'associationType':
      return `associationType\u0000${change.typeId}`;
    case 'eventDefinition':
      return `eventDefinition\u0000${change.name}`;
    case 'link':
      return `link\u0000${linkKey(change.entry)}`;
  }
}
