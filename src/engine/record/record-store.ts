/**
 * The project's record store: every apply record the project wrote, wherever a clone can see it. Two
 * places hold records:
 *
 * - the record folder (`applyRecords`, default `.crm-schema/applies`): what this machine's applies wrote;
 * - the records branch in git (`recordsBranch`, default `crm-schema-records`), which `history --push`
 *   publishes to a remote after an apply (the deploy recipe does it after every run): its local branch
 *   and every remote's copy a fetch brought (`refs/remotes/<remote>/<branch>`). In the branch a project's
 *   records sit at `<project folder from the repository's root>/applies/<id>.json`.
 *
 * A record is known by its id; its digest is that of its content (canonical JSON). A record held in
 * several places with different contents is ambiguous, and trusted nowhere: history says so and rollback
 * refuses it. Only records of the store can be rolled back.
 */
import { realpath } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';
import { CrmSchemaError } from '../../core/errors.js';
import { gitOrUndefined, inGroups, listTree, readBlobs } from '../../core/git.js';
import { jsonDepthExceeds } from '../../core/json-depth.js';
import { canonicalDigest } from '../plan/canonical-json.js';
import { listRecords, MAX_RECORD_BYTES, MAX_RECORD_DEPTH, recordProblem } from './record-file.js';
import { RECORD_ID, type ApplyRecord } from './shape/record-shape.js';

/** The branch records are published to when the project file names none. */
export const DEFAULT_RECORDS_BRANCH = 'crm-schema-records';

/** Where one copy of a record was found. */
export interface RecordPlace {
  /** `folder` or `git` */
  kind: 'folder' | 'git';
  /** the file (relative to the current folder for a folder's), or the ref (`origin/crm-schema-records`) */
  where: string;
}

export interface StoredRecord {
  record: ApplyRecord;
  digest: string;
  places: RecordPlace[];
  /** the folder's file, when the folder holds it */
  path?: string;
  /** set when two places hold the id with different contents: the record is trusted nowhere */
  ambiguous?: string;
}

export interface RecordStore {
  /** the record folder (absolute) */
  folder: string;
  /** the records branch, and where the project sits in its repository; absent: no git repository */
  git?: { root: string; branch: string; prefix: string };
}

/** The digest of a record's content: what a rollback plan names it by. */
export function recordDigest(record: ApplyRecord): string {
  return canonicalDigest(record);
}

/** The store of a project: its folder, and the records branch when the project is in a git repository. */
export async function recordStore(
  projectDir: string,
  folder: string,
  branch: string = DEFAULT_RECORDS_BRANCH,
): Promise<RecordStore> {
  const root = (await gitOrUndefined(projectDir, ['rev-parse', '--show-toplevel']))?.trim();
  if (root === undefined || root === '') return { folder };
  // git names its root by the physical path: the project folder's, links resolved, is compared with it
  const prefix = relative(root, await realpath(projectDir))
    .split('\\')
    .join('/');
  if (prefix.startsWith('..') || isAbsolute(prefix)) return { folder };
  return { folder, git: { root, branch, prefix: prefix === '' ? 'applies' : `${prefix}/applies` } };
}

/** Every record of the store, by id, oldest first; what cannot be read is listed apart. */
export async function listStore(
  store: RecordStore,
  shown: (path: string) => string = (path) => path,
  only?: string,
  refs?: readonly { name: string; shown: string }[],
): Promise<{ records: StoredRecord[]; unreadable: { path: string; problem: string }[] }> {
  const byId = new Map<string, StoredRecord>();
  const add = (record: ApplyRecord, place: RecordPlace, path?: string) => {
    const digest = recordDigest(record);
    const known = byId.get(record.id);
    if (known === undefined) {
      byId.set(record.id, { record, digest, places: [place], ...(path === undefined ? {} : { path }) });
      return;
    }
    known.places.push(place);
    if (path !== undefined) known.path ??= path;
    if (known.digest === digest) return;
    // the same run's record, complete, and a copy made while it still ran: the complete one holds
    if (supersedes(record, known.record)) {
      known.record = record;
      known.digest = digest;
      return;
    }
    if (supersedes(known.record, record)) return;
    known.ambiguous ??= `${describe(known.places[0])} and ${describe(place)} hold different records of that id`;
  };
  // the folder is read whole (a file there may be named otherwise than its record: a downloaded artifact)
  const folder = await listRecords(store.folder);
  for (const { path, record } of folder.records) add(record, { kind: 'folder', where: shown(path) }, path);
  const unreadable = folder.unreadable.map(({ path, problem }) => ({ path: shown(path), problem }));
  if (store.git !== undefined) {
    for (const ref of refs ?? (await recordRefs(store.git))) {
      const read = await readBranch(store.git, ref.name, only);
      for (const record of read.records) add(record, { kind: 'git', where: ref.shown });
      unreadable.push(
        ...read.unreadable.map((u) => ({ path: `${ref.shown}:${u.path}`, problem: u.problem })),
      );
    }
  }
  const records = [...byId.values()].sort((a, b) => (a.record.id < b.record.id ? -1 : 1));
  return { records, unreadable };
}

