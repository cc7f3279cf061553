/**
 * Data work on records (a rename's copy, an option remap's rewrite), between a change's schema writes:
 *
 *   1. its first requests (a rename's create; a remap's update adding the new options, keeping the old);
 *   2. passes over every record: list pages of 100 (only the properties involved), and for each page one
 *      batch update of the records whose value is not yet what it should be. A copy never writes over a
 *      value of the new property it did not write (plan/copy-values.ts): records where both properties
 *      hold different values are read with their history (one batch read per page that has any), and a
 *      value of the new property the copy did not write is a conflict, left alone unless
 *      `onConflict: overwrite`;
 *   3. another pass, until one finds nothing to write: values written to the old property (or option)
 *      while the previous pass ran are caught there. After three passes that still write, the change
 *      fails and its last requests are not sent;
 *   4. its last requests (a rename's mark and archive of the old property; a remap's update retiring the
 *      old options), only once a pass found every record as wanted, and no conflict is left undecided.
 *
 * A rollback's put-back writes only the records its apply record lists, each only while it holds the
 * value that apply wrote; a record holding an option the last step removes that it does not list (set
 * since) is a conflict, and the options stay.
 *
 * Every step is idempotent: a run stopped at any point and run again re-plans from the account, skips
 * the records already done (a pass writes only what differs), and never archives with values uncopied.
 */
import type { CrmClient } from '../../api/client.js';
import { isApiError } from '../../api/errors.js';
import { CrmSchemaError, isCrmSchemaError } from '../../core/errors.js';
import type { WriteRequest } from '../../wire/writes.js';
import type { Migration } from '../plan/kinds/change-kind.js';
import type { PlannedChange } from '../plan/plan-document.js';
import { BATCH_SIZE } from '../../wire/platform-limits.js';
import { PageGuard } from '../../api/paging.js';
import type { RecordUpdateInput } from '../../wire/api.js';
import { copyStep, writtenByCopy } from '../plan/copy-values.js';
import type { RecordValueWrite, RecordWork } from './types.js';
import { isContested } from './send.js';
import { stopReason } from './stop-reason.js';
import { writeAll } from './record-writes.js';
import { quoteList } from '../../core/quote-list.js';
import { countOf, formatCount } from '../../core/count-text.js';
import type { RecordValuesPolicy } from '../model/policy.js';
import { recordErrorShown } from './record-errors.js';

/** Passes over the records before giving up on a copy that keeps finding new values. */
export const MAX_PASSES = 4;

export interface MigrationContext {
  client: CrmClient;
  /**
   * the target's policy on record values: under `hide` (the default) an error of the CRM about records
   * is reduced to what names no value (record-errors.ts)
   */
  recordValues?: RecordValuesPolicy;
  /** after each page of records */
  onProgress?: (progress: { pass: number; read: number; written: number }) => void;
  /** before each schema write */
  onRequest?: (request: WriteRequest) => void;
  /** after each batch of record writes: each value written, with the value it replaced */
  onWritten?: (writes: readonly RecordValueWrite[]) => void;
}

/** The records kept needing writes: the last step (an archive, an option removal) was not run. */
export class MigrationError extends CrmSchemaError {
  constructor(
    message: string,
    readonly work: RecordWork,
  ) {
    super('MIGRATION_UNVERIFIED', message, {
      hint: 'Stop what keeps writing the old values (forms, workflows, integrations), then apply again: it resumes.',
    });
  }
}

/** Records hold values the copy did not write, and the manifest does not say what to do with them. */
export class MigrationConflictError extends CrmSchemaError {
  constructor(
    message: string,
    readonly work: RecordWork,
    hint = 'Decide in the manifest with onConflict: keep (they keep their value) or onConflict: overwrite (the old value is copied over them), then plan and apply again.',
  ) {
    super('MIGRATION_CONFLICT', message, { hint });
  }
}

/**
 * The account refused record writes by a required-property rule (API version 2026-09 and later check
 * every record write against them): the records named need a value first.
 */
