/**
 * Data work on records (a rename's copy, an option remap's rewrite), between a change's schema writes:
 *
 *   1. its first request (a rename's create; a remap's update adding the new options, keeping the old);
 *   2. passes over every record: list pages of 100 (only the properties involved), and for each page one
 *      batch update of the records whose value is not yet what it should be;
 *   3. another pass, until one finds nothing to write: values written to the old property (or option)
 *      while the previous pass ran are caught there. After three passes that still write, the change
 *      fails and its last request is not sent;
 *   4. its last request (a rename's archive of the old property; a remap's update removing the old
 *      options), only once a pass found every record as wanted.
 *
 * Every step is idempotent: a run stopped at any point and run again re-plans from the account, skips
 * the records already done (a pass writes only what differs), and never archives with values uncopied.
 */
import type { CrmClient } from '../api/client.js';
import { isApiError } from '../api/errors.js';
import { CrmSchemaError, isCrmSchemaError } from '../core/errors.js';
import type { WriteRequest } from '../api/writes.js';
import type { Migration } from '../plan/kinds/change-kind.js';
import type { PlannedChange } from '../plan/plan-document.js';
import { BATCH_SIZE } from '../model/platform-limits.js';
import type { RecordUpdateInput } from '../types/api.js';
import type { RecordWork } from './types.js';

/** Passes over the records before giving up on a copy that keeps finding new values. */
export const MAX_PASSES = 4;

export interface MigrationContext {
  client: CrmClient;
  /** after each page of records */
  onProgress?: (progress: { pass: number; read: number; written: number }) => void;
  /** before each schema write */
  onRequest?: (request: WriteRequest) => void;
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

/** Recognised by its code, as every error of crm-schema. */
export function isMigrationError(error: unknown): error is MigrationError {
  return (
    isCrmSchemaError(error) &&
    error.code === 'MIGRATION_UNVERIFIED' &&
    typeof (error as { work?: unknown }).work === 'object'
  );
}

export async function runMigration(
  ctx: MigrationContext,
  change: PlannedChange,
  migration: Migration,
): Promise<RecordWork> {
  const [first, ...rest] = change.requests;
  const last = rest.at(-1);
  // a rename resumed after its create has one request: the archive
  const before = last === undefined ? undefined : first;
  const after = last ?? first;
  if (before !== undefined) await sendSchemaWrite(ctx, before, 'create');
  const work = await migrateRecords(ctx, migration);
  if (!work.verified) {
    throw new MigrationError(
      `records kept changing: after ${work.passes} passes some still needed a write, so the last step (${after?.method ?? 'none'} ${after?.path ?? ''}) was not run`,
      work,
    );
  }
  if (after !== undefined) await sendSchemaWrite(ctx, after, 'last');
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
async function migrateRecords(ctx: MigrationContext, migration: Migration): Promise<RecordWork> {
  const work: RecordWork = { read: 0, written: 0, passes: 0, verified: false };
  while (work.passes < MAX_PASSES) {
    work.passes += 1;
    const written = await onePass(ctx, migration, work);
    if (written === 0) {
      work.verified = true;
      break;
    }
  }
  return work;
}

async function onePass(ctx: MigrationContext, migration: Migration, work: RecordWork): Promise<number> {
  const properties = migration.kind === 'copy' ? [migration.from, migration.to] : [migration.name];
  const fix = fixerOf(migration);
  let written = 0;
  let after: string | undefined;
  do {
    const page = await ctx.client.records.list(migration.objectType, {
      properties,
      limit: BATCH_SIZE,
      ...(after === undefined ? {} : { after }),
    });
    const updates: RecordUpdateInput[] = [];
    for (const record of page.results) {
      const values = fix(record.properties);
      if (values !== undefined) updates.push({ id: record.id, properties: values });
    }
    work.read += page.results.length;
    if (updates.length > 0) {
      await writeAll(ctx.client, migration.objectType, updates);
      written += updates.length;
      work.written += updates.length;
    }
    ctx.onProgress?.({ pass: work.passes, read: work.read, written: work.written });
    after = page.paging?.next?.after;
  } while (after !== undefined);
  return written;
}

type Values = Readonly<Record<string, string | null | undefined>>;

/** The values a record needs written, or undefined when it is as wanted. */
function fixerOf(migration: Migration): (values: Values) => Record<string, string> | undefined {
  if (migration.kind === 'copy') {
    const { from, to } = migration;
    return (values) => {
      const old = values[from];
      // the old property is the truth until it is archived; an empty old value leaves the new one alone
      if (old === undefined || old === null || old === '' || values[to] === old) return undefined;
      return { [to]: old };
    };
  }
  const map = new Map(migration.remaps.map((r) => [r.from, r.to]));
  const { name, multiple } = migration;
  return (values) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') return undefined;
    const next = remapValue(value, map, multiple);
    return next === value ? undefined : { [name]: next };
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

async function writeAll(client: CrmClient, objectType: string, updates: RecordUpdateInput[]): Promise<void> {
  const result =
    objectType === 'projects'
      ? await client.records.batchUpdateProjects(updates)
      : await client.records.batchUpdate(objectType, updates);
  const failure = result.errors[0]?.error ?? result.unmatched[0];
  if (failure !== undefined) throw failure;
}
