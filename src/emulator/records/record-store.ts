/**
 * Record writes and look-ups shared by the single and batch endpoints. Every write is checked in full
 * (values, unique values, associations) before the first change, so a failed write leaves no trace.
 */
import { checkRequiredRules } from './required-rules.js';
import { changed, type EmulatorContext } from '../context.js';
import type { EmulatorError } from '../errors.js';
import { notFound } from '../errors.js';
import type { ObjectTypeState, RecordState } from '../state/model.js';
import { type PlannedAssociation, storeAssociations } from './association-input.js';
import { setValue, SOURCE_API, SOURCE_CALCULATED, touch } from './history.js';
import type { PropertyValues } from './property-input.js';
import { noteRecordCreated } from './record-ids.js';
import { noteRecordWritten } from './search-index.js';
import {
  checkIdProperty,
  checkUniqueValues,
  findByUniqueValue,
  isUniqueProperty,
  noteUniqueChange,
} from './unique.js';
import { own } from '../../core/own.js';

export interface LookupOptions {
  /** a unique property whose value `key` is; absent: `key` is the record id */
  idProperty?: string;
  /** true: only archived records are found; false: only active ones */
  archived: boolean;
}

/** Finds a record by id or by a unique property value; undefined when absent or in the other archive state. */
export function findRecord(
  objectType: ObjectTypeState,
  key: string,
  options: LookupOptions,
): RecordState | undefined {
  const { idProperty, archived } = options;
  let record: RecordState | undefined;
  if (idProperty === undefined || idProperty === 'hs_object_id') {
    record = own(objectType.records, key);
  } else {
    checkIdProperty(objectType, idProperty);
    record = archived
      ? // archived records are not indexed; look-ups of archived records by value are rare
        Object.values(objectType.records).find((r) => r.archived && own(r.properties, idProperty) === key)
      : findByUniqueValue(objectType, idProperty, key);
  }
  return record && record.archived === archived ? record : undefined;
}

export function recordNotFound(
  objectType: ObjectTypeState,
  key: string,
  options: LookupOptions,
): EmulatorError {
  const by =
    options.idProperty && options.idProperty !== 'hs_object_id' ? ` with ${options.idProperty}` : ' with id';
  const hint = options.archived
    ? ' (archived=true finds only archived records)'
    : '; it may be archived (read it with archived=true) or never existed';
  return notFound(`No ${objectType.name} record${by} '${key}' was found${hint}.`, { context: { id: [key] } });
}

export function requireRecord(objectType: ObjectTypeState, key: string, options: LookupOptions): RecordState {
  const record = findRecord(objectType, key, options);
  if (!record) throw recordNotFound(objectType, key, options);
  return record;
}

function applyValues(
  objectType: ObjectTypeState,
  record: RecordState,
  values: PropertyValues,
  now: string,
): void {
  for (const [name, value] of values) {
    const changed = setValue(record, name, value, now, SOURCE_API);
    if (changed && isUniqueProperty(objectType, name)) {
      noteUniqueChange(objectType, name, record.id, changed.previous, value);
    }
  }
}

/** Creates a record (values and associations already checked by the caller, unique values here). */
export function createRecord(
  ctx: EmulatorContext,
  objectType: ObjectTypeState,
  values: PropertyValues,
  associations: readonly PlannedAssociation[] = [],
): RecordState {
  if (ctx.requiredPropertyRules) checkRequiredRules(ctx.requiredPropertyRules, objectType, values);
  checkUniqueValues(objectType, values);
  const { state } = ctx;
  const now = ctx.now();
  state.counters.record += 1;
  const id = String(state.counters.record);
  const record: RecordState = {
    id,
    createdAt: now,
    updatedAt: now,
    archived: false,
    properties: {},
    history: {},
  };
  setValue(record, 'hs_object_id', id, now, SOURCE_CALCULATED);
  setValue(record, 'createdate', now, now, SOURCE_CALCULATED);
  touch(record, now);
  objectType.records[id] = record;
  noteRecordCreated(objectType, id);
  applyValues(objectType, record, values, now);
  const links = storeAssociations(state, id, associations);
  noteRecordWritten(objectType, record);
  ctx.markDirty(changed.counters(), changed.record(objectType, id), ...changed.links(links));
  return record;
}

export function updateRecord(
  ctx: EmulatorContext,
  objectType: ObjectTypeState,
  record: RecordState,
  values: PropertyValues,
): void {
  if (ctx.requiredPropertyRules) checkRequiredRules(ctx.requiredPropertyRules, objectType, values, record);
  checkUniqueValues(objectType, values, record.id);
  const now = ctx.now();
  applyValues(objectType, record, values, now);
  touch(record, now);
  noteRecordWritten(objectType, record);
  ctx.markDirty(changed.record(objectType, record.id));
}

/** Archives a record; its unique values become free. Its associations are kept but hidden from reads. */
export function archiveRecord(ctx: EmulatorContext, objectType: ObjectTypeState, record: RecordState): void {
  if (record.archived) return;
  const now = ctx.now();
  record.archived = true;
  record.archivedAt = now;
  touch(record, now);
  for (const [name, value] of Object.entries(record.properties)) {
    if (isUniqueProperty(objectType, name)) noteUniqueChange(objectType, name, record.id, value, '');
  }
  noteRecordWritten(objectType, record);
  ctx.markDirty(changed.record(objectType, record.id));
}