export class MigrationRuleError extends CrmSchemaError {
  constructor(
    objectType: string,
    ids: readonly string[],
    properties: readonly string[],
    /** the CRM's message; undefined where it is not shown (it may quote record values) */
    serverMessage: string | undefined,
    /** what the change did to records before the refusal (the report and the apply record keep it) */
    readonly work: RecordWork,
  ) {
    const shown = ids.slice(0, 10).join(', ') + (ids.length > 10 ? `, and ${ids.length - 10} more` : '');
    const rule =
      properties.length === 0
        ? 'a required-property rule'
        : `the required-property rule on ${properties.map((p) => `${objectType}.${p}`).join(', ')}`;
    super(
      'MIGRATION_BLOCKED_BY_RULE',
      `The account refused writing ${ids.length} ${objectType} record${ids.length === 1 ? '' : 's'} (${shown}): ${rule} (${serverMessage ?? 'its message is not shown, as it may quote record values; recordValues: hide'}). The change stopped before its last step: nothing was archived or removed.`,
      {
        hint: `Give ${properties.length === 0 ? 'the required property' : properties.join(', ')} a value on those records (or have an admin change the rule), then apply again: it resumes.`,
        meta: { objectType, ids: [...ids], properties: [...properties] },
      },
    );
  }
}

/** The run was stopped (a signal) between two pages of records: what was written stays, a new run resumes. */
export class MigrationInterrupted extends CrmSchemaError {
  constructor(
    reason: string,
    readonly work: RecordWork,
  ) {
    super(
      'INTERRUPTED',
      `stopped (${reason}) after ${countOf(work.written, 'record', 'records')} written: the last step was not run`,
      { hint: 'Apply again (the same saved plan, or without one): the data step resumes where it stopped.' },
    );
  }
}

/**
 * A schema write of the last step was refused with 404 or 409: what it writes to was changed under the run
 * (another apply of the plan at the same time, or someone else). The executor reads the change back.
 */
export class MigrationContested extends CrmSchemaError {
  constructor(
    readonly refusal: unknown,
    readonly work: RecordWork,
  ) {
    super('MIGRATION_CONTESTED', (refusal as Error).message, { cause: refusal });
  }
}

/** Recognised by its code, as every error of crm-schema. */
export function isMigrationError(
  error: unknown,
): error is MigrationError | MigrationConflictError | MigrationRuleError | MigrationInterrupted {
  return (
    isCrmSchemaError(error) &&
    (error.code === 'MIGRATION_UNVERIFIED' ||
      error.code === 'MIGRATION_CONFLICT' ||
      error.code === 'MIGRATION_BLOCKED_BY_RULE' ||
      error.code === 'INTERRUPTED') &&
    typeof (error as { work?: unknown }).work === 'object'
  );
}

export async function runMigration(
  ctx: MigrationContext,
  change: PlannedChange,
  migration: Migration,
  signal?: AbortSignal,
): Promise<RecordWork> {
  // a rename resumed after its create has no request before the records: only its mark and archive
  const split = Math.max(0, change.requests.length - migration.after);
  const before = change.requests.slice(0, split);
  const after = change.requests.slice(split);
  const last = after.at(-1);
  const lastStep = `${last?.method ?? 'none'} ${last?.path ?? ''}`;
  for (const request of before) await sendSchemaWrite(ctx, request, 'create');
  let work: RecordWork;
  try {
    work = await migrateRecords(ctx, migration, signal);
  } catch (error) {
    // a page read, a history read: the CRM's words about records may quote their values too
    throw recordErrorShown(error, ctx.recordValues ?? 'hide', {
      objectType: migration.objectType,
      properties: propertiesOf(migration),
    });
  }
  stopIfAsked(signal, work);
  if (!work.verified) {
    throw new MigrationError(
      `records kept changing: after ${work.passes} passes some still needed a write, so the last step (${lastStep}) was not run`,
      work,
    );
  }
  if ((work.conflicts ?? 0) > 0 && migration.kind === 'copy') {
    throw new MigrationConflictError(
      `${work.conflicts ?? 0} records hold a value in ${migration.to} that the copy did not write and that differs from ${migration.from}: left alone, so the last step (${lastStep}) was not run`,
      work,
    );
  }
  if ((work.conflicts ?? 0) > 0 && migration.kind === 'put-back') {
    throw new MigrationConflictError(
      `${conflictCount(work.conflicts ?? 0)} ${quoteList(migration.removed, 5)} in ${migration.name}, set since the apply this rollback reverses: the rollback cannot tell what they held, so the last step (${lastStep}) was not run and the options stay`,
      work,
      `Give those records another value of ${migration.name} (crm-schema never guesses one), then apply again: it resumes.`,
    );
  }
  for (const request of after) {
    try {
      await sendSchemaWrite(ctx, request, 'last');
    } catch (error) {
      if (isContested(error)) throw new MigrationContested(error, work);
      throw error;
    }
  }
  return work;
}

