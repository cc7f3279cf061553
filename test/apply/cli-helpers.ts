/**
 * Helpers for the tests of `crm-schema apply` through the real binary (dist/ is built by
 * test/global-setup.ts): running it (stdin a pipe, never a terminal), an in-process emulator that records
 * every request it receives (method, URL, parsed body), and the emulator as a child process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EmulatorOptions } from '../../src/emulator/index.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = join(root, 'bin', 'run.js');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  stdin?: string;
}

export function runCli(args: string[], options: RunOptions): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawnCli(args, options);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

export function spawnCli(args: string[], options: RunOptions): ChildProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end(options.stdin ?? '');
  return child;
}

export interface Recorded {
  method: string;
  url: string;
  body: unknown;
}

export interface RecordingEmulator extends TestEmulator {
  requests: Recorded[];
  /** requests that may write: neither GET nor a batch read nor a search */
  writes(): Recorded[];
}

export async function recordingEmulator(options: EmulatorOptions = {}): Promise<RecordingEmulator> {
  const requests: Recorded[] = [];
  const emulator = await startTestEmulator({
    ...options,
    extend: (app) => {
      app.addHook('preHandler', (request, _reply, done) => {
        requests.push({ method: request.method, url: request.url, body: request.body });
        done();
      });
    },
  });
  return {
    ...emulator,
    requests,
    writes: () =>
      requests.filter(
        (r) => r.method !== 'GET' && !r.url.endsWith('/batch/read') && !r.url.endsWith('/search'),
      ),
  };
}

export interface ChildEmulator {
  url: string;
  token: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** `crm-schema emulator` as a child process (state in memory), ready when it prints its URL. */
export async function childEmulator(args: string[], cwd: string): Promise<ChildEmulator> {
  const token = 'kill-test-token';
  const child = spawn(process.execPath, [BIN, 'emulator', '--port', '0', '--token', token, ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the emulator did not start: ${out}`)), 10_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[0]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the emulator exited (${code}): ${out}`)));
  });
  return {
    url,
    token,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A small deterministic generator (mulberry32) for kill delays. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
