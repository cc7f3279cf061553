/**
 * The fuzz suite's harness: the CLI's own `main` in this process (fast enough for many runs), in a
 * project folder inside a sandbox folder whose other contents must never change, with only the
 * variables a case gives; and the checks every run must pass whatever it was given.
 */
import { mkdtemp, readdir, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import { runMain, type Outcome } from '../helpers/in-process.js';

export const TOKEN = 'fuzz-secret-token-4f9a7c2e1b';

/** C0 (but tab and line feed), DEL, C1, zero-width and bidirectional formatting characters. */
const RAW_CONTROL =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200B-\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
/**
 * A stack frame, as Node prints them: `at fn (/abs/file.js:1:2)`, `at file:///...:1:2`, `at node:...`
 * (a plan's own `at schema/a.yaml:4:5` locations are relative to the project).
 */
const STACK_FRAME = /\n\s+at (?:[^\n(]+ \()?(?:file:\/\/|node:|\/)[^\n]*:\d+:\d+\)?\n/;

export interface Sandbox {
  /** the project folder: the only place a run may write */
  project: string;
  write(files: Record<string, string>): Promise<void>;
  /** what is outside the project folder, to compare before and after a run */
  outside(): Promise<string[]>;
  close(): Promise<void>;
}

export async function sandbox(): Promise<Sandbox> {
  const outer = await mkdtemp(join(tmpdir(), 'crm-schema-fuzz-'));
  const project = join(outer, 'project');
  await mkdir(project);
  await writeFile(join(outer, 'sentinel.txt'), 'must not change\n');
  return {
    project,
    async write(files) {
      await rm(project, { recursive: true, force: true });
      await mkdir(project);
      for (const [path, content] of Object.entries(files)) {
        await mkdir(dirname(join(project, path)), { recursive: true });
        await writeFile(join(project, path), content);
      }
    },
    async outside() {
      const entries = await readdir(outer, { recursive: true });
      const listed: string[] = [];
      for (const entry of entries.sort()) {
        if (entry === 'project' || entry.startsWith(`project/`)) continue;
        const info = await stat(join(outer, entry));
        listed.push(`${entry} ${info.size} ${info.mtimeMs}`);
      }
      return listed;
    },
    close: () => rm(outer, { recursive: true, force: true }),
  };
}

const CRM_VARIABLES = ['CRM_ACCESS_TOKEN', 'CRM_BASE_URL', 'CRM_TIMEOUT', 'GITHUB_STEP_SUMMARY', 'NO_COLOR'];

/** `crm-schema <argv>` in `cwd`, in this process, with exactly the crm-schema variables given. */
export function run(argv: string[], cwd: string, env: Record<string, string> = {}): Promise<Outcome> {
  const removed = Object.fromEntries(CRM_VARIABLES.map((name) => [name, undefined]));
  return runMain(argv, { cwd, env: { ...removed, NO_COLOR: '1', ...env } });
}

/** What every run must be, whatever it was given. */
export function expectSafe(outcome: Outcome, what: string): void {
  const output = `${outcome.stdout}\n${outcome.stderr}`;
  expect([0, 1, 2], `${what}: exit code\n${output}`).toContain(outcome.code);
  expect(output, `${what}: a stack trace`).not.toMatch(STACK_FRAME);
  expect(output, `${what}: a bug`).not.toContain('this is a bug');
  expect(RAW_CONTROL.exec(output)?.[0], `${what}: a raw control character in the output`).toBeUndefined();
  expect(output.includes(TOKEN), `${what}: the token in the output`).toBe(false);
}
