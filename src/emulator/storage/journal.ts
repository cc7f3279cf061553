/**
 * The journal (`FILE.journal` next to the data file): one line per saved write, appended and synced
 * before the write is answered.
 *
 *     {"crmSchemaJournal":1,"storeId":"…"}                                         the first line
 *     {"seq":42,"changes":[["record","0-5","7",{…}],["counters",{…}]]}             one line per write
 *
 * Each change is one stored unit (state/changes.ts) with its value when the write was saved, or null
 * when it is gone (a link: the entry and whether it is present). Entries are numbered; start-up applies,
 * on top of the snapshot, those numbered above the snapshot's `seq`, in order. Applying a unit's value
 * is idempotent, so an entry that the snapshot already holds changes nothing.
 *
 * A last line without its newline is a write cut short by a crash: it was never answered, and is
 * ignored (and cut off before the next append). Any other line that cannot be read is damage: the data
 * file is refused, like a damaged snapshot.
 */
import type { AssociationTypeState, EmulatorState, RecordAssociation } from '../state/model.js';
import { linkKey, type StateChange } from '../state/changes.js';
import { findUnitProblem } from '../state/state-shape.js';
import { associationsFrom } from '../records/associations.js';
import { isJsonObject } from '../request-values.js';
import { own } from '../../core/own.js';
import { DataFileProblem } from './snapshot.js';

export const JOURNAL_LAYOUT = 1;
const NEWLINE = 0x0a;

/** One change as stored: the unit and its value (null: removed). */
export type JournalChange =
  | readonly ['counters', EmulatorState['counters']]
  | readonly ['record' | 'property' | 'group', string, string, unknown]
  | readonly ['associationType', number, AssociationTypeState | null]
  | readonly ['eventDefinition', string, unknown]
  | readonly ['link', RecordAssociation, boolean];

export function journalHeader(storeId: string): string {
  return `${JSON.stringify({ crmSchemaJournal: JOURNAL_LAYOUT, storeId })}\n`;
}

export function journalLine(seq: number, changes: readonly JournalChange[]): string {
  return `${JSON.stringify({ seq, changes })}\n`;
}

/** The unit a change names, with its value now. */
export function captureChange(state: EmulatorState, change: StateChange): JournalChange {
  switch (change.kind) {
    case 'counters':
      return ['counters', state.counters];
    case 'record':
    case 'property':
    case 'group': {
      const objectType = own(state.objectTypes, change.objectTypeId);
      const key = change.kind === 'record' ? change.id : change.name;
      const table =
        objectType &&
        (change.kind === 'record'
          ? objectType.records
          : change.kind === 'property'
            ? objectType.properties
            : objectType.groups);
      return [change.kind, change.objectTypeId, key, (table && own<unknown>(table, key)) ?? null];
    }
    case 'associationType':
      return ['associationType', change.typeId, own(state.associationTypes, String(change.typeId)) ?? null];
    case 'eventDefinition':
      return ['eventDefinition', change.name, own(state.eventDefinitions, change.name) ?? null];
    case 'link': {
      const { entry } = change;
      const key = linkKey(entry);
      const found = associationsFrom(state, entry.fromObjectTypeId, entry.fromId).find(
        (e) => linkKey(e) === key,
      );
      return ['link', found ?? entry, found !== undefined];
    }
  }
}

/** Links are applied to a keyed copy of the array, written back once at the end. */
class LinkReplay {
  private byKey: Map<string, RecordAssociation> | undefined;

  constructor(private readonly state: EmulatorState) {}

  apply(entry: RecordAssociation, present: boolean): void {
    this.byKey ??= new Map(this.state.recordAssociations.map((e) => [linkKey(e), e]));
    if (present) this.byKey.set(linkKey(entry), entry);
    else this.byKey.delete(linkKey(entry));
  }

  finish(): void {
    if (this.byKey) this.state.recordAssociations = [...this.byKey.values()];
  }
}

type Table = Record<string, unknown>;

function put(table: Table, key: string, value: unknown): void {
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- the emulator state is a JSON document, not a Map
  if (value === null) delete table[key];
  else table[key] = value;
}

const TABLE_OF = { record: 'records', property: 'properties', group: 'groups' } as const;
const KEY_FIELD = { record: 'id', property: 'name', group: 'name' } as const;

