/**
 * The baseline of a drift check: the manifests as they were last deployed, read from git at a ref (the
 * deploy workflow moves a tag such as `crm-schema/deployed/production` after each successful apply).
 * The project folder is read at that commit (only tracked regular files, at most 64 MiB in all, whatever
 * bytes their paths hold) into a temporary folder and validated as any project; nothing in the working
 * tree or the index is touched.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { CrmSchemaError } from '../../core/errors.js';
import { git, listTree, readBlobs } from '../../core/git.js';
import { CONFIG_FILE_NAME } from '../manifest/project/config.js';
import type { DesiredState } from '../model/desired-state.js';
import { loadCommandProject } from '../pipeline/project.js';

const MAX_BYTES = 64 * 1024 * 1024;

export interface Baseline {
  /** as given (`crm-schema/deployed/production`) */
  ref: string;
  /** the commit it names */
  commit: string;
  desired: DesiredState;
}

export async function loadBaseline(options: {
  cwd: string;
  configFlag?: string;
  ref: string;
}): Promise<Baseline> {
  const { ref } = options;
  const configPath = resolve(options.cwd, options.configFlag ?? CONFIG_FILE_NAME);
  const projectDir = dirname(configPath);
  const root = (await run(projectDir, ['rev-parse', '--show-toplevel'], notARepository(ref))).trim();
  const commit = (
    await run(
      root,
      ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`],
      noSuchRef(ref),
    )
  ).trim();
  const dir = relative(root, projectDir);
  if (dir.startsWith('..') || isAbsolute(dir)) throw notARepository(ref);
  const entries = await listTree(root, commit, [dir === '' ? '.' : dir]).catch(() => {
    throw noSuchRef(ref);
  });
  const blobs = entries.filter((entry) => /^100(644|755)$/.test(entry.mode) && entry.type === 'blob');
  const tmp = await mkdtemp(join(tmpdir(), 'crm-schema-baseline-'));
  try {
    const tooLarge = () =>
      new CrmSchemaError(
        'BASELINE_TOO_LARGE',
        `The project at the baseline is larger than ${MAX_BYTES / 1024 / 1024} MiB.`,
      );
    if (blobs.reduce((sum, entry) => sum + entry.size, 0) > MAX_BYTES) throw tooLarge();
    const contents = await readBlobs(
      root,
      blobs.map((entry) => entry.oid),
      MAX_BYTES,
      tooLarge,
    ).catch((error: unknown) => {
      if (error instanceof CrmSchemaError) throw error;
      throw unreadable(ref, error);
    });
    const files = new Map<string, Buffer>();
    for (const entry of blobs) {
      const content = contents.get(entry.oid);
      // a file git lists but cannot give: the baseline would be wrong, not just smaller
      if (content === undefined) throw unreadable(ref, new Error(`${entry.path} could not be read`));
      files.set(entry.path, content);
    }
    for (const [path, content] of files) {
      const target = join(tmp, path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, content);
    }
    const project = await loadCommandProject({
      cwd: join(tmp, dir),
      configFlag: relative(projectDir, configPath),
    }).catch((error: unknown) => {
      throw new CrmSchemaError(
        'BASELINE_INVALID',
        `The project at --baseline ${ref} (commit ${commit.slice(0, 12)}) cannot be read: ${(error as Error).message}`,
        {
          hint: `Check it out (git checkout ${ref}) and run crm-schema validate there, or give another --baseline.`,
        },
      );
    });
    return { ref, commit, desired: project.desired };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

function run(cwd: string, args: readonly string[], failure: CrmSchemaError): Promise<string> {
  return git(cwd, args).catch(() => {
    throw failure;
  });
}

function unreadable(ref: string, error: unknown): CrmSchemaError {
  return new CrmSchemaError(
    'BASELINE_UNAVAILABLE',
    `--baseline ${ref}: the project at that commit cannot be read from git: ${(error as Error).message}`,
    { hint: 'Check the repository (git fsck), or fetch the commit again.' },
  );
}

function notARepository(ref: string): CrmSchemaError {
  return new CrmSchemaError(
    'BASELINE_UNAVAILABLE',
    `--baseline ${ref}: the project is not in a git repository (or git is not installed), so the deployed manifests cannot be read.`,
    { hint: 'Run drift in a clone of the repository that holds the project, or leave --baseline out.' },
  );
}

function noSuchRef(ref: string): CrmSchemaError {
  return new CrmSchemaError(
    'BASELINE_NOT_FOUND',
    `--baseline ${ref}: no commit of that name in this repository.`,
    {
      hint:
        'Fetch it (git fetch --tags, or a full clone in CI: actions/checkout with fetch-depth: 0); the deploy workflow ' +
        'creates the tag after its first successful apply.',
    },
  );
}
