/**
 * The real binary: `node bin/run.js emulator ...` in a child process (dist/ is built by the global
 * setup). Checks the ready line, tokens, signals and the data file; the user errors, which end the
 * command before it serves, through the CLI's own `main` in this process (test/helpers/cli.ts).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readStateFile } from '../../src/emulator/persistence.js';
import { runCli } from '../helpers/cli.js';
import { callRaw } from '../helpers/emulator.js';

const BIN = resolve('bin/run.js');
const URL_LINE = /^crm-schema emulator listening on (http:\/\/127\.0\.0\.1:\d+)$/;

interface Running {
  child: ChildProcessWithoutNullStreams;
  url: string;
  /** stdout lines up to and including the ready line */
  lines: string[];
  exit: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

function run(args: string[], cwd: string) {
  const child = spawn(process.execPath, [BIN, 'emulator', ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exit = new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.on('close', (code) => {
      done({ code, stdout, stderr });
    }),
  );
  return { child, exit, output: () => stdout };
}

/** Starts the emulator and waits for its ready line. */
async function start(args: string[], cwd: string): Promise<Running> {
  const { child, exit, output } = run(args, cwd);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const lines = output().split('\n');
    const ready = lines.find((line) => URL_LINE.test(line));
    if (ready)
      return { child, url: URL_LINE.exec(ready)![1]!, lines: lines.slice(0, lines.indexOf(ready) + 1), exit };
    const ended = await Promise.race([exit, new Promise((r) => setTimeout(r, 50, undefined))]);
    if (ended) throw new Error(`the emulator exited before it was ready: ${JSON.stringify(ended)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`no ready line within 20 s; stdout so far: ${output()}`);
    }
  }
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

describe('crm-schema emulator (the binary)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'crm-emu-cli-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('serves until SIGTERM, then exits 0 with its state saved in the data file, and loads it again', async () => {
    const dataFile = join(dir, 'state.json');
    const emu = await start(['--data', dataFile, '--token', 'cli-token'], dir);
    expect(emu.lines).toEqual([
      `State: new, saved to ${dataFile}`,
      `crm-schema emulator listening on ${emu.url}`,
    ]);

    const created = await callRaw(`${emu.url}/crm/v4/associations/tickets/orders/labels`, 'POST', {
      headers: bearer('cli-token'),
      body: JSON.stringify({ name: 'cli_label', label: 'CLI label' }),
    });
    expect(created.status).toBe(200);
    expect((await callRaw(`${emu.url}/x`, 'GET', { headers: bearer('wrong') })).status).toBe(401);

    emu.child.kill('SIGTERM');
    const { code, stdout, stderr } = await emu.exit;
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout.trim().split('\n').at(-1)).toBe(`Stopped on SIGTERM; state saved to ${dataFile}.`);
    const saved = (await readStateFile(dataFile))!;
    const labels = Object.values(saved.associationTypes).filter((t) => t.name === 'cli_label');
    expect(labels.map((t) => t.label)).toEqual(['CLI label', 'CLI label']);

    const again = await start(['--data', dataFile, '--token', 'cli-token'], dir);
    try {
      expect(again.lines[0]).toBe(`State: loaded from ${dataFile}`);
      const listed = await callRaw(`${again.url}/crm/v4/associations/tickets/orders/labels`, 'GET', {
        headers: bearer('cli-token'),
      });
      expect(listed.body.results.map((r: any) => r.label)).toContain('CLI label');
    } finally {
      again.child.kill('SIGINT');
      expect((await again.exit).code).toBe(0);
    }
  });

  it('generates a token when none is given, prints it on its own line, and stops on SIGINT', async () => {
    const emu = await start([], dir);
    expect(emu.lines[0]).toBe('State: in memory only (use --data FILE to keep it)');
    const tokenLine = emu.lines.find((line) => line.startsWith('Token: '));
    const token = tokenLine!.slice('Token: '.length);
    expect(token).toMatch(/^emu-[0-9a-f]{32}$/);
    expect((await callRaw(`${emu.url}/no/such/route`, 'GET', { headers: bearer(token) })).status).toBe(404);
    emu.child.kill('SIGINT');
    const { code, stdout } = await emu.exit;
    expect(code).toBe(0);
    // exactly one line carries the URL
    expect(stdout.split('\n').filter((line) => line.includes('http://127.0.0.1:'))).toHaveLength(1);
  });

  it('says what each token given may do, and warns about a scope it never checks (a token with a colon)', async () => {
    const emu = await start(
      ['--token', 'ci:oops', '--token', 'reader:crm.objects.tickets.read', '--token', 'dev'],
      dir,
    );
    expect(emu.lines).toContain('Token 1: only oops');
    expect(emu.lines).toContain('Token 2: only crm.objects.tickets.read');
    expect(emu.lines).toContain('Token 3: every scope');
    // the token given as ci:oops is the token ci, with the scope oops: it may do nothing
    const answer = await callRaw(`${emu.url}/crm/v3/properties/tickets`, 'GET', { headers: bearer('ci') });
    expect(answer.status).toBe(403);
    emu.child.kill('SIGTERM');
    const { stderr } = await emu.exit;
    expect(stderr).toContain(
      "warning: token 1 (given as TOKEN:SCOPES) holds 'oops', which the emulator never checks",
    );
    expect(stderr).not.toContain('token 2');
  });

  it('--log-requests prints one line per request to stderr, never its token, and a control character shown', async () => {
    const emu = await start(['--token', 'secret-token-7', '--log-requests'], dir);
    await callRaw(`${emu.url}/crm/v3/properties/tickets`, 'GET', { headers: bearer('secret-token-7') });
    await callRaw(`${emu.url}/crm/v3/properties/tickets?x=%1B%5B2J`, 'GET', { headers: bearer('wrong') });
    emu.child.kill('SIGTERM');
    const { stderr } = await emu.exit;
    const lines = stderr.split('\n').filter((line) => line.startsWith('GET '));
    expect(lines).toEqual([
      expect.stringMatching(/^GET \/crm\/v3\/properties\/tickets -> 200 \(\d+ ms\)$/) as unknown,
      expect.stringMatching(/^GET \/crm\/v3\/properties\/tickets\?x=%1B%5B2J -> 401 \(\d+ ms\)$/) as unknown,
    ]);
    expect(stderr).not.toContain('secret-token-7');
  });

  it('--log-requests shows query credentials as *** and record identifiers in paths as {recordId}', async () => {
    const emu = await start(['--token', 'secret-token-7', '--log-requests'], dir);
    const headers = bearer('secret-token-7');
    await callRaw(
      `${emu.url}/crm/v3/objects/contacts/jane.doe%40example.com?idProperty=email&hapikey=k-123`,
      'GET',
      { headers },
    );
    await callRaw(`${emu.url}/crm/objects/2026-03/tickets/4711?access_token=t-456`, 'GET', { headers });
    emu.child.kill('SIGTERM');
    const { stderr } = await emu.exit;
    const lines = stderr.split('\n').filter((line) => line.startsWith('GET '));
    expect(lines).toEqual([
      expect.stringMatching(
        /^GET \/crm\/v3\/objects\/contacts\/\{recordId\}\?idProperty=email&hapikey=\*\*\* -> 400 \(\d+ ms\)$/,
      ) as unknown,
      expect.stringMatching(
        /^GET \/crm\/objects\/2026-03\/tickets\/\{recordId\}\?access_token=\*\*\* -> 404 \(\d+ ms\)$/,
      ) as unknown,
    ]);
    for (const shown of ['jane.doe', 'k-123', '4711', 't-456']) expect(stderr).not.toContain(shown);
  });

  it('passes the limits, faults and account flags to the server', async () => {
    const emu = await start(
      ['--token', 't', '--rate-limit', '3', '--fault-rate', '0', '--latency', '1', '--account-id', '4242'],
      dir,
    );
    try {
      const details = await callRaw(`${emu.url}/account-info/v3/details`, 'GET', { headers: bearer('t') });
      expect(details.body).toMatchObject({ portalId: 4242 });
      const first = await callRaw(`${emu.url}/x`, 'GET', { headers: bearer('t') });
      expect(first.headers.get('x-hubspot-ratelimit-max')).toBe('3');
      await callRaw(`${emu.url}/x`, 'GET', { headers: bearer('t') });
      expect((await callRaw(`${emu.url}/x`, 'GET', { headers: bearer('t') })).status).toBe(429);
    } finally {
      emu.child.kill('SIGTERM');
      expect((await emu.exit).code).toBe(0);
    }
  });

  it('refuses a corrupt data file: exit 1, a clear message, no stack trace, the file unchanged', async () => {
    const dataFile = join(dir, 'state.json');
    const content = '{"formatVersion": 1, "accountId": ';
    await writeFile(dataFile, content);
    const { code, stdout, stderr } = await runCli(['emulator', '--data', dataFile], { cwd: dir });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain(`Error: The emulator data file ${dataFile} is not valid JSON`);
    expect(stderr).toContain('Hint: The file was left unchanged.');
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(await readFile(dataFile, 'utf8')).toBe(content);
  });

  it('refuses bad flags and a port in use with exit 1', async () => {
    const emulator = (...args: string[]) => runCli(['emulator', ...args], { cwd: dir });
    const badRate = await emulator('--fault-rate', '1.5');
    expect(badRate.code).toBe(1);
    expect(badRate.stderr).toContain("--fault-rate must be a fraction from 0 to 1, not '1.5'.");
    for (const id of ['0', '-5', 'abc', '1.5', '12e3', '']) {
      const badAccount = await emulator('--account-id', id);
      expect(badAccount.code, id).toBe(1);
      expect(badAccount.stderr, id).toContain(
        `--account-id ${JSON.stringify(id)} is not an account id: give a positive whole number.`,
      );
      expect(badAccount.stderr, id).toContain(
        "Hint: Give the account's id, digits only, e.g. --account-id 1000001.",
      );
    }
    const badKind = await emulator('--fault-kinds', '500,404');
    expect(badKind.code).toBe(1);
    expect(badKind.stderr).toContain(
      'Expected --fault-kinds=404 to be one of: 500, 503, 429, drop-before, drop-after',
    );

    const taken = createServer();
    await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening));
    try {
      const port = String((taken.address() as { port: number }).port);
      const second = await emulator('--port', port);
      expect(second.code).toBe(1);
      expect(second.stderr).toBe(
        `Error: Port ${port} on 127.0.0.1 is already in use.\n` +
          'Hint: Stop the program using it, choose another --port, or use --port 0 for a free port.\n',
      );
    } finally {
      await new Promise((closed) => taken.close(closed));
    }
  });
});