/** A schema write of a migration; a create that finds its property there (an earlier run made it) is fine. */
async function sendSchemaWrite(ctx: MigrationContext, request: WriteRequest, step: 'create' | 'last') {
  ctx.onRequest?.(request);
  try {
    await ctx.client.request({
      method: request.method,
      path: request.path,
      ...(request.body === undefined ? {} : { body: request.body }),
      retry: request.method === 'POST' ? 'unsafe' : 'safe',
      absentMeansDone: request.method === 'DELETE',
    });
  } catch (error) {
    if (step === 'create' && isApiError(error) && error.code === 'CONFLICT') return;
    throw error;
  }
}

/** Passes over every record until one writes nothing (see the top of this file). */
async function migrateRecords(
  ctx: MigrationContext,
  migration: Migration,
  signal: AbortSignal | undefined,
): Promise<RecordWork> {
  const work: RecordWork = { read: 0, written: 0, passes: 0, verified: false };
  while (work.passes < MAX_PASSES) {
    work.passes += 1;
    const written = await onePass(ctx, migration, work, signal);
    if (written === 0) {
      work.verified = true;
      break;
    }
  }
  return work;
}

/** Between two pages: a run that was asked to stop stops here, with what it wrote kept. */
function stopIfAsked(signal: AbortSignal | undefined, work: RecordWork): void {
  if (signal?.aborted !== true) return;
  throw new MigrationInterrupted(stopReason(signal), {
    ...work,
    verified: false,
  });
}

/** The properties a data step reads and writes. */
function propertiesOf(migration: Migration): string[] {
  return migration.kind === 'copy' ? [migration.from, migration.to] : [migration.name];
}

async function onePass(
  ctx: MigrationContext,
  migration: Migration,
  work: RecordWork,
  signal: AbortSignal | undefined,
): Promise<number> {
  const properties = propertiesOf(migration);
  const policy = ctx.recordValues ?? 'hide';
  const fix =
    migration.kind === 'rewrite'
      ? rewriterOf(migration)
      : migration.kind === 'put-back'
        ? putBackOf(migration, work)
        : undefined;
  let written = 0;
  let after: string | undefined;
  const guard = new PageGuard<{ id: string }>(`the records of ${migration.objectType}`, (r) => r.id);
  // conflicts are counted anew by each pass: the last one says what is left
  if (migration.kind !== 'rewrite') {
    work.conflicts = 0;
    work.kept = 0;
  }
  do {
    stopIfAsked(signal, work);
    const page = await ctx.client.records.list(migration.objectType, {
      properties,
      limit: BATCH_SIZE,
      ...(after === undefined ? {} : { after }),
    });
    const updates: RecordUpdateInput[] = [];
    if (migration.kind === 'copy')
      updates.push(...(await copiesOf(ctx.client, migration, page.results, work)));
    else if (fix !== undefined)
      for (const record of page.results) {
        const values = fix(record.properties, record.id);
        if (values !== undefined) updates.push({ id: record.id, properties: values });
      }
    work.read += page.results.length;
    if (updates.length > 0) {
      const outcome = await writeAll(ctx.client, migration.objectType, updates);
      // the records written are counted (and reported) also when others were refused
      written += outcome.written.length;
      work.written += outcome.written.length;
      if (ctx.onWritten !== undefined && outcome.written.length > 0)
        ctx.onWritten(valueWrites(outcome.written, page.results));
      if (outcome.refused !== undefined) {
        const { ids, properties: rule, message } = outcome.refused;
        const shown = policy === 'show' ? message : undefined;
        throw new MigrationRuleError(migration.objectType, ids, rule, shown, work);
      }
      if (outcome.failure !== undefined)
        throw recordErrorShown(outcome.failure, policy, {
          objectType: migration.objectType,
          properties,
          ids: outcome.failedIds,
        });
    }
    ctx.onProgress?.({ pass: work.passes, read: work.read, written: work.written });
    after = guard.next(page);
  } while (after !== undefined);
  return written;
}

type Values = Readonly<Record<string, string | null | undefined>>;

