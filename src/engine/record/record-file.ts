/**
 * Where apply records live and how they are written and read. The folder is the project file's
 * `applyRecords` (relative to it), by default `.crm-schema/applies` in the project folder (git ignores
 * `.crm-schema`); `apply --record FILE` writes one record to a file of its own choosing. A record folder
 * from the project file must stay inside the project folder: a project file is input a pull request can
 * change, and apply never writes outside the project through it. Records are read bounded in size and
 * checked in shape before anything uses them.
 */
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CrmSchemaError } from '../../core/errors.js';
import { jsonDepthExceeds } from '../../core/json-depth.js';
import { isWithin, realPathOutside } from '../../core/inside-folder.js';
import { readRegularFile } from '../../core/regular-file.js';
import { OUTCOMES, RECORD_FORMAT_VERSION, RECORD_ID, type ApplyRecord } from './shape/record-shape.js';
import { foldRecord } from './make-record.js';
import { journalPath, readJournal, traceOf } from './record-journal.js';

/** The record folder when the project file names none, relative to the project folder. */
export const DEFAULT_RECORD_FOLDER = '.crm-schema/applies';

/** The largest record read (a record of 11,000 changes with their definitions is a few MB). */
export const MAX_RECORD_BYTES = 64 * 1024 * 1024;

/** How deep a record may nest (a record is about a dozen levels deep). */
export const MAX_RECORD_DEPTH = 64;

/** The record folder of a project: `applyRecords` (or the default), inside the project folder. */
export async function recordFolder(projectDir: string, configured: string | undefined): Promise<string> {
  const folder = resolve(projectDir, configured ?? DEFAULT_RECORD_FOLDER);
  const refuse = (where: string) =>
    new CrmSchemaError(
      'RECORD_FOLDER_OUTSIDE_PROJECT',
      `The record folder ${configured ?? DEFAULT_RECORD_FOLDER} ${where}: apply writes its records only inside the project folder.`,
      {
        hint: 'Set applyRecords in crm-schema.yaml to a folder inside the project (default .crm-schema/applies).',
      },
    );
  if (!isWithin(projectDir, folder)) throw refuse(`is outside the project folder ${projectDir}`);
  const real = await realPathOutside(projectDir, folder);
  if (real !== undefined)
    throw refuse(`leads outside the project folder through a symbolic link (to ${real})`);
  return folder;
}

/**
 * Reads and checks one record file; a file that is not a record is a clear error naming it. The journal
 * of an apply that was killed, found beside it, is folded in: the record then says what was sent.
 */
export async function readRecord(path: string, shown = path): Promise<ApplyRecord> {
  let text: string;
  try {
    text = (await readRegularFile(path, { maxBytes: MAX_RECORD_BYTES })).toString('utf8');
  } catch (error) {
    throw new CrmSchemaError(
      'RECORD_UNREADABLE',
      `Cannot read the apply record ${shown}: ${(error as Error).message}`,
      {
        hint: 'Give the path of a record apply wrote (crm-schema history lists them).',
      },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw notARecord(shown, 'it is not JSON');
  }
  // a record is a dozen levels deep: anything far deeper is refused before code walks it recursively
  if (jsonDepthExceeds(value, MAX_RECORD_DEPTH))
    throw notARecord(shown, `it is nested more than ${String(MAX_RECORD_DEPTH)} levels deep`);
  const problem = recordProblem(value);
  if (problem !== undefined) throw notARecord(shown, problem);
  const record = value as ApplyRecord;
  if (record.complete !== false) return record;
  let journal: string | undefined;
  try {
    journal = await readJournal(journalPath(path));
  } catch (error) {
    throw new CrmSchemaError(
      'RECORD_UNREADABLE',
      `Cannot read the journal of the apply record ${shown}: ${(error as Error).message}`,
      { hint: 'The journal beside a record holds what a killed apply did: make it readable.' },
    );
  }
  return journal === undefined ? record : foldRecord(record, traceOf(journal));
}

/** Every record of a folder, oldest first; files that are not records are reported, not fatal. */
export async function listRecords(folder: string): Promise<{
  records: { path: string; record: ApplyRecord }[];
  unreadable: { path: string; problem: string }[];
}> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], unreadable: [] };
    throw new CrmSchemaError(
      'RECORD_UNREADABLE',
      `Cannot list the record folder ${folder}: ${(error as Error).message}`,
    );
  }
  const records: { path: string; record: ApplyRecord }[] = [];
  const unreadable: { path: string; problem: string }[] = [];
  for (const name of names) {
    const path = join(folder, name);
    try {
      records.push({ path, record: await readRecord(path, name) });
    } catch (error) {
      unreadable.push({ path, problem: (error as Error).message });
    }
  }
  return { records, unreadable };
}

