/**
 * `history --push`: the records of the folder (and of the local records branch) published to a remote's
 * records branch, so that every clone sees every apply. One commit adds the records the remote's branch
 * lacks, on top of it, built without touching the working tree, the index or HEAD (a temporary index
 * file); the push is a fast-forward only, never forced: when another run pushed first, the branch is
 * fetched again and the commit made anew, a few times. A record the remote holds already is never
 * replaced; one it holds with other contents is reported.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CrmSchemaError } from '../../core/errors.js';
import { git, gitOrUndefined, GitError } from '../../core/git.js';
import { quoteList } from '../../core/quote-list.js';
import { recordText } from './record-journal.js';
import { readBranch, recordDigest, supersedes, type RecordStore } from './record-store.js';
import { listRecords } from './record-file.js';
import type { ApplyRecord } from './shape/record-shape.js';

const ATTEMPTS = 3;

export interface PublishResult {
  remote: string;
  branch: string;
  /** the ids added to the remote's branch */
  added: string[];
  /** records the remote holds already */
  present: number;
  /** records the remote holds after the push */
  total: number;
  /** ids the remote holds with other contents (left as the remote has them) */
  differing: string[];
}

export async function publishRecords(store: RecordStore, remote: string): Promise<PublishResult> {
  try {
    return await publish(store, remote);
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    throw new CrmSchemaError(
      'RECORDS_GIT_FAILED',
      `The apply records could not be published: ${error.message}`,
      { hint: 'Check the repository (git status, git fsck), then run crm-schema history --push again.' },
    );
  }
}

async function publish(store: RecordStore, remote: string): Promise<PublishResult> {
  const repo = store.git;
  if (repo === undefined)
    throw new CrmSchemaError(
      'RECORDS_NOT_IN_GIT',
      'history --push publishes the apply records to a git branch, but the project is not in a git repository (or git is not installed).',
      { hint: 'Run it in a clone of the repository that holds the project.' },
    );
  if (!/^(?!-)[\w.-]{1,100}$/.test(remote))
    throw new CrmSchemaError('RECORDS_REMOTE_INVALID', `--remote ${remote}: not a remote name.`, {
      hint: 'Name a remote of the repository (git remote lists them), such as origin.',
    });
  const tracking = `refs/remotes/${remote}/${repo.branch}`;
  let lastRejection = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const base = await fetchBranch(repo.root, remote, repo.branch, tracking);
    const there = base === undefined ? [] : (await readBranch(repo, tracking)).records;
    const thereById = new Map(there.map((record) => [record.id, record]));
    // this clone's records, each copy as it is: the folder's and the local branch's (never the remote's)
    const copies = [
      ...(await listRecords(store.folder)).records.map((found) => found.record),
      ...(await readBranch(repo, `refs/heads/${repo.branch}`)).records,
    ];
    const fresh: ApplyRecord[] = [];
    const differing = new Set<string>();
    for (const [id, records] of byId(copies)) {
      const known = thereById.get(id);
      // the one copy, or the complete record of a run that also has copies taken while it ran
      const best = records.find((record) =>
        records.every((other) => other === record || supersedes(record, other)),
      );
      if (known === undefined) {
        if (best !== undefined) fresh.push(best);
        else differing.add(id);
        continue;
      }
      const digest = recordDigest(known);
      // the end of a run whose copy there was taken while it still ran replaces that copy
      if (best !== undefined && supersedes(best, known)) fresh.push(best);
      else if (records.some((record) => recordDigest(record) !== digest && !supersedes(known, record)))
        differing.add(id);
    }
    const total = there.length + fresh.filter((record) => !thereById.has(record.id)).length;
    const result = { remote, branch: repo.branch, present: there.length, total, differing: [...differing] };
    if (fresh.length === 0) return { ...result, added: [] };
    const commit = await commitRecords(repo, base, fresh);
    const pushed = await push(repo.root, remote, commit, repo.branch);
    if (pushed === true) {
      // the local branch follows what was published
      await git(repo.root, ['update-ref', `refs/heads/${repo.branch}`, commit]);
      await gitOrUndefined(repo.root, ['update-ref', tracking, commit]);
      return { ...result, added: fresh.map((record) => record.id) };
    }
    lastRejection = pushed;
  }
  throw new CrmSchemaError(
    'RECORDS_PUSH_REJECTED',
    `The apply records could not be pushed to ${repo.branch} on ${remote}: ${lastRejection}`,
    {
      hint: `Check that this clone may push to ${remote} (the deploy recipe's records job needs contents: write), then run crm-schema history --push again: it adds only what is missing.`,
    },
  );
}