/** The values `updates` wrote, each with the value the page read before. */
function valueWrites(
  updates: readonly RecordUpdateInput[],
  read: readonly { id: string; properties: Values }[],
): RecordValueWrite[] {
  const before = new Map(read.map((record) => [record.id, record.properties]));
  return updates.flatMap((update) =>
    Object.entries(update.properties).map(([property, after]) => ({
      id: update.id,
      property,
      before: before.get(update.id)?.[property] ?? undefined,
      after,
    })),
  );
}
type CopyMigration = Extract<Migration, { kind: 'copy' }>;
type RewriteMigration = Extract<Migration, { kind: 'rewrite' }>;

/**
 * The copies a page of records needs (plan/copy-values.ts): an empty new value takes the old one; where
 * both hold different values, the records' history decides (one batch read for the page), unless
 * `onConflict: overwrite` says the old value wins anyway. Conflicts are counted on `work`, never written.
 */
async function copiesOf(
  client: CrmClient,
  migration: CopyMigration,
  records: readonly { id: string; properties: Values }[],
  work: RecordWork,
): Promise<RecordUpdateInput[]> {
  const { from, to } = migration;
  const updates: RecordUpdateInput[] = [];
  const compare = new Map<string, { old: string; current: string }>();
  for (const record of records) {
    const old = record.properties[from];
    const current = record.properties[to];
    const step = copyStep(old, current);
    if (step === 'none' || typeof old !== 'string') continue;
    if (step === 'copy' || migration.onConflict === 'overwrite' || typeof current !== 'string')
      updates.push({ id: record.id, properties: { [to]: old } });
    else compare.set(record.id, { old, current });
  }
  if (compare.size === 0) return updates;
  const read = await client.records.batchRead(migration.objectType, {
    ids: [...compare.keys()],
    properties: [from, to],
    propertiesWithHistory: [from, to],
  });
  for (const record of read.results) {
    const values = compare.get(record.id);
    if (values === undefined) continue;
    compare.delete(record.id);
    if (writtenByCopy(record.propertiesWithHistory, from, to, values.current, migration.stale === true)) {
      updates.push({ id: record.id, properties: { [to]: values.old } });
    } else if (migration.onConflict === 'keep') {
      work.kept = (work.kept ?? 0) + 1;
    } else {
      work.conflicts = (work.conflicts ?? 0) + 1;
    }
  }
  // a record the read did not return (archived meanwhile) is left alone
  return updates;
}

/** The values a record needs written, or undefined when it is as wanted. */
function rewriterOf(
  migration: RewriteMigration,
): (values: Values, id: string) => Record<string, string> | undefined {
  const map = new Map(migration.remaps.map((r) => [r.from, r.to]));
  const { name, multiple } = migration;
  return (values) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') return undefined;
    const next = remapValue(value, map, multiple);
    return next === value ? undefined : { [name]: next };
  };
}

type PutBackMigration = Extract<Migration, { kind: 'put-back' }>;

const conflictCount = (n: number) => `${formatCount(n)} ${n === 1 ? 'record holds' : 'records hold'}`;

/**
 * What a record needs written by a put-back: a listed record still holding what the apply wrote gets its
 * old value back; a listed record changed since keeps its value (counted as kept); a record holding an
 * option the last step removes that nothing puts back is a conflict (counted, never written).
 */
function putBackOf(
  migration: PutBackMigration,
  work: RecordWork,
): (values: Values, id: string) => Record<string, string> | undefined {
  const listed = new Map(migration.values.map((v) => [v.id, v]));
  const removed = new Set(migration.removed);
  const { name, multiple } = migration;
  const holdsRemoved = (value: string) =>
    (multiple ? value.split(';') : [value]).some((part) => removed.has(part));
  return (values, id) => {
    const value = values[name] ?? '';
    const entry = listed.get(id);
    if (entry !== undefined && value === entry.from && value !== entry.to) return { [name]: entry.to };
    if (entry !== undefined && value !== entry.to) work.kept = (work.kept ?? 0) + 1;
    if (value !== '' && (entry === undefined || value !== entry.to) && holdsRemoved(value))
      work.conflicts = (work.conflicts ?? 0) + 1;
    return undefined;
  };
}

/** A value with its old options replaced; a multi-select's `;` list keeps its order, without duplicates. */
export function remapValue(value: string, map: ReadonlyMap<string, string>, multiple: boolean): string {
  if (!multiple) return map.get(value) ?? value;
  const out: string[] = [];
  for (const part of value.split(';')) {
    const next = map.get(part) ?? part;
    if (!out.includes(next)) out.push(next);
  }
  return out.join(';');
}
