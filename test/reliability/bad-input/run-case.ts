/**
 * Running a bad-input case through `plan`: its project written to a folder, then the CLI's own `main`
 * (the bundled dist/bundle/cli/main.js, exactly what bin/run.js runs) in this process with stdout and stderr
 * captured, or the real binary. The target is a counting server: any request reaching it is a failure.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { runMain, type Outcome } from '../../helpers/in-process.js';
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
    close: () =>
      new Promise((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
}

export type { Outcome };

/** `main(argv)` of the compiled CLI, in this process, with its output captured (test/helpers/in-process.ts). */
export function runInProcess(argv: string[]): Promise<Outcome> {
  return runMain(argv);
}
