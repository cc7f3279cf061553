/**
 * The toy API of widgets, served in front of the emulator: `/toy/v1/widgets` answered here (a list, a
 * create, a PATCH, a DELETE that archives), every other request passed on to the emulator. It checks the
 * bearer token as the emulator does, and counts its calls.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forward } from '../../helpers/proxy.js';
import { WIDGETS_PATH, type Widget } from './model.js';

export interface ToyAccount {
  url: string;
  /** the live widgets, by name */
  widgets: Map<string, Widget>;
  /** `METHOD path` of every call to the toy API */
  calls: string[];
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body?: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

export async function startToyAccount(emulatorUrl: string, token: string): Promise<ToyAccount> {
  const widgets = new Map<string, Widget>();
  const calls: string[] = [];

  const toy = (request: IncomingMessage, response: ServerResponse, body: string) => {
    const method = request.method ?? 'GET';
    const path = (request.url ?? '/').split('?')[0]!;
    calls.push(`${method} ${path}`);
    if (request.headers.authorization !== `Bearer ${token}`) {
      send(response, 401, { message: 'no' });
      return;
    }
    const name = decodeURIComponent(path.slice(WIDGETS_PATH.length + 1));
    if (path === WIDGETS_PATH && method === 'GET') {
      send(response, 200, { results: [...widgets.values()] });
      return;
    }
    if (path === WIDGETS_PATH && method === 'POST') {
      const widget = JSON.parse(body) as Widget;
      if (widgets.has(widget.name)) {
        send(response, 409, { message: 'exists' });
        return;
      }
      widgets.set(widget.name, widget);
      send(response, 201, widget);
      return;
    }
    const current = widgets.get(name);
    if (current === undefined) {
      send(response, 404, { message: 'not found' });
      return;
    }
    if (method === 'PATCH') {
      const next = { ...current, ...(JSON.parse(body) as Partial<Widget>), name };
      widgets.set(name, next);
      send(response, 200, next);
      return;
    }
    if (method === 'DELETE') {
      widgets.delete(name);
      send(response, 204);
      return;
    }
    send(response, 405, { message: 'method' });
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if ((request.url ?? '').startsWith(WIDGETS_PATH)) {
        toy(request, response, body);
        return;
      }
      void (async () => {
        const answer = await forward(emulatorUrl, request, body);
        response.writeHead(answer.status, answer.headers).end(answer.body);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    widgets,
    calls,
    close: () =>
      new Promise((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
}
