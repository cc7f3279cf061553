/**
 * A raw node:http server that misbehaves on purpose, for the client's and the CLI's defences: it drips
 * an answer a byte at a time, never answers, sends absurd headers, huge or endless bodies, non-JSON or
 * ill-typed JSON, and echoes the token it was sent. A behaviour is chosen per request (it sees the
 * method, the path and the token), so one server can answer some calls well and others badly.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface HostileRequest {
  method: string;
  url: string;
  /** the bearer token the client sent ('' when none) */
  token: string;
  body: string;
  /** the raw connection, for answers no ServerResponse would write */
  socket: Socket;
}

export type Behaviour = (request: HostileRequest, response: ServerResponse) => void;

export interface HostileServer {
  url: string;
  seen: HostileRequest[];
  /** how every request from now on is answered (default: 200 `{}`) */
  behave(behaviour: Behaviour): void;
  /** how each request from now on is answered, chosen by the request (its path, its token) */
  route(choose: (request: HostileRequest) => Behaviour): void;
  close(): Promise<void>;
}

/** A JSON answer, with extra headers. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Behaviour {
  return raw(status, JSON.stringify(body), { 'content-type': 'application/json', ...headers });
}

/** A body exactly as given (not JSON, or JSON text written by hand). */
export function raw(status: number, text: string, headers: Record<string, string> = {}): Behaviour {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'text/html', ...headers });
    response.end(text);
  };
}

/** Headers at once, then the body one byte every `everyMs`, forever (undici's idle timers never fire). */
export function drip(everyMs = 50, status = 200): Behaviour {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.flushHeaders();
    response.write('{');
    const timer = setInterval(() => response.write(' '), everyMs);
    response.on('close', () => {
      clearInterval(timer);
    });
  };
}

/** Headers a byte at a time: the status line never completes. */
export function dripHeaders(everyMs = 50): Behaviour {
  return ({ socket }) => {
    socket.write('HTTP/1.1 200 OK\r\nX-Slow: ');
    const timer = setInterval(() => socket.write('a'), everyMs);
    socket.on('close', () => {
      clearInterval(timer);
    });
  };
}

/** Reads the request and never answers. */
export function silent(): Behaviour {
  return () => undefined;
}

/** A chunked body with no end, written as fast as the client reads it. */
export function endless(chunkBytes = 64 * 1024): Behaviour {
  const chunk = Buffer.alloc(chunkBytes, 0x20);
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('[');
    const pump = () => {
      while (!response.destroyed && response.write(chunk));
    };
    response.on('drain', pump);
    pump();
  };
}

/** Declares a body of `length` bytes, sends a few, then waits. */
export function declared(length: number): Behaviour {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(length) });
    response.write('{"results":[');
  };
}

export async function startHostileServer(): Promise<HostileServer> {
  const seen: HostileRequest[] = [];
  let choose: (request: HostileRequest) => Behaviour = () => json(200, {});
  const sockets = new Set<Socket>();
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const auth = request.headers.authorization ?? '';
      const seenRequest: HostileRequest = {
        method: request.method ?? '',
        url: request.url ?? '',
        token: auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : '',
        body: Buffer.concat(chunks).toString('utf8'),
        socket: request.socket,
      };
      seen.push(seenRequest);
      choose(seenRequest)(seenRequest, response);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    behave(behaviour) {
      choose = () => behaviour;
    },
    route(chooser) {
      choose = chooser;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => {
          resolve();
        });
      }),
  };
}