/** Applies one change; returns what is wrong with it instead when it cannot be applied. */
function applyChange(state: EmulatorState, raw: unknown, links: LinkReplay): string | undefined {
  if (!Array.isArray(raw) || typeof raw[0] !== 'string') return 'holds a change that is not [kind, ...]';
  const change = raw as unknown[];
  const kind = change[0] as string;
  switch (kind) {
    case 'counters': {
      const problem = findUnitProblem('counters', change[1], 'the counters');
      if (problem) return problem;
      state.counters = change[1] as EmulatorState['counters'];
      return undefined;
    }
    case 'record':
    case 'property':
    case 'group': {
      const [, objectTypeId, key, value] = change;
      if (typeof objectTypeId !== 'string' || typeof key !== 'string')
        return `holds a ${kind} change without its keys`;
      const objectType = own(state.objectTypes, objectTypeId);
      if (!objectType) return `changes a ${kind} of unknown object type ${JSON.stringify(objectTypeId)}`;
      if (value !== null) {
        const problem = findUnitProblem(kind, value, `${kind} ${JSON.stringify(key)}`);
        if (problem) return problem;
        if ((value as Table)[KEY_FIELD[kind]] !== key)
          return `holds ${kind} ${JSON.stringify(key)} under another key`;
      }
      put(objectType[TABLE_OF[kind]], key, value);
      return undefined;
    }
    case 'associationType':
    case 'eventDefinition': {
      const [, key, value] = change;
      const keyOk = kind === 'associationType' ? Number.isSafeInteger(key) : typeof key === 'string';
      if (!keyOk) return `holds a ${kind} change without its key`;
      if (value !== null) {
        const problem = findUnitProblem(kind, value, `${kind} ${JSON.stringify(key)}`);
        if (problem) return problem;
        const field = kind === 'associationType' ? 'typeId' : 'name';
        if ((value as Table)[field] !== key) return `holds ${kind} ${JSON.stringify(key)} under another key`;
      }
      const table = (kind === 'associationType' ? state.associationTypes : state.eventDefinitions) as Table;
      put(table, String(key), value);
      return undefined;
    }
    case 'link': {
      const [, entry, present] = change;
      const problem = findUnitProblem('link', entry, 'a record association');
      if (problem) return problem;
      if (typeof present !== 'boolean') return 'holds a link change without its presence';
      links.apply(entry as RecordAssociation, present);
      return undefined;
    }
    default:
      return `holds a change of unknown kind ${JSON.stringify(kind)}`;
  }
}

export interface JournalReplay {
  /** the last entry applied or skipped (the snapshot's seq when none) */
  lastSeq: number;
  /** bytes of complete lines; the rest is a torn last line */
  validLength: number;
  /** number of entries above the snapshot's seq that were applied */
  applied: number;
}

/**
 * Applies the journal's entries numbered above `snapshotSeq` to `state`; throws a DataFileProblem
 * (`line N ...`) for a damaged line, a journal of another data file, or a missing entry.
 */
export function replayJournal(
  bytes: Buffer,
  state: EmulatorState,
  snapshot: { storeId: string; seq: number },
): JournalReplay {
  const validLength = bytes.lastIndexOf(NEWLINE) + 1;
  const result: JournalReplay = { lastSeq: snapshot.seq, validLength, applied: 0 };
  // not even the first line is whole: the journal was being created when the process stopped
  if (validLength === 0) return result;
  const problem = (line: number, what: string) => new DataFileProblem(`line ${line} ${what}`);
  const links = new LinkReplay(state);
  let previous: number | undefined;
  let line = 0;
  for (let start = 0; start < validLength;) {
    line++;
    const stop = bytes.indexOf(NEWLINE, start);
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString('utf8', start, stop));
    } catch (error) {
      throw problem(line, `is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    start = stop + 1;
    if (line === 1) {
      if (!isJsonObject(value) || value.crmSchemaJournal !== JOURNAL_LAYOUT) {
        throw problem(1, `is not the journal's first line {"crmSchemaJournal":${JOURNAL_LAYOUT},...}`);
      }
      if (value.storeId !== snapshot.storeId)
        throw problem(1, "names another data file: the journal is not this file's");
      continue;
    }
    if (!isJsonObject(value) || !Number.isSafeInteger(value.seq) || !Array.isArray(value.changes)) {
      throw problem(line, 'is not a journal entry {"seq":N,"changes":[...]}');
    }
    const seq = value.seq as number;
    if (previous !== undefined && seq !== previous + 1)
      throw problem(line, `is entry ${seq} after entry ${previous}`);
    if (previous === undefined && seq > snapshot.seq + 1) {
      throw problem(line, `is entry ${seq}, but the data file holds entries up to ${snapshot.seq} only`);
    }
    previous = seq;
    if (seq <= snapshot.seq) continue;
    for (const change of value.changes as unknown[]) {
      const wrong = applyChange(state, change, links);
      if (wrong) throw problem(line, `(entry ${seq}) ${wrong}`);
    }
    result.applied++;
    result.lastSeq = seq;
  }
  links.finish();
  return result;
}