/** Fetches the remote's branch into its tracking ref; the commit, or undefined when the remote has none. */
async function fetchBranch(
  root: string,
  remote: string,
  branch: string,
  tracking: string,
): Promise<string | undefined> {
  try {
    await git(root, ['fetch', '--quiet', '--no-tags', remote, `+refs/heads/${branch}:${tracking}`]);
  } catch (error) {
    const said = error instanceof GitError ? error.stderr : '';
    if (!/couldn't find remote ref|could not find remote ref/i.test(said))
      throw new CrmSchemaError(
        'RECORDS_FETCH_FAILED',
        `Cannot fetch ${branch} from ${remote}: ${(error as Error).message}`,
        { hint: `Check that ${remote} is reachable from here (git fetch ${remote}).` },
      );
    // the remote has no records branch yet: the first push makes it
    await gitOrUndefined(root, ['update-ref', '-d', tracking]);
    return undefined;
  }
  return (await git(root, ['rev-parse', '--verify', '--quiet', `${tracking}^{commit}`])).trim();
}

/** A commit adding `records` to the tree of `base` (or to an empty tree), made with a temporary index. */
async function commitRecords(
  repo: NonNullable<RecordStore['git']>,
  base: string | undefined,
  records: readonly ApplyRecord[],
): Promise<string> {
  const tmp = await mkdtemp(join(tmpdir(), 'crm-schema-records-'));
  try {
    const env = { ...process.env, GIT_INDEX_FILE: join(tmp, 'index'), ...(await identity(repo.root)) };
    if (base === undefined) await git(repo.root, ['read-tree', '--empty'], { env });
    else await git(repo.root, ['read-tree', base], { env });
    for (const record of records) {
      const oid = (
        await git(repo.root, ['hash-object', '-w', '--stdin'], { input: recordText(record) })
      ).trim();
      // ids are letters, digits, `-`, `.` and `_`: the path needs no quoting
      await git(
        repo.root,
        ['update-index', '--add', '--cacheinfo', `100644,${oid},${repo.prefix}/${record.id}.json`],
        { env },
      );
    }
    const tree = (await git(repo.root, ['write-tree'], { env })).trim();
    const message = `crm-schema: ${records.length === 1 ? 'apply record' : `${String(records.length)} apply records`} ${quoteList(
      records.map((record) => record.id),
      3,
    )}`;
    return (
      await git(
        repo.root,
        ['commit-tree', tree, ...(base === undefined ? [] : ['-p', base]), '-m', message],
        {
          env,
        },
      )
    ).trim();
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** true when pushed; otherwise what the remote said (a rejection: someone pushed first). */
async function push(root: string, remote: string, commit: string, branch: string): Promise<true | string> {
  try {
    await git(root, ['push', '--quiet', remote, `${commit}:refs/heads/${branch}`]);
    return true;
  } catch (error) {
    const said = error instanceof GitError ? error.stderr : (error as Error).message;
    if (/rejected|non-fast-forward|fetch first|failed to update ref|stale info/i.test(said))
      return said.trim().split('\n')[0] ?? 'rejected';
    throw new CrmSchemaError(
      'RECORDS_PUSH_FAILED',
      `Cannot push the apply records to ${remote}: ${(error as Error).message}`,
      { hint: `Check that this clone may push to ${remote}, then run crm-schema history --push again.` },
    );
  }
}

/** The committer of a record commit: git's own settings, or crm-schema's name where none is set. */
async function identity(root: string): Promise<Record<string, string>> {
  const email = (await gitOrUndefined(root, ['config', 'user.email']))?.trim();
  const name = (await gitOrUndefined(root, ['config', 'user.name']))?.trim();
  if (email && name) return {};
  const who = { name: name || 'crm-schema', email: email || 'crm-schema@localhost' };
  return {
    GIT_AUTHOR_NAME: who.name,
    GIT_AUTHOR_EMAIL: who.email,
    GIT_COMMITTER_NAME: who.name,
    GIT_COMMITTER_EMAIL: who.email,
  };
}

/** Records by id, each distinct content once. */
function byId(records: readonly ApplyRecord[]): Map<string, ApplyRecord[]> {
  const out = new Map<string, ApplyRecord[]>();
  const seen = new Set<string>();
  for (const record of records) {
    const digest = recordDigest(record);
    if (seen.has(digest)) continue;
    seen.add(digest);
    out.set(record.id, [...(out.get(record.id) ?? []), record]);
  }
  return out;
}
