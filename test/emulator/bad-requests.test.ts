/**
 * Bad client input, table-driven: every request below must get the platform's error body (status
 * `error`, a message, a fresh uuid correlationId, a category) with the expected status, never a 500,
 * and the emulator must keep serving good requests afterwards.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRaw, startTestEmulator, type RawResponse, type TestEmulator } from '../helpers/emulator.js';
import { CASES as BASE_CASES, isRaw, TOKEN, type BadRequest } from './bad-request-cases.js';
import { V4_RECORD_ASSOCIATION_CASES } from './bad-request-cases-v4.js';

const CASES = [...BASE_CASES, ...V4_RECORD_ASSOCIATION_CASES];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const JSON_HEADERS = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

async function send(url: string, c: BadRequest): Promise<RawResponse> {
  const headers = c.headers ?? (c.body === undefined ? { authorization: `Bearer ${TOKEN}` } : JSON_HEADERS);
  const body = c.body === undefined ? undefined : isRaw(c.body) ? c.body.raw : JSON.stringify(c.body);
  return callRaw(`${url}${c.path}`, c.method, { headers, ...(body !== undefined ? { body } : {}) });
}

/** Sends bytes over a plain socket (for what fetch refuses to send) and returns the raw reply. */
function sendBytes(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('end', () => {
      resolve(reply);
    });
    socket.on('close', () => {
      resolve(reply);
    });
    socket.on('error', reject);
  });
}

function expectErrorBody(body: unknown, status: number): void {
  expect(body).toMatchObject({ status: 'error' });
  const b = body as { message: unknown; correlationId: unknown; category: unknown };
  expect(typeof b.message).toBe('string');
  expect(b.correlationId).toMatch(UUID);
  expect(typeof b.category).toBe('string');
  expect(status).not.toBe(500);
}

describe('bad requests', () => {
  let emu: TestEmulator;
  const logged: string[] = [];
  beforeAll(async () => {
    emu = await startTestEmulator({ tokens: [TOKEN], log: (line) => logged.push(line) });
  });
  afterAll(async () => {
    await emu.close();
  });

  it('covers at least 40 bad requests', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(CASES)('$name: $status with the error body', async (c) => {
    const res = await send(emu.url, c);
    expect(res.status).toBe(c.status);
    expectErrorBody(res.body, res.status);
    if (c.category) expect((res.body as { category: string }).category).toBe(c.category);
    if (c.message) expect((res.body as { message: string }).message).toContain(c.message);
  });

  it('answers a Content-Length that is not a number with 400 and the error body', async () => {
    const reply = await sendBytes(
      emu.url,
      `POST /crm/v3/objects/tickets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\n` +
        'Content-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
    );
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    const body = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as unknown;
    expectErrorBody(body, 400);
  });

  it('answers headers larger than the server takes with 431 and the error body', async () => {
    const res = await callRaw(`${emu.url}/crm/v3/objects/tickets`, 'GET', {
      headers: { authorization: `Bearer ${TOKEN}`, 'x-filler': 'f'.repeat(20_000) },
    });
    expect(res.status).toBe(431);
    expectErrorBody(res.body, 431);
  });

  it('logged no internal failure and still serves good requests', async () => {
    expect(logged).toEqual([]);
    const created = await emu.call('POST', '/crm/v3/objects/tickets', {
      properties: { subject: 'still up' },
    });
    expect(created.status).toBe(201);
    const read = await emu.call('GET', `/crm/v3/objects/tickets/${created.body.id}?properties=subject`);
    expect(read.status).toBe(200);
    expect(read.body.properties).toEqual({ subject: 'still up' });
  });
});
