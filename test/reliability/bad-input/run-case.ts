/**
 * Running a bad-input case through `plan`: its project written to a folder, then the CLI's own `main`
 * (the compiled dist/cli/main.js, exactly what bin/run.js calls) in this process with stdout and stderr
 * captured, or the real binary. The target is a counting server: any request reaching it is a failure.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../../bench/cli-process.js';
import { PROJECT, type BadCase } from './case.js';

export async function writeCase(dir: string, c: BadCase): Promise<void> {
  const files = { 'crm-schema.yaml': PROJECT, ...c.files };
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
}

export interface CountingServer {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

/** A real HTTP server that answers 500 to anything and remembers every request. */
export async function countingServer(): Promise<CountingServer> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(500, { 'content-type': 'application/json' }).end('{"status":"error"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

type Main = (argv: string[]) => Promise<number>;
let main: Main | undefined;

/** `main(argv)` of the compiled CLI, in this process, with its output captured. */
export async function runInProcess(argv: string[]): Promise<Outcome> {
  main ??= ((await import(pathToFileURL(join(ROOT, 'dist', 'cli', 'main.js')).href)) as { main: Main }).main;
  let stdout = '';
  let stderr = '';
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  const capture = (append: (text: string) => void) =>
    ((chunk: string | Uint8Array) => {
      append(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    }) as typeof process.stdout.write;
  // oclif's flush() leaves a 'drain' listener behind when the write did not block: harmless in a CLI
  // that runs once, a leak warning in a process that runs it hundreds of times
  const drains = new Set(process.stdout.listeners('drain'));
  process.stdout.write = capture((text) => (stdout += text));
  process.stderr.write = capture((text) => (stderr += text));
  try {
    const code = await main(argv);
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
    for (const listener of process.stdout.listeners('drain')) {
      if (!drains.has(listener)) process.stdout.removeListener('drain', listener as () => void);
    }
    // a command may set it; this process is the test runner, which must not exit with it
    process.exitCode = undefined;
  }
}
