/**
 * Helpers for the tests of `crm-schema apply` through the CLI (run it with test/helpers/cli.ts):
 * an in-process emulator that records every request it receives (method, URL, parsed body), and the
 * emulator as a child process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { EmulatorOptions } from '../../src/emulator/index.js';
import { BIN } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

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
    const timer = setTimeout(() => {
      reject(new Error(`the emulator did not start: ${out}`));
    }, 10_000);
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
    child.on('exit', (code) => {
      reject(new Error(`the emulator exited (${code}): ${out}`));
    });
  });
  return {
    url,
    token,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => {
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