/** The record of `id` in the store, or undefined: only that record is read, wherever it is. */
export async function findInStore(store: RecordStore, id: string): Promise<StoredRecord | undefined> {
  if (!RECORD_ID.test(id)) return undefined;
  const { records } = await listStore(store, (path) => path, id);
  return records.find((stored) => stored.record.id === id);
}

/**
 * `complete` is `partial` once its run ended: the same id, start and plan, and `partial` a copy taken while
 * the run went on (`complete: false`, no end). A complete record replaces such a copy; nothing else does.
 */
export function supersedes(complete: ApplyRecord, partial: ApplyRecord): boolean {
  return (
    complete.complete !== false &&
    partial.complete === false &&
    partial.finishedAt === undefined &&
    complete.id === partial.id &&
    complete.startedAt === partial.startedAt &&
    complete.planDigest === partial.planDigest
  );
}

/** The refs that hold the records branch: the local branch and each remote's copy. */
export async function recordRefs(
  git: NonNullable<RecordStore['git']>,
): Promise<{ name: string; shown: string }[]> {
  const out = await gitOrUndefined(git.root, [
    'for-each-ref',
    '--format=%(refname)',
    `refs/heads/${git.branch}`,
    'refs/remotes/',
  ]);
  if (out === undefined) return [];
  const remoteCopy = (name: string) => {
    const rest = name.slice('refs/remotes/'.length);
    const remote = rest.slice(0, rest.length - git.branch.length - 1);
    return (
      name.startsWith('refs/remotes/') &&
      rest.endsWith(`/${git.branch}`) &&
      remote !== '' &&
      !remote.includes('/')
    );
  };
  return out
    .split('\n')
    .filter((name) => name === `refs/heads/${git.branch}` || remoteCopy(name))
    .map((name) => ({ name, shown: name.replace(/^refs\/(heads|remotes)\//, '') }));
}

/** The records of this project on one ref of the records branch (or only the record `only`). */
export async function readBranch(
  git: NonNullable<RecordStore['git']>,
  ref: string,
  only?: string,
): Promise<{ records: ApplyRecord[]; unreadable: { path: string; problem: string }[] }> {
  let entries;
  try {
    entries = await listTree(git.root, ref, [
      only === undefined ? `${git.prefix}/` : `${git.prefix}/${only}.json`,
    ]);
  } catch {
    return { records: [], unreadable: [] };
  }
  const records: ApplyRecord[] = [];
  const unreadable: { path: string; problem: string }[] = [];
  const files = entries.filter((entry) => {
    const name = entry.path.slice(git.prefix.length + 1);
    if (entry.type !== 'blob' || !entry.path.startsWith(`${git.prefix}/`) || !name.endsWith('.json'))
      return false;
    if (!RECORD_ID.test(name.slice(0, -'.json'.length))) return false;
    if (entry.size > MAX_RECORD_BYTES) {
      unreadable.push({
        path: entry.path,
        problem: `it is larger than ${String(MAX_RECORD_BYTES / 1024 / 1024)} MiB`,
      });
      return false;
    }
    return true;
  });
  // a group of records at a time: however many the branch holds, no read is larger than one record's cap
  for (const group of inGroups(files, MAX_RECORD_BYTES)) {
    let blobs: Map<string, Buffer>;
    try {
      blobs = await readBlobs(
        git.root,
        group.map((file) => file.oid),
        MAX_RECORD_BYTES * 2,
        () => new Error('the records are larger than their sizes said'),
      );
    } catch (error) {
      throw new CrmSchemaError(
        'RECORD_UNREADABLE',
        `Cannot read the records on ${ref}: ${(error as Error).message}`,
        { hint: 'Check the repository (git fsck), or fetch the records branch again.' },
      );
    }
    for (const file of group) {
      const problem = (why: string) => unreadable.push({ path: file.path, problem: why });
      const content = blobs.get(file.oid);
      if (content === undefined) {
        problem('it could not be read');
        continue;
      }
      let value: unknown;
      try {
        value = JSON.parse(content.toString('utf8'));
      } catch {
        problem('it is not JSON');
        continue;
      }
      if (jsonDepthExceeds(value, MAX_RECORD_DEPTH)) {
        problem(`it is nested more than ${String(MAX_RECORD_DEPTH)} levels deep`);
        continue;
      }
      const wrong = recordProblem(value);
      if (wrong !== undefined) {
        problem(wrong);
        continue;
      }
      const record = value as ApplyRecord;
      if (`${git.prefix}/${record.id}.json` !== file.path) {
        problem(`it holds record ${record.id.slice(0, 80)}, not the one its name says`);
        continue;
      }
      records.push(record);
    }
  }
  return { records, unreadable };
}

function describe(place: RecordPlace | undefined): string {
  if (place === undefined) return 'a place';
  return place.kind === 'folder' ? place.where : `the branch ${place.where}`;
}
