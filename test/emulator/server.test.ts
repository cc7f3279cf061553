import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireScopes, scopes } from '../../src/emulator/auth.js';
import type { EmulatorContext } from '../../src/emulator/context.js';
import { startEmulator } from '../../src/emulator/index.js';
import { callRaw, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Test fixture routes: a scoped read, an echo of the parsed body, and a handler with a bug. */
function fixtureRoutes(app: FastifyInstance, _ctx: EmulatorContext): void {
  app.get('/test/scoped', (request) => {
    requireScopes(request, scopes.schemasRead('tickets'), scopes.objectsRead('tickets'));
    return { ok: true };
  });
  app.post('/test/echo', (request) => ({ body: request.body ?? null }));
  app.get('/test/bug', () => {
    throw new TypeError('cannot read properties of undefined (at /secret/path.ts:12)');
  });
}

describe('emulator server', () => {
  let emu: TestEmulator;
  const logged: string[] = [];
  beforeAll(async () => {
    emu = await startTestEmulator({
      tokens: [
        'test-token',
        'props-only:crm.schemas.tickets.read',
        'wild:crm.schemas.*.read,crm.objects.tickets.*',
      ],
      extend: fixtureRoutes,
      bodyLimitBytes: 64 * 1024,
      log: (line) => logged.push(line),
    });
  });
  afterAll(async () => {
    await emu.close();
  });

  it('listens on a free port of 127.0.0.1', () => {
    expect(emu.url).toBe(`http://127.0.0.1:${emu.port}`);
    expect(emu.port).toBeGreaterThan(0);
    expect(emu.tokens).toEqual(['test-token', 'props-only', 'wild']);
    expect(emu.tokenGenerated).toBe(false);
  });

  it('answers 401 with the error body when the token is missing or wrong, on any route', async () => {
    for (const [token, path] of [
      [null, '/crm/v3/properties/tickets'],
      ['wrong', '/crm/v3/properties/tickets'],
      [null, '/no/such/route'],
    ] as const) {
      const res = await emu.call('GET', path, undefined, token);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ status: 'error', category: 'INVALID_AUTHENTICATION' });
      expect(res.body.correlationId).toMatch(UUID);
    }
    const basic = await callRaw(`${emu.url}/test/scoped`, 'GET', {
      headers: { authorization: 'Basic dGVzdA==' },
    });
    expect(basic.status).toBe(401);
  });

  it('answers 403 MISSING_SCOPES naming the missing scopes for a scoped token', async () => {
    const res = await emu.call('GET', '/test/scoped', undefined, 'props-only');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ status: 'error', category: 'MISSING_SCOPES' });
    expect(res.body.errors[0].context.missingScopes).toEqual(['crm.objects.tickets.read']);
    expect(res.body.correlationId).toMatch(UUID);
  });

  it('grants every scope to a plain token and matches wildcard scopes', async () => {
    expect((await emu.call('GET', '/test/scoped')).status).toBe(200);
    expect((await emu.call('GET', '/test/scoped', undefined, 'wild')).body).toEqual({ ok: true });
  });

  it('answers 404 with the error body on an unknown route with a good token', async () => {
    const res = await emu.call('GET', '/no/such/route');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      status: 'error',
      category: 'OBJECT_NOT_FOUND',
      message: 'Unable to find route: GET /no/such/route',
    });
  });

  it('gives every error a fresh correlationId', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await emu.call('GET', '/no/such/route')).body.correlationId);
    expect(ids.size).toBe(5);
  });

  it('answers 400 VALIDATION_ERROR on malformed JSON, naming the problem', async () => {
    const res = await emu.call('POST', '/test/echo', '{"a": 1,');
    expect(res.status).toBe(400);
    expect(res.body.category).toBe('VALIDATION_ERROR');
    expect(res.body.message).toMatch(/^Invalid input JSON: .*JSON/);
    expect(res.body.correlationId).toMatch(UUID);
  });

  it('refuses a JSON body with a __proto__ key', async () => {
    const res = await emu.call('POST', '/test/echo', '{"__proto__": {"x": 1}}');
    expect(res.status).toBe(400);
    expect(res.body.category).toBe('VALIDATION_ERROR');
  });

  it('parses JSON bodies, and takes an empty JSON body as no body', async () => {
    expect((await emu.call('POST', '/test/echo', { a: [1, 'x'] })).body).toEqual({ body: { a: [1, 'x'] } });
    const empty = await callRaw(`${emu.url}/test/echo`, 'POST', {
      headers: { authorization: 'Bearer test-token', 'content-type': 'application/json; charset=utf-8' },
      body: '',
    });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ body: null });
  });

  it('answers 415 when the body is not JSON', async () => {
    const res = await callRaw(`${emu.url}/test/echo`, 'POST', {
      headers: { authorization: 'Bearer test-token', 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
    expect(res.body.correlationId).toMatch(UUID);
  });

  it('answers 413 on an oversized body', async () => {
    const res = await emu.call('POST', '/test/echo', { big: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      status: 'error',
      category: 'VALIDATION_ERROR',
      message: 'Request body is larger than the limit of 65536 bytes.',
    });
  });

  it('answers 500 INTERNAL_ERROR without any detail on a bug, logs it, and stays up', async () => {
    const res = await emu.call('GET', '/test/bug');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      status: 'error',
      message: 'Internal error.',
      correlationId: expect.stringMatching(UUID),
      category: 'INTERNAL_ERROR',
    });
    expect(res.text).not.toContain('secret');
    expect(logged).toContain(
      'internal error on GET /test/bug: cannot read properties of undefined (at /secret/path.ts:12)',
    );
    expect((await emu.call('GET', '/test/scoped')).status).toBe(200);
  });

  it('sends no rate-limit headers when no limit is set', async () => {
    const res = await emu.call('GET', '/test/scoped');
    expect(res.headers.get('x-hubspot-ratelimit-max')).toBeNull();
  });
});

