/**
 * Test helpers: an emulator on a free port, and a tiny raw HTTP caller (undici's fetch) for tests of
 * the emulator's own wire behaviour. Tests of the tool use the real API client instead.
 */
import { fetch, type Headers } from 'undici';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';

export interface RawResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface TestEmulator extends RunningEmulator {
  token: string;
  call<T = any>(method: string, path: string, body?: unknown, token?: string | null): Promise<RawResponse<T>>;
}

export async function startTestEmulator(options: EmulatorOptions = {}): Promise<TestEmulator> {
  const tokens = options.tokens?.length ? options.tokens : ['test-token'];
  const emulator = await startEmulator({ port: 0, ...options, tokens });
  const token = emulator.tokens[0]!;
  return {
    ...emulator,
    token,
    async call(method, path, body, callToken = token) {
      const headers: Record<string, string> = {};
      if (callToken !== null) headers.authorization = `Bearer ${callToken}`;
      let payload: string | undefined;
      if (body !== undefined) {
        headers['content-type'] = 'application/json';
        payload = typeof body === 'string' ? body : JSON.stringify(body);
      }
      const response = await fetch(`${emulator.url}${path}`, { method, headers, body: payload });
      const text = await response.text();
      let parsed: unknown = undefined;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: response.status, headers: response.headers, body: parsed as never, text };
    },
  };
}

export interface RawRequest {
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** A request exactly as given (no added content type): for tests of body parsing and headers. */
export async function callRaw(url: string, method: string, init: RawRequest = {}): Promise<RawResponse> {
  const response = await fetch(url, { method, headers: init.headers ?? {}, body: init.body ?? null });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed as never, text };
}
