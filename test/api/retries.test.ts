/**
 * Retry, timeout and outcome-unknown behaviour against a scripted real HTTP server (the emulator's
 * seeded faults cannot choose which request fails; faults.test.ts runs the client against them). The
 * waits for rate limits and Retry-After run on a virtual clock (test/helpers/virtual-clock.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createClient,
  type ClientOptions,
  type CrmClient,
  type ResponseLogEvent,
} from '../../src/api/index.js';
import { USER_AGENT } from '../../src/api/version.js';
import * as virtualTime from '../helpers/virtual-clock.js';
import { testClock, VirtualClock } from '../helpers/virtual-clock.js';
import { freePort, startScriptedServer, type ScriptedServer } from './scripted-server.js';

const prop = { name: 'p', label: 'P', type: 'string' as const, fieldType: 'text' as const, groupName: 'g' };
const property = { ...prop, description: '', options: [] };

describe('client retries against a scripted server', () => {
  let server: ScriptedServer;
  let client: CrmClient;
  let events: ResponseLogEvent[];
  /** attempts sent: with `events`, what is on the wire */
  let sent = 0;
  const connect = (options: Partial<ClientOptions> = {}) => {
    client = createClient({
      baseUrl: server.url,
      token: 'tok',
      retry: { baseDelayMs: 5, maxDelayMs: 20 },
      // the virtual clock of a test that `use`s one, the real one otherwise
      clock: testClock,
      onRequest: () => {
        sent++;
      },
      onResponse: (e) => events.push(e),
      ...options,
    });
    return client;
  };
  /** a virtual clock that skips ahead only while no attempt is on the wire */
  const virtualClock = () => virtualTime.use(new VirtualClock({ idle: () => sent === events.length }));

  beforeEach(async () => {
    server = await startScriptedServer();
    events = [];
    sent = 0;
  });
  afterEach(async () => {
    virtualTime.done();
    await client?.close();
    await server.close();
  });

  it('sends the bearer token, the crm-schema user agent and JSON; keeps unknown fields', async () => {
    server.script({ status: 201, body: { ...property, futureField: { x: 1 } } });
    const created = await connect().properties.create('tickets', prop);
    expect(created.futureField).toEqual({ x: 1 });
    const [req] = server.seen;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe('/crm/v3/properties/tickets');
    expect(req!.headers.authorization).toBe('Bearer tok');
    expect(req!.headers['user-agent']).toBe(USER_AGENT);
    expect(USER_AGENT).toMatch(/^crm-schema\/\d+\.\d+\.\d+/);
    expect(req!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req!.body)).toEqual(prop);
  });

  it('keeps a base URL path prefix and encodes path segments', async () => {
    client = createClient({ baseUrl: `${server.url}/crm-proxy/`, token: 'tok' });
    server.script({ status: 200, body: property });
    await client.properties.get('tickets', 'a b/c');
    expect(server.seen[0]!.url).toBe('/crm-proxy/crm/v3/properties/tickets/a%20b%2Fc');
  });

  it('passes an unknown error category through', async () => {
    server.script({
      status: 400,
      body: { status: 'error', message: 'new rule', category: 'BRAND_NEW_CATEGORY', correlationId: 'c-1' },
    });
    await expect(connect().properties.get('tickets', 'p')).rejects.toMatchObject({
      code: 'VALIDATION',
      category: 'BRAND_NEW_CATEGORY',
      serverMessage: 'new rule',
      correlationId: 'c-1',
    });
  });

  it('does not repeat a create whose connection dropped after sending: OUTCOME_UNKNOWN with the body', async () => {
    server.script({ drop: true });
    const error = await connect()
      .properties.create('tickets', prop)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toMatchObject({
      code: 'OUTCOME_UNKNOWN',
      method: 'POST',
      path: '/crm/v3/properties/tickets',
      requestBody: prop,
    });
    expect(server.seen).toHaveLength(1);
    expect(events).toEqual([
      expect.objectContaining({ attempt: 1, errorCode: 'OUTCOME_UNKNOWN', willRetry: false }),
    ]);
  });

  it('retries a read or an idempotent write whose connection dropped', async () => {
    server.script({ drop: true }, { status: 200, body: property });
    expect((await connect().properties.get('tickets', 'p')).name).toBe('p');
    server.script({ drop: true }, { status: 200, body: property });
    expect((await client.properties.update('tickets', 'p', { label: 'Q' })).name).toBe('p');
    expect(server.seen.map((r) => r.method)).toEqual(['GET', 'GET', 'PATCH', 'PATCH']);
    expect(events.map((e) => e.willRetry)).toEqual([true, false, true, false]);
    expect(events[0]).toMatchObject({ errorCode: 'NETWORK', attempt: 1 });
    expect(events[1]).toMatchObject({ status: 200, attempt: 2 });
  });

  it('a response timeout makes a create OUTCOME_UNKNOWN and a read retried', async () => {
    connect({ responseTimeoutMs: 150 });
    server.script({ hang: true });
    await expect(client.properties.create('tickets', prop)).rejects.toMatchObject({
      code: 'OUTCOME_UNKNOWN',
      reason: expect.stringContaining('UND_ERR_HEADERS_TIMEOUT'),
    });
    server.script({ hang: true }, { status: 200, body: property });
    expect((await client.properties.get('tickets', 'p')).name).toBe('p');
    expect(server.seen).toHaveLength(3);
  });

  it('500 on a create is OUTCOME_UNKNOWN (it may have been stored); 500 on a read is retried', async () => {
    const boom = {
      status: 500,
      body: { status: 'error', message: 'boom', category: 'INTERNAL_ERROR', correlationId: 'x' },
    };
    server.script(boom);
    await expect(connect().properties.create('tickets', prop)).rejects.toMatchObject({
      code: 'OUTCOME_UNKNOWN',
      status: 500,
    });
    expect(server.seen).toHaveLength(1);
    server.script(boom, { status: 200, body: property });
    await expect(client.properties.get('tickets', 'p')).resolves.toMatchObject({ name: 'p' });
    expect(server.seen).toHaveLength(3);
  });

  it('retries a create after 502, 503, 504, 423, 477 and 429 (answered before anything was written)', async () => {
    server.script(
      { status: 502 },
      { status: 503, headers: { 'retry-after': '0' } },
      { status: 504 },
      { status: 423 },
      { status: 477 },
      {
        status: 429,
        body: { status: 'error', policyName: 'TEN_SECONDLY_ROLLING', message: 'slow' },
        headers: { 'retry-after': '0' },
      },
      { status: 201, body: property },
    );
    await expect(
      connect({ retry: { baseDelayMs: 1, maxDelayMs: 5, maxAttempts: 7 } }).properties.create(
        'tickets',
        prop,
      ),
    ).resolves.toMatchObject({ name: 'p' });
    expect(server.seen).toHaveLength(7);
    expect(events.map((e) => e.status)).toEqual([502, 503, 504, 423, 477, 429, 201]);
  });

  it('retries after a connection refused (nothing was sent), even a create', async () => {
    const port = await freePort();
    let revived: ScriptedServer | undefined;
    client = createClient({
      baseUrl: `http://127.0.0.1:${port}`,
      token: 'tok',
      retry: { baseDelayMs: 200, maxDelayMs: 200 },
      onResponse: (e) => {
        events.push(e);
        if (e.errorCode === 'NETWORK' && !revived) {
          void startScriptedServer(port).then((s) => {
            revived = s;
            s.script({ status: 201, body: property });
          });
        }
      },
    });
    // full jitter can pick a short delay: keep retrying until the server is up
    const created = await client.properties.create('tickets', prop);
    expect(created.name).toBe('p');
    expect(events[0]).toMatchObject({ errorCode: 'NETWORK', willRetry: true });
    expect(revived!.seen).toHaveLength(1);
    await revived!.close();
  });

  it('fails at once on a DAILY 429 with a clear error', async () => {
    server.script({
      status: 429,
      body: {
        status: 'error',
        message: 'You have reached your daily limit.',
        errorType: 'RATE_LIMIT',
        policyName: 'DAILY',
        correlationId: 'd',
      },
    });
    await expect(connect().properties.list('tickets')).rejects.toMatchObject({
      code: 'RATE_LIMIT',
      daily: true,
      policyName: 'DAILY',
      message: expect.stringContaining('daily API limit is used up'),
    });
    expect(server.seen).toHaveLength(1);
  });

  it('waits Retry-After on a ten-secondly 429, and holds the other requests too', async () => {
    server.script({
      status: 429,
      body: {
        status: 'error',
        message: 'You have reached your ten_secondly_rolling limit.',
        policyName: 'TEN_SECONDLY_ROLLING',
      },
      headers: { 'retry-after': '1' },
    });
    connect();
    const clock = virtualClock();
    const started = clock.now();
    const first = client.properties.list('tickets');
    await clock.sleep(100);
    // sent after the 429: must also wait for the window
    const second = client.groups.list('tickets');
    server.script({ status: 200, body: { results: [] } }, { status: 200, body: { results: [] } });
    await Promise.all([first, second]);
    expect(clock.now() - started).toBeGreaterThanOrEqual(1000);
    expect(server.seen).toHaveLength(3);
    // neither the retry nor the other request reached the server before the second was over
    expect(server.seen[1]!.at - server.seen[0]!.at).toBeGreaterThanOrEqual(950);
    expect(server.seen[2]!.at - server.seen[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('waits a whole window on a secondly 429 that gives no Retry-After', async () => {
    server.script({
      status: 429,
      body: { status: 'error', message: 'You have reached your secondly limit.' },
    });
    const clock = virtualClock();
    connect({ rateLimit: { intervalMs: 400 } });
    const started = clock.now();
    await client.properties.list('tickets').catch(() => undefined);
    expect(clock.now() - started).toBeGreaterThanOrEqual(400);
    expect(events.map((e) => e.status)).toEqual([429, 200]);
  });

  it('stops after maxAttempts, and when the next wait would pass maxElapsedMs', async () => {
    server.script({ status: 503 }, { status: 503 }, { status: 503 });
    await expect(
      connect({ retry: { maxAttempts: 3, baseDelayMs: 1 } }).properties.list('tickets'),
    ).rejects.toMatchObject({
      code: 'SERVER',
      status: 503,
    });
    expect(events.map((e) => e.willRetry)).toEqual([true, true, false]);
    await client.close();

    events = [];
    sent = 0;
    server.script({ status: 503, headers: { 'retry-after': '30' } });
    const clock = virtualClock();
    await expect(connect({ retry: { maxElapsedMs: 1000 } }).properties.list('tickets')).rejects.toMatchObject(
      { code: 'SERVER' },
    );
    // it gave up at once: no wait at all
    expect(clock.skippedMs).toBe(0);
    expect(events).toHaveLength(1);
  });

  it('a delete whose first try may have applied is done when the retry finds nothing; a plain 404 is NOT_FOUND', async () => {
    server.script(
      { drop: true },
      { status: 404, body: { status: 'error', category: 'OBJECT_NOT_FOUND', message: 'gone' } },
    );
    await expect(connect().properties.archive('tickets', 'p')).resolves.toBeUndefined();
    expect(server.seen.map((r) => r.method)).toEqual(['DELETE', 'DELETE']);
    server.script({ status: 404, body: { status: 'error', category: 'OBJECT_NOT_FOUND', message: 'gone' } });
    await expect(client.properties.archive('tickets', 'p')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('adapts the bucket to the rate-limit headers', async () => {
    server.script({
      status: 200,
      body: { results: [] },
      headers: {
        'X-HubSpot-RateLimit-Max': '2',
        'X-HubSpot-RateLimit-Interval-Milliseconds': '600',
        'X-HubSpot-RateLimit-Remaining': '0',
      },
    });
    const clock = virtualClock();
    connect({ rateLimit: { requests: 100 } });
    await client.properties.list('tickets');
    expect(client.rateLimit).toEqual({ requests: 2, intervalMs: 600 });
    // the server said the window is full: the next request waits for it
    server.script({ status: 200, body: { results: [] } });
    const started = clock.now();
    await client.properties.list('tickets');
    expect(clock.now() - started).toBeGreaterThanOrEqual(550);
  });

  it('bounds the requests in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    connect({
      maxInFlight: 3,
      onRequest: () => {
        inFlight++;
        peak = Math.max(peak, inFlight);
      },
      onResponse: () => {
        inFlight--;
      },
    });
    for (let i = 0; i < 12; i++) server.script({ status: 200, body: property });
    await Promise.all(Array.from({ length: 12 }, (_, i) => client.properties.get('tickets', `p${i}`)));
    expect(peak).toBe(3);
    expect(server.seen).toHaveLength(12);
  });
});
