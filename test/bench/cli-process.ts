/**
 * The built binary as users run it, for the benchmark: `node bin/run.js ...` in a child process with its
 * wall time and peak memory (the kernel's maxRSS, reported by a one-line preload at exit), and the
 * emulator as a child process of its own.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN } from '../helpers/cli.js';

export { BIN, ROOT } from '../helpers/cli.js';

/** Writes process.resourceUsage().maxRSS (KB) to $CRM_BENCH_RSS_FILE when the process exits. */
const RSS_PRELOAD =
  "data:text/javascript,import{writeFileSync}from'node:fs';process.on('exit',()=>writeFileSync(process.env.CRM_BENCH_RSS_FILE,String(process.resourceUsage().maxRSS)))";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  wallMs: number;
  /** peak resident set size of the process, in MB (10^6 bytes) */
  peakRssMb: number;
}

export interface CliOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

export async function runCli(args: readonly string[], options: CliOptions): Promise<CliRun> {
  const dir = await mkdtemp(join(tmpdir(), 'crm-bench-rss-'));
  const rssFile = join(dir, 'rss');
  try {
    const started = performance.now();
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>(
      (resolve, reject) => {
        const child = spawn(process.execPath, ['--import', RSS_PRELOAD, BIN, ...args], {
          cwd: options.cwd,
          env: { ...process.env, NO_COLOR: '1', CRM_BENCH_RSS_FILE: rssFile, ...options.env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const out: Buffer[] = [];
        const err: Buffer[] = [];
        child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
        child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
        child.on('error', reject);
        child.on('close', (exit) => {
          resolve({
            code: exit ?? 1,
            stdout: Buffer.concat(out).toString('utf8'),
            stderr: Buffer.concat(err).toString('utf8'),
          });
        });
      },
    );
    const wallMs = performance.now() - started;
    const maxRssKb = Number(await readFile(rssFile, 'utf8').catch(() => 'NaN'));
    return { code, stdout, stderr, wallMs, peakRssMb: Math.round((maxRssKb * 1024) / 1e6) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `N calls` or `N calls (M attempts)`: the last line `--verbose` prints. */
export function callCount(stderr: string): { calls: number; attempts: number } {
  const match = /^([\d,]+) calls?(?: \(([\d,]+) attempts\))? to /m.exec(stderr);
  if (!match) throw new Error(`no call count in the output: ${stderr.slice(-500)}`);
  const calls = Number(match[1]!.replaceAll(',', ''));
  return { calls, attempts: match[2] === undefined ? calls : Number(match[2].replaceAll(',', '')) };
}

/** Attempts answered 429 (the verbose lines of retried calls). */
export function rateLimited(stderr: string): number {
  return stderr.split('\n').filter((line) => / -> 429 /.test(line)).length;
}

export interface EmulatorProcess {
  url: string;
  stop(): Promise<void>;
}

/** `crm-schema emulator --port 0 ...`, ready when it prints its URL. */
export async function startEmulatorProcess(args: readonly string[]): Promise<EmulatorProcess> {
  const child = spawn(process.execPath, [BIN, 'emulator', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((done) => child.on('close', done));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    void exited.then((code) => {
      reject(new Error(`the emulator exited (${code}) before it was ready: ${out}`));
    });
  });
  child.stdout.resume();
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
