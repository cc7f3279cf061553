/** A pass-through HTTP proxy for tests that need to act between a request of the CLI and its answer. */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** `request` (with its `body`) sent on to `target`, and its answer. */
export async function forward(
  target: string,
  request: IncomingMessage,
  body: string,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const answer = await fetch(`${target}${request.url}`, {
    method: request.method,
    headers: { authorization: request.headers.authorization ?? '', 'content-type': 'application/json' },
    ...(body === '' ? {} : { body }),
  });
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, key) => {
    if (key !== 'content-length' && key !== 'transfer-encoding' && key !== 'content-encoding')
      headers[key] = value;
  });
  return { status: answer.status, headers, body: Buffer.from(await answer.arrayBuffer()) };
}

/**
 * A pass-through HTTP proxy to `target` that calls `before` with each request before forwarding it, and
 * `after` once the target has answered it, before passing the answer on (a slow network on the way back:
 * the request was done, its caller does not know yet).
 */
export async function proxyTo(
  target: string,
  before: (method: string, path: string, body: string) => Promise<void>,
  after: () => Promise<void> = () => Promise.resolve(),
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      void (async () => {
        await before(request.method ?? 'GET', request.url ?? '/', body);
        const answer = await forward(target, request, body);
        await after();
        response.writeHead(answer.status, answer.headers).end(answer.body);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
