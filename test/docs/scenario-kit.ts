/**
 * Building blocks of the scenarios: folders, the example project, a `--local` account seeded through an
 * emulator that writes its state file, an emulator on a free port, git.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT, runCli } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';
import type { ScenarioRun } from './scenario.js';
import type { EmulatorOptions } from '../../src/emulator/index.js';

export { writeFiles };

/** The state file `--local` uses, relative to the folder a command runs in. */
const LOCAL_STATE = join('.crm-schema', 'local.json');

export const newFolder = (): Promise<string> => tempDir('crm-schema-docs-');

/** Copies `examples/` (the project file, its manifests, the broken files) into `to`. */
export async function copyExamples(to: string): Promise<void> {
  await cp(join(ROOT, 'examples'), to, { recursive: true });
}

/** `crm-schema <args>` in `cwd`; a failure stops the scenario, with what the command said. */
export async function cli(
  cwd: string,
  args: readonly string[],
  env: Record<string, string | undefined> = {},
): Promise<void> {
  const run = await runCli(args, { cwd, env });
  if (run.code !== 0) {
    throw new Error(`crm-schema ${args.join(' ')} exited ${run.code}:\n${run.stdout}${run.stderr}`);
  }
}

/** A call to the emulator that must succeed; its answer's body. */
export async function call(
  emulator: TestEmulator,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const answer = await emulator.call(method, path, body);
  if (answer.status >= 300) throw new Error(`${method} ${path} -> ${answer.status} ${answer.text}`);
  return answer.body;
}

/**
 * Gives the `--local` account of `cwd` the state `seed` makes: an emulator on that state file, closed
 * (and the state saved) before any command of the scenario runs.
 */
export async function seedLocalAccount(
  cwd: string,
  seed: (emulator: TestEmulator) => Promise<void>,
): Promise<void> {
  await mkdir(join(cwd, '.crm-schema'), { recursive: true });
  const emulator = await startTestEmulator({ dataFile: join(cwd, LOCAL_STATE) });
  try {
    await seed(emulator);
  } finally {
    await emulator.close();
  }
}

/** Commands in `cwd` against the `--local` emulator (nothing else to set); the folder goes at the end. */
export function localRun(cwd: string, env: Record<string, string | undefined> = {}): ScenarioRun {
  return { cwd, env, close: () => removeDir(cwd) };
}

/**
 * Commands in `cwd` against an emulator on a free port, reached as `CRM_BASE_URL` with its token in
 * `CRM_ACCESS_TOKEN`; `seed` gives its account a state first.
 */
export async function emulatorRun(
  cwd: string,
  seed: (emulator: TestEmulator) => Promise<void> = () => Promise.resolve(),
  options: EmulatorOptions = {},
): Promise<ScenarioRun & { emulator: TestEmulator }> {
  const emulator = await startTestEmulator(options);
  try {
    await seed(emulator);
  } catch (error) {
    await emulator.close();
    throw error;
  }
  return {
    cwd,
    env: { CRM_BASE_URL: emulator.url, CRM_ACCESS_TOKEN: emulator.token },
    url: emulator.url,
    emulator,
    close: async () => {
      await emulator.close();
      await removeDir(cwd);
    },
  };
}

const GIT_IDENTITY = ['-c', 'user.name=Docs Example', '-c', 'user.email=docs@example.com'];

/** `git <args>` in `cwd`, with an identity for commits; its stdout. */
export async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('git', [...GIT_IDENTITY, ...args], { cwd });
  return stdout;
}

/** Commits every file of `cwd`, making it a git repository first when it is not one. */
export async function commitAll(cwd: string, message: string): Promise<void> {
  if (!existsSync(join(cwd, '.git'))) await git(cwd, 'init', '-q', '-b', 'main');
  await git(cwd, 'add', '-A');
  await git(cwd, 'commit', '-q', '-m', message);
}

/** Creates records of `objectType` with these values, 100 a call (the platform's batch size). */
export async function createRecords(
  emulator: TestEmulator,
  objectType: string,
  records: readonly Record<string, string>[],
): Promise<void> {
  for (let at = 0; at < records.length; at += 100) {
    const inputs = records.slice(at, at + 100).map((properties) => ({ properties }));
    await call(emulator, 'POST', `/crm/v3/objects/${objectType}/batch/create`, { inputs });
  }
}
