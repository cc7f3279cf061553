/**
 * Where a rollback starts: one apply record, read from its file (or found by its id in the project's
 * record folder) and checked whole, every change's data against its kind's declaration, since a record
 * is a file from outside like a saved plan; then made into the desired state the plan is computed from
 * (`DesiredFromLive`: the reversals of what the record says applied, weighed against the live account).
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { CrmSchemaError } from '../core/errors.js';
import { compileSchema } from '../manifest/schema/schema-compile.js';
import { changeShapeProblems, resourceShapeProblems } from '../pipeline/plan-schema.js';
import { targetOf } from '../plan/kinds/registry.js';
import type { DesiredFromLive } from '../pipeline/compute-plan.js';
import type { Change } from '../plan/change-types.js';
import type { PlanDiagnostic } from '../plan/diagnostics.js';
import { recordJsonSchema } from '../record/record-json-schema.js';
import { readRecord } from '../record/record-file.js';
import type { ApplyRecord } from '../record/record-shape.js';
import type { ValidateFunction } from 'ajv';
import { reversalsOf, type AppliedChange } from './reversal.js';
import { rollbackReads, rollbackState } from './rollback-state.js';

/** A record id as apply names its files: letters, digits, `-`, `.` and `_` only. */
const RECORD_ID = /^[\w.-]{1,200}$/;

/**
 * The record named by `given`: a file path, or the id of a record in `folder` (what `history` lists).
 * `shown` is how messages name it.
 */
export async function loadRollbackRecord(
  given: string,
  cwd: string,
  folder: string,
): Promise<{ record: ApplyRecord; shown: string }> {
  const asPath = resolve(cwd, given);
  const byId =
    RECORD_ID.test(given) && !existsSync(asPath)
      ? join(folder, given.endsWith('.json') ? given : `${given}.json`)
      : undefined;
  const path = byId ?? asPath;
  const shown = isAbsolute(given) && byId === undefined ? given : relative(cwd, path) || path;
  if (byId !== undefined && !existsSync(byId))
    throw new CrmSchemaError(
      'RECORD_NOT_FOUND',
      `No apply record ${given}: no such file, and no record of that id in ${relative(cwd, folder) || folder}.`,
      { hint: 'Give the path of a record, or an id crm-schema history lists.' },
    );
  const record = await readRecord(path, shown);
  return { record: checkedRecord(record, shown), shown };
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
        const { kind } = targetOf({ type: change.type, meta: change.meta } as Change);
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

/** The desired state of the rollback of `record`: made once the live account is read. */
export function rollbackSource(record: ApplyRecord, options: { partial: boolean }): DesiredFromLive {
  const applied: AppliedChange[] = [];
  const notApplied: PlanDiagnostic[] = [];
  for (const recorded of record.changes) {
    if (recorded.outcome === 'applied' || recorded.outcome === 'already-done') {
      // checked against its kind's declaration when the record was read
      applied.push({ change: { type: recorded.type, meta: recorded.meta } as Change, recorded });
      continue;
    }
    notApplied.push({
      level: 'info',
      code: 'ROLLBACK_NOT_APPLIED',
      address: recorded.address,
      message: `${recorded.id} ${recorded.outcome === 'failed' ? 'failed' : 'was skipped'} in apply ${record.id}: it is not reversed (a plan of the manifests shows what it left, if anything)`,
    });
  }
  const reversals = reversalsOf(applied, record.id);
  return {
    reads: rollbackReads(reversals),
    from: (live) => {
      const made = rollbackState(reversals, live, { recordId: record.id, partial: options.partial });
      return { ...made, diagnostics: [...notApplied, ...made.diagnostics] };
    },
  };
}
