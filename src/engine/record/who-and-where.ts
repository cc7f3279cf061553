/**
 * Who ran an apply and from which commit, for its record. The CI's own variables first (GitHub Actions,
 * GitLab CI), else the machine's user and the git repository of the project folder (asked with a short
 * timeout; no git, or no repository, leaves the commit out), and whether the files the apply read had
 * changes not committed. Never a token: only names and ids.
 */
import { userInfo } from 'node:os';
import { relative } from 'node:path';
import type { ApplyRecord } from './shape/record-shape.js';
import { defined } from '../../core/defined.js';
import { gitOrUndefined } from '../../core/git.js';

const GIT_TIMEOUT_MS = 2_000;

/** The longest name kept (a variable can hold anything). */
const MAX_NAME = 200;

export function actorOf(env: NodeJS.ProcessEnv): ApplyRecord['actor'] {
  const ci = env.GITHUB_ACTOR ?? env.GITLAB_USER_LOGIN;
  if (ci !== undefined && ci.trim() !== '') return { name: ci.trim().slice(0, MAX_NAME), source: 'ci' };
  let name = 'unknown';
  try {
    name = userInfo().username || name;
  } catch {
    // no user name on this machine (a container without a passwd entry)
  }
  return { name: name.slice(0, MAX_NAME), source: 'machine' };
}

/**
 * The commit and branch, and whether `files` (the project file and the manifests the apply read) had
 * changes not committed: then the commit alone does not hold what was applied.
 */
export async function gitOf(
  env: NodeJS.ProcessEnv,
  dir: string,
  files: readonly string[] = [],
): Promise<ApplyRecord['git'] | undefined> {
  const commit = env.GITHUB_SHA ?? env.CI_COMMIT_SHA ?? (await git(dir, ['rev-parse', 'HEAD']));
  const branch =
    env.GITHUB_HEAD_REF ||
    env.GITHUB_REF_NAME ||
    env.CI_COMMIT_REF_NAME ||
    (await git(dir, ['symbolic-ref', '--short', '-q', 'HEAD']));
  const found = defined({
    commit: clean(commit),
    branch: clean(branch),
    uncommitted: await uncommitted(dir, files),
  });
  return Object.keys(found).length === 0 ? undefined : found;
}

/** Whether any of `files` is modified, added, untracked or deleted; undefined outside a repository. */
async function uncommitted(dir: string, files: readonly string[]): Promise<boolean | undefined> {
  if (files.length === 0) return undefined;
  const status = await git(dir, [
    'status',
    '--porcelain',
    '-z',
    '--untracked-files=all',
    '--',
    ...files.map((file) => `:(literal)${relative(dir, file) || '.'}`),
  ]);
  return status === undefined ? undefined : status !== '';
}

async function git(dir: string, args: string[]): Promise<string | undefined> {
  return (await gitOrUndefined(dir, args, { timeoutMs: GIT_TIMEOUT_MS }))?.trim();
}

function clean(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = value.trim().slice(0, MAX_NAME);
  return /^[\w./@+-]+$/.test(text) ? text : undefined;
}
