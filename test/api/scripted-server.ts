/**
 * A tiny real HTTP server whose answers a test scripts request by request: statuses, headers, dropped
 * connections, hangs. For the client's retry and timeout behaviour where the emulator's seeded faults
 * cannot pick which request fails.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Step =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** read the request, then close the socket without answering */
  | { drop: true }
  /** never answer */
  | { hang: true };

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** when it arrived (epoch ms) */
  at: number;
}

export interface ScriptedServer {
  url: string;
  port: number;
  seen: SeenRequest[];
  /** the next answers, in order; when empty: 200 `{}` */
  script(...steps: Step[]): void;
  close(): Promise<void>;
}

export async function startScriptedServer(port = 0): Promise<ScriptedServer> {
  const seen: SeenRequest[] = [];
  const steps: Step[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      seen.push({
        method: request.method!,
        url: request.url!,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const step = steps.shift() ?? { status: 200, body: {} };
      if ('drop' in step) {
        request.socket.destroy();
        return;
      }
      if ('hang' in step) return;
      const text = step.body === undefined ? '' : JSON.stringify(step.body);
      response.writeHead(step.status, {
        ...(text ? { 'content-type': 'application/json' } : {}),
        ...step.headers,
      });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    seen,
    script: (...more) => steps.push(...more),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** A port nothing listens on (yet). */
export async function freePort(): Promise<number> {
  const s = await startScriptedServer();
  await s.close();
  return s.port;
}