describe('emulator options', () => {
  it('generates a token when none is given', async () => {
    const emu = await startEmulator({ port: 0 });
    try {
      expect(emu.tokenGenerated).toBe(true);
      expect(emu.tokens).toHaveLength(1);
      expect(emu.tokens[0]).toMatch(/^emu-[0-9a-f]{32}$/);
      const ok = await callRaw(`${emu.url}/no/such/route`, 'GET', {
        headers: { authorization: `Bearer ${emu.tokens[0]}` },
      });
      expect(ok.status).toBe(404);
    } finally {
      await emu.close();
    }
  });

  it('delays every reply by latencyMs', async () => {
    const emu = await startTestEmulator({ latencyMs: 150 });
    try {
      for (const token of ['test-token', null]) {
        const started = performance.now();
        const res = await emu.call('GET', '/no/such/route', undefined, token);
        expect(res.status).toBe(token ? 404 : 401);
        expect(performance.now() - started).toBeGreaterThanOrEqual(145);
      }
    } finally {
      await emu.close();
    }
  });

  it('refuses invalid options with a CrmSchemaError naming the option', async () => {
    await expect(startEmulator({ faultRate: 1.5 })).rejects.toMatchObject({
      code: 'EMULATOR_BAD_OPTION',
      message: 'Invalid emulator option faultRate: 1.5 is not a fraction from 0 to 1.',
    });
    await expect(startEmulator({ rateLimit: 0 })).rejects.toMatchObject({ code: 'EMULATOR_BAD_OPTION' });
    await expect(startEmulator({ faultKinds: ['404' as never] })).rejects.toMatchObject({
      message: 'Invalid emulator option faultKinds: unknown kind 404.',
    });
    await expect(startEmulator({ tokens: [':crm.objects.tickets.read'] })).rejects.toMatchObject({
      message: 'Invalid emulator option tokens: a token is empty or holds whitespace.',
    });
  });

  it('refuses a port in use with a clear error', async () => {
    const first = await startTestEmulator();
    try {
      await expect(startEmulator({ port: first.port })).rejects.toMatchObject({
        code: 'EMULATOR_LISTEN_FAILED',
        message: `Port ${first.port} on 127.0.0.1 is already in use.`,
        hint: 'Stop the program using it, choose another --port, or use --port 0 for a free port.',
      });
    } finally {
      await first.close();
    }
  });

  it('serves a wildcard host through a loopback URL', async () => {
    const emu = await startTestEmulator({ host: '0.0.0.0' });
    try {
      expect(emu.url).toBe(`http://127.0.0.1:${emu.port}`);
      expect((await emu.call('GET', '/no/such/route')).status).toBe(404);
    } finally {
      await emu.close();
    }
  });
});
