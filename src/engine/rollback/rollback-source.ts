/**
 * Where a rollback starts: one apply record of the project's record store (named by its id, or by a file
 * whose id and content the store holds) and checked whole, every change's data against its kind's declaration, since a record
 * is a file from outside like a saved plan; then made into the desired state the plan is computed from
 * (`DesiredFromLive`: the reversals of what the record says applied, weighed against the live account).
 */
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { neutralize } from '../../core/control-chars.js';
import { CrmSchemaError } from '../../core/errors.js';
import { countOf } from '../../core/count-text.js';
import { quoteList } from '../../core/quote-list.js';
import { compileSchema } from '../manifest/schema/schema-compile.js';
import { changeShapeProblems, resourceShapeProblems } from '../pipeline/plan-schema.js';
import { targetOf } from '../plan/kinds/registry.js';
import type { DesiredFromLive } from '../pipeline/compute-plan.js';
import type { PlanDiagnostic } from '../plan/diagnostics.js';
import { recordJsonSchema } from '../record/record-json-schema.js';
import { readRecord } from '../record/record-file.js';
import type { ApplyRecord } from '../record/shape/record-shape.js';
import { RECORD_ID } from '../record/shape/record-shape.js';
import { findInStore, recordDigest, type RecordStore, type StoredRecord } from '../record/record-store.js';
import type { PlanDocument } from '../plan/plan-document.js';
import type { ValidateFunction } from 'ajv';
import { reversalsOf, type AppliedChange } from './reversal.js';
import { rollbackReads, rollbackState } from './rollback-state.js';

/**
 * The record named by `given` in the project's record store: an id (what `history` lists), or the path of
 * a record file, whose id the store must hold with the same content. Only a record this project wrote
 * (its folder, or its records branch) is rolled back: a file from elsewhere is refused
 * (`ROLLBACK_RECORD_UNKNOWN`), as is an id two places hold with different contents. `shown` is how
 * messages name it.
 */
export async function loadRollbackRecord(
  given: string,
  cwd: string,
  store: RecordStore,
): Promise<{ stored: StoredRecord; shown: string }> {
  const asPath = resolve(cwd, given);
  const isFile = !RECORD_ID.test(given) || existsSync(asPath);
  const shown = isFile ? relative(cwd, asPath) || asPath : given.replace(/\.json$/, '');
  // a file is read and checked whole first (a hostile one is refused before anything else)
  const fromFile = isFile ? checkedRecord(await readRecord(asPath, shown), shown) : undefined;
  const id = fromFile?.id ?? shown;
  const stored = await findInStore(store, id);
  const where = storeText(store, cwd);
  if (stored === undefined)
    throw unknownRecord(
      id,
      fromFile === undefined
        ? `no apply record of that id is in ${where}`
        : `${shown} is not a record of this project: ${where} holds no record of its id`,
    );
  if (stored.ambiguous !== undefined) throw unknownRecord(id, `${stored.ambiguous}, so neither is trusted`);
  if (fromFile !== undefined && recordDigest(fromFile) !== stored.digest)
    throw unknownRecord(id, `${shown} differs from the record of that id in ${where}: it was edited`);
  return { stored: { ...stored, record: checkedRecord(stored.record, shown) }, shown };
}

/**
 * The record a saved rollback plan names, found in the store with the digest the plan says: before any
 * call, so that only a record this project wrote, unedited, is ever rolled back.
 */
export async function storedRollbackRecord(
  rollback: NonNullable<PlanDocument['rollback']>,
  file: string,
  store: RecordStore,
  cwd: string,
): Promise<ApplyRecord> {
  const stored = await findInStore(store, rollback.recordId);
  const where = storeText(store, cwd);
  if (stored === undefined)
    throw unknownRecord(
      rollback.recordId,
      `${file} reverses it, but ${where} holds no apply record of that id`,
    );
  if (stored.ambiguous !== undefined)
    throw unknownRecord(rollback.recordId, `${stored.ambiguous}, so neither is trusted`);
  if (stored.digest !== rollback.recordDigest)
    throw unknownRecord(
      rollback.recordId,
      `${file} names it with digest ${rollback.recordDigest.slice(0, 19)}, but ${where} holds it with digest ${stored.digest.slice(0, 19)}`,
    );
  return checkedRecord(stored.record, rollback.recordId);
}

function storeText(store: RecordStore, cwd: string): string {
  const folder = relative(cwd, store.folder) || store.folder;
  return store.git === undefined
    ? `the record folder ${folder}`
    : `the record folder ${folder} or the branch ${store.git.branch} (local, or fetched from a remote)`;
}