function notARecord(file: string, why: string): CrmSchemaError {
  return new CrmSchemaError('RECORD_INVALID', `${file} is not an apply record: ${why}.`, {
    hint: 'Give the path of a record apply wrote (crm-schema history lists them); a record must not be edited.',
  });
}

/** What is wrong with a value read as a record (the fields the commands rely on), or undefined. */
export function recordProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'it is not a JSON object';
  const r = value as Record<string, unknown>;
  if (r.formatVersion !== RECORD_FORMAT_VERSION)
    return `its format version is ${JSON.stringify(r.formatVersion ?? null)}, not ${RECORD_FORMAT_VERSION}`;
  for (const key of ['id', 'startedAt', 'planDigest', 'manifestDigest', 'apiVersion'] as const)
    if (typeof r[key] !== 'string') return `${key} is not a string`;
  if (!RECORD_ID.test(r.id as string)) return 'id holds more than letters, digits, -, . and _';
  for (const key of ['stoppedBy', 'rollbackDigest'] as const)
    if (r[key] !== undefined && typeof r[key] !== 'string') return `${key} is not a string`;
  if (r.finishedAt !== undefined && typeof r.finishedAt !== 'string') return 'finishedAt is not a string';
  if (r.complete !== undefined && typeof r.complete !== 'boolean') return 'complete is not true or false';
  if (typeof r.ok !== 'boolean') return 'ok is not true or false';
  const actor = r.actor as Record<string, unknown> | undefined;
  if (typeof actor?.name !== 'string') return 'actor.name is not a string';
  const target = r.target as Record<string, unknown> | undefined;
  if (typeof target?.baseUrl !== 'string') return 'target.baseUrl is not a string';
  if (target.environment !== undefined && typeof target.environment !== 'string')
    return 'target.environment is not a string';
  const account = target.account as Record<string, unknown> | undefined;
  if (account !== undefined && !Number.isSafeInteger(account.id))
    return 'target.account.id is not a whole number';
  const git = r.git as Record<string, unknown> | undefined;
  for (const key of ['commit', 'branch'] as const)
    if (git !== undefined && git[key] !== undefined && typeof git[key] !== 'string')
      return `git.${key} is not a string`;
  if (r.rollbackOf !== undefined && typeof r.rollbackOf !== 'string') return 'rollbackOf is not a string';
  if (r.actor !== undefined && typeof (r.actor as Record<string, unknown>).source !== 'string')
    return 'actor.source is not a string';
  if (!Array.isArray(r.changes)) return 'changes is not a list';
  for (const [i, change] of (r.changes as unknown[]).entries()) {
    const c = change as Record<string, unknown> | null;
    if (typeof c !== 'object' || c === null) return `changes[${i}] is not an object`;
    for (const key of ['id', 'type', 'address', 'message'] as const)
      if (typeof c[key] !== 'string') return `changes[${i}].${key} is not a string`;
    if (!(OUTCOMES as readonly unknown[]).includes(c.outcome))
      return `changes[${i}].outcome is not an outcome`;
    if (typeof c.meta !== 'object' || c.meta === null) return `changes[${i}].meta is not an object`;
  }
  return undefined;
}
