/**
 * More than 200 malformed manifests and project files (bad-input/*: YAML syntax at every line, shape,
 * meaning, alias bombs, deep nesting, files over the cap, other encodings, binary junk, empty files, byte
 * order marks, tabs, plus the hand-written invalid corpus) each run through `plan` against a counting
 * server: a located error (file:line:col, or the file for problems with the whole file), exit 1, no stack
 * trace, and no request to the CRM. Every case runs in this process through the CLI's own `main` (fast);
 * a sample of them through the real binary, and a few through apply and drift.
 *
 * Bad requests to the emulator (malformed JSON, wrong types, oversized bodies, unknown routes, broken
 * HTTP), each answered with the error body while the emulator keeps serving, are the 57 cases of
 * test/emulator/bad-requests.test.ts and the 413 of test/emulator/server.test.ts.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BadCase } from './bad-input/case.js';
import { badInputCases } from './bad-input/corpus.js';
import {
  countingServer,
  runInProcess,
  writeCase,
  type CountingServer,
  type Outcome,
} from './bad-input/run-case.js';
import { runBin, STACK_LINE } from './cli.js';

const cases = badInputCases();
const TOKEN = 'tok-bad-input-0000';

let server: CountingServer;
let root: string;
const savedToken = process.env.CRM_ACCESS_TOKEN;
beforeAll(async () => {
  server = await countingServer();
  root = await mkdtemp(join(tmpdir(), 'crm-schema-bad-input-'));
  process.env.CRM_ACCESS_TOKEN = TOKEN;
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
  if (savedToken === undefined) delete process.env.CRM_ACCESS_TOKEN;
  else process.env.CRM_ACCESS_TOKEN = savedToken;
});

async function project(c: BadCase, where: string): Promise<string> {
  const dir = join(root, where, c.name);
  await mkdir(dir, { recursive: true });
  await writeCase(dir, c);
  return dir;
}

/** `file:line:col  error  CODE  message` (or `file  error  CODE ...`) lines of the output */
function errorLines(output: string): { file: string; position: boolean; code: string; line: string }[] {
  return [...output.matchAll(/^(\S+?)((?::\d+:\d+)?) {2}error {2}([A-Z0-9_]+) {2}.*$/gm)].map((m) => ({
    file: m[1]!,
    position: m[2] !== '',
    code: m[3]!,
    line: m[0],
  }));
}

function expectRefused(c: BadCase, run: Outcome, dir: string, cwd: string): void {
  const output = `${run.stdout}\n${run.stderr}`;
  expect(run.code, output).toBe(1);
  expect(output).not.toMatch(STACK_LINE);
  expect(output).not.toContain('unexpected failure');
  expect(run.stderr).toMatch(/^Error: /m);
  const lines = errorLines(run.stderr);
  const named = lines.filter((l) => c.code === '*' || l.code === c.code);
  expect(named.length, `${c.code} in:\n${output}`).toBeGreaterThan(0);
  for (const line of named) {
    // the file named is one of the project's files
    expect(existsSync(join(cwd, line.file)), line.line).toBe(true);
    expect(join(cwd, line.file).startsWith(dir), line.line).toBe(true);
    expect(line.position, line.line).toBe(c.located === 'position');
  }
  if (c.message !== undefined) expect(output).toContain(c.message);
  expect(server.requests).toEqual([]);
}

describe('the bad-input corpus', () => {
  it('holds more than 200 cases, of every category', () => {
    expect(cases.length).toBeGreaterThan(200);
    const categories = new Set(cases.map((c) => c.category));
    for (const category of [
      'unclosed-quote',
      'tab-indent',
      'flow',
      'shape',
      'meaning',
      'bomb',
      'nesting',
      'bom',
    ]) {
      expect(categories).toContain(category);
    }
    for (const category of ['encoding', 'binary', 'junk', 'huge', 'config', 'corpus'])
      expect(categories).toContain(category);
  });

  it.each(cases)('$name: plan refuses it, located, exit 1, no stack trace, no call', async (c) => {
    const dir = await project(c, 'in-process');
    const run = await runInProcess([
      'plan',
      '--config',
      join(dir, 'crm-schema.yaml'),
      '--base-url',
      server.url,
    ]);
    expectRefused(c, run, dir, process.cwd());
  });
});

describe('a sample through the real binary', () => {
  // the first case of ten categories: text, shape, meaning, bombs, nesting, encodings, binary, size, config
  const SAMPLED = [
    'unclosed-quote',
    'tab-indent',
    'shape',
    'meaning',
    'bomb',
    'nesting',
    'encoding',
    'binary',
    'huge',
    'config',
  ];
  const sample = SAMPLED.map((category) => cases.find((c) => c.category === category)!);
  it.each(sample)('$category ($name): plan, exit 1, located, no stack trace, no call', async (c) => {
    const dir = await project(c, 'binary');
    const run = await runBin(['plan', '--base-url', server.url], {
      cwd: dir,
      env: { CRM_ACCESS_TOKEN: TOKEN },
    });
    expectRefused(c, run, dir, dir);
  });

  it.each([
    ['apply', '--yes'],
    ['drift', '--json'],
  ])('%s refuses bad manifests the same way, before any call', async (command, flag) => {
    const c = cases.find((x) => x.name === 'meaning-string-select')!;
    const dir = await project(c, command);
    const run = await runBin([command, flag, '--base-url', server.url], {
      cwd: dir,
      env: { CRM_ACCESS_TOKEN: TOKEN },
    });
    expectRefused(c, run, dir, dir);
  });
});