function unknownRecord(id: string, why: string): CrmSchemaError {
  return new CrmSchemaError(
    'ROLLBACK_RECORD_UNKNOWN',
    `Cannot roll back apply ${neutralize(id.slice(0, 200), { oneLine: true })}: ${neutralize(why, { oneLine: true })}. Only a record this project's applies wrote can be rolled back. Nothing was read or changed.`,
    {
      hint: `Give an id crm-schema history lists. Records other clones published are on the records branch: git fetch, then crm-schema history.`,
      meta: { recordId: id },
    },
  );
}

let recordValidator: ValidateFunction | undefined;

/** The record checked whole against its schema, and every change's data against its kind's declaration. */
export function checkedRecord(value: unknown, shown: string): ApplyRecord {
  recordValidator ??= compileSchema(recordJsonSchema());
  const problems: string[] = [];
  if (!recordValidator(value)) {
    for (const error of (recordValidator.errors ?? []).slice(0, 3))
      problems.push(
        `${error.instancePath === '' ? '(the record)' : error.instancePath}: ${error.message ?? 'is not valid'}`,
      );
  } else {
    for (const [i, change] of (value as ApplyRecord).changes.entries()) {
      const where = `changes[${String(i)}]`;
      const meta = changeShapeProblems(change.type, change.meta, where);
      problems.push(...meta);
      // the definitions before and after, each of its resource's shape
      if (meta.length === 0) {
        const { kind } = targetOf({ type: change.type, meta: change.meta });
        for (const side of ['before', 'after'] as const)
          if (change[side] !== undefined)
            problems.push(...resourceShapeProblems(kind, withoutRenames(change[side]), `${where}.${side}`));
      }
      if (problems.length >= 3) break;
    }
  }
  if (problems.length > 0)
    throw new CrmSchemaError(
      'RECORD_INVALID',
      `${shown} is not an apply record this version of crm-schema can roll back: ${problems.slice(0, 3).join('; ')}. Nothing was read or changed.`,
      { hint: 'Give a record apply wrote, unedited (crm-schema history lists them).' },
    );
  return value as ApplyRecord;
}

/** A label as records of 0.2.0 kept it after a rename in place: with the manifest's `renamedFrom`, not part of it. */
function withoutRenames(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const { renamedFrom: _from, inverseRenamedFrom: _inverse, ...rest } = value as Record<string, unknown>;
  return rest;
}

const NOT_APPLIED = {
  failed: 'failed',
  skipped: 'was skipped',
  'not-run': 'was not run (the apply stopped before it)',
};

/** The desired state of the rollback of `record`: made once the live account is read. */
export function rollbackSource(record: ApplyRecord, options: { partial: boolean }): DesiredFromLive {
  const applied: AppliedChange[] = [];
  const notApplied: PlanDiagnostic[] = [];
  const notRun: string[] = [];
  for (const recorded of record.changes) {
    if (recorded.outcome === 'not-run') {
      notRun.push(recorded.id);
      continue;
    }
    // an interrupted change may or may not have been applied: the live account tells (a resource still as
    // it was before needs nothing; one as the change left it goes back)
    if (
      recorded.outcome === 'applied' ||
      recorded.outcome === 'already-done' ||
      recorded.outcome === 'interrupted'
    ) {
      // checked against its kind's declaration when the record was read
      const masked = record.masked === true && JSON.stringify(recorded).includes('***');
      applied.push({
        change: { type: recorded.type, meta: recorded.meta },
        recorded,
        ...(masked ? { masked } : {}),
      });
      continue;
    }
    notApplied.push({
      level: 'info',
      code: 'ROLLBACK_NOT_APPLIED',
      address: recorded.address,
      message: `${recorded.id} ${NOT_APPLIED[recorded.outcome]} in apply ${record.id}: it is not reversed (a plan of the manifests shows what it left, if anything)`,
    });
  }
  // the changes a stopped apply never started: one note for all
  if (notRun.length > 0)
    notApplied.push({
      level: 'info',
      code: 'ROLLBACK_NOT_APPLIED',
      message: `${countOf(notRun.length, 'change', 'changes')} of apply ${record.id} ${notRun.length === 1 ? 'was' : 'were'} not run (it stopped before ${notRun.length === 1 ? 'it' : 'them'}): nothing of ${notRun.length === 1 ? 'it' : 'them'} to reverse (${quoteList(notRun, 3)})`,
    });
  const reversals = reversalsOf(applied, record.id);
  return {
    reads: rollbackReads(reversals),
    from: (live) => {
      const made = rollbackState(reversals, live, { recordId: record.id, partial: options.partial });
      return { ...made, diagnostics: [...notApplied, ...made.diagnostics] };
    },
  };
}
