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
import { join, relative } from 'node:path';
import { CrmSchemaError } from '../core/errors.js';
import { gitOrUndefined, listTree, readBlobs } from '../core/git.js';
import { jsonDepthExceeds } from '../core/json-depth.js';
import { canonicalDigest } from '../plan/canonical-json.js';
import { listRecords, MAX_RECORD_BYTES, MAX_RECORD_DEPTH, recordProblem } from './record-file.js';
import type { ApplyRecord } from './record-shape.js';

/** The branch records are published to when the project file names none. */
export const DEFAULT_RECORDS_BRANCH = 'crm-schema-records';

/** A record id as apply names its files: letters, digits, `-`, `.` and `_` only. */
export const RECORD_ID = /^[\w.-]{1,200}$/;

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
  const prefix = relative(root, projectDir).split('\\').join('/');
  return { folder, git: { root, branch, prefix: prefix === '' ? 'applies' : `${prefix}/applies` } };
}

/** Every record of the store, by id, oldest first; what cannot be read is listed apart. */
export async function listStore(
  store: RecordStore,
  shown: (path: string) => string = (path) => path,
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
    if (known.digest !== digest && known.ambiguous === undefined)
      known.ambiguous = `${describe(known.places[0])} and ${describe(place)} hold different records of that id`;
  };
  const folder = await listRecords(store.folder);
  for (const { path, record } of folder.records) add(record, { kind: 'folder', where: shown(path) }, path);
  const unreadable = folder.unreadable.map(({ path, problem }) => ({ path: shown(path), problem }));
  if (store.git !== undefined) {
    for (const ref of await recordRefs(store.git)) {
      const read = await readBranch(store.git, ref.name);
      for (const record of read.records) add(record, { kind: 'git', where: ref.shown });
      unreadable.push(
        ...read.unreadable.map((u) => ({ path: `${ref.shown}:${u.path}`, problem: u.problem })),
      );
    }
  }
  const records = [...byId.values()].sort((a, b) => (a.record.id < b.record.id ? -1 : 1));
  return { records, unreadable };
}

/** The record of `id` in the store, or undefined. */
export async function findInStore(store: RecordStore, id: string): Promise<StoredRecord | undefined> {
  const { records } = await listStore(store);
  return records.find((stored) => stored.record.id === id);
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

/** The records of this project on one ref of the records branch. */
export async function readBranch(
  git: NonNullable<RecordStore['git']>,
  ref: string,
): Promise<{ records: ApplyRecord[]; unreadable: { path: string; problem: string }[] }> {
  let entries;
  try {
    entries = await listTree(git.root, ref, [`${git.prefix}/`]);
  } catch {
    return { records: [], unreadable: [] };
  }
  const files = entries.filter(
    (entry) =>
      entry.type === 'blob' &&
      entry.path.startsWith(`${git.prefix}/`) &&
      RECORD_ID.test(entry.path.slice(git.prefix.length + 1).replace(/\.json$/, '')) &&
      entry.path.endsWith('.json'),
  );
  const blobs = await readBlobs(
    git.root,
    files.map((file) => file.oid),
    MAX_RECORD_BYTES * 4,
    () =>
      new CrmSchemaError(
        'RECORD_UNREADABLE',
        `The records on ${ref} are larger than ${String((MAX_RECORD_BYTES * 4) / 1024 / 1024)} MiB in all.`,
        { hint: 'Records are a few MB each: check what was committed to that branch.' },
      ),
  );
  const records: ApplyRecord[] = [];
  const unreadable: { path: string; problem: string }[] = [];
  for (const file of files) {
    const problem = (why: string) => unreadable.push({ path: file.path, problem: why });
    const content = blobs.get(file.oid);
    if (content === undefined || content.length > MAX_RECORD_BYTES) {
      problem('it could not be read, or is too large');
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
  return { records, unreadable };
}

/** The folder file a record of `id` would have. */
export function folderPath(store: RecordStore, id: string): string {
  return join(store.folder, `${id}.json`);
}

function describe(place: RecordPlace | undefined): string {
  if (place === undefined) return 'a place';
  return place.kind === 'folder' ? place.where : `the branch ${place.where}`;
}
