/**
 * The client against a server that misbehaves on purpose (test/helpers/hostile-server.ts): it must never
 * crash, hang, leak the token or throw anything but a typed error naming the call. Timeouts are short
 * (300 ms) and time bounds generous: these tests assert "fails with code X, within a few seconds".
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runBatches } from '../../src/api/batching.js';
import {
  createClient,
  isApiError,
  type ClientOptions,
  type CrmApiError,
  type CrmClient,
} from '../../src/api/index.js';
import { RollingWindowLimiter } from '../../src/api/rate-limit.js';
import { isCrmSchemaError } from '../../src/core/errors.js';
import {
  declared,
  drip,
  dripHeaders,
  endless,
  json,
  raw,
  silent,
  startHostileServer,
  type HostileServer,
} from '../helpers/hostile-server.js';

const TOKEN = 'pat-na1-0f3c9a7e-hostile-test-token-5b21';
const TIMEOUT_MS = 300;
/** generous: a failing call must end well within this */
const PROMPTLY_MS = 5_000;

const property = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  label: `Label ${name}`,
  type: 'string',
  fieldType: 'text',
  groupName: 'ticketinformation',
  description: '',
  options: [],
  ...extra,
});
const prop = { name: 'p', label: 'P', type: 'string' as const, fieldType: 'text' as const, groupName: 'g' };

async function failure(promise: Promise<unknown>): Promise<CrmApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  // a typed error the CLI prints as a user error (recognised by its code), never a TypeError
  expect(isApiError(error), String(error)).toBe(true);
  expect(isCrmSchemaError(error)).toBe(true);
  return error as CrmApiError;
}

async function timed<T>(promise: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await promise;
  return { value, ms: Date.now() - started };
}

/** Every place the token could show up in an error. */
function allOf(error: CrmApiError): string {
  return [error.message, error.hint, JSON.stringify(error.meta), String(error.cause)].join('\n');
}

describe('the client against a hostile server', () => {
  let server: HostileServer;
  let client: CrmClient;
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  const connect = (options: Partial<ClientOptions> = {}) => {
    client = createClient({
      baseUrl: server.url,
      token: TOKEN,
      timeoutMs: TIMEOUT_MS,
      retry: { baseDelayMs: 5, maxDelayMs: 20 },
      ...options,
    });
    return client;
  };

  beforeAll(() => {
    process.on('warning', onWarning);
  });
  afterAll(() => {
    process.off('warning', onWarning);
    // no TimeoutOverflowWarning (a timer asked for more than 2^31-1 ms), nor any other
    expect(warnings).toEqual([]);
  });
  beforeEach(async () => {
    server = await startHostileServer();
  });
  afterEach(async () => {
    await client?.close();
    await server.close();
  });

  describe('one deadline per call: connect, headers and body', () => {
    it('a body dripped a byte at a time fails a read with the call, the time, after one retry', async () => {
      server.behave(drip(20));
      const { value: error, ms } = await timed(failure(connect().properties.list('tickets')));
      expect(error).toMatchObject({
        code: 'NETWORK',
        networkCode: 'CALL_TIMEOUT',
        method: 'GET',
        path: '/crm/v3/properties/tickets',
        status: 200,
      });
      expect(error.message).toBe(
        'GET /crm/v3/properties/tickets: timed out: no complete answer within 0.3 s (tried 2 times)',
      );
      expect(error.hint).toContain('--timeout SECONDS or CRM_TIMEOUT');
      expect(server.seen).toHaveLength(2);
      expect(ms).toBeGreaterThanOrEqual(2 * TIMEOUT_MS - 50);
      expect(ms).toBeLessThan(PROMPTLY_MS);
    });

    it('headers that never complete, or no answer at all, time out the same way', async () => {
      for (const behaviour of [dripHeaders(20), silent()]) {
        server.behave(behaviour);
        const { value: error, ms } = await timed(failure(connect().groups.list('tickets')));
        expect(error).toMatchObject({ code: 'NETWORK', networkCode: 'CALL_TIMEOUT' });
        expect(error.message).toContain('GET /crm/v3/properties/tickets/groups: timed out');
        expect(ms).toBeLessThan(PROMPTLY_MS);
        await client.close();
      }
    });

    it('a create that timed out is OUTCOME_UNKNOWN and never sent again', async () => {
      for (const behaviour of [drip(20), silent()]) {
        const before = server.seen.length;
        server.behave(behaviour);
        const error = await failure(connect().properties.create('tickets', prop));
        expect(error).toMatchObject({
          code: 'OUTCOME_UNKNOWN',
          method: 'POST',
          path: '/crm/v3/properties/tickets',
          requestBody: prop,
          reason: expect.stringContaining('CALL_TIMEOUT: no complete answer within 0.3 s'),
        });
        expect(server.seen.length - before).toBe(1);
        await client.close();
      }
    });

    it('an answer in time is unaffected, and a bad timeout option is a clear error', async () => {
      server.behave(json(200, { results: [property('a')] }));
      await expect(connect().properties.list('tickets')).resolves.toHaveLength(1);
      for (const timeoutMs of [0, -1, Number.NaN, 2 ** 31]) {
        expect(() => createClient({ baseUrl: server.url, token: TOKEN, timeoutMs })).toThrow(
          'The client option timeoutMs must be a number of ms above 0',
        );
      }
    });
  });

  describe('rate-limit headers are bounded before use', () => {
    const absurd: Record<string, string>[] = [
      { 'X-HubSpot-RateLimit-Max': '1e9', 'X-HubSpot-RateLimit-Remaining': '0' },
      { 'X-HubSpot-RateLimit-Max': '1000000000', 'X-HubSpot-RateLimit-Remaining': '0' },
      { 'X-HubSpot-RateLimit-Max': '999999999', 'X-HubSpot-RateLimit-Remaining': '0' },
      {
        'X-HubSpot-RateLimit-Max': '10',
        'X-HubSpot-RateLimit-Remaining': '0',
        'X-HubSpot-RateLimit-Interval-Milliseconds': '99999999999999',
      },
      { 'X-HubSpot-RateLimit-Interval-Milliseconds': '1e15', 'X-HubSpot-RateLimit-Remaining': '0' },
      { 'X-HubSpot-RateLimit-Max': '-5', 'X-HubSpot-RateLimit-Remaining': '-5' },
      { 'X-HubSpot-RateLimit-Max': 'lots', 'X-HubSpot-RateLimit-Remaining': '' },
    ];

    for (const headers of absurd) {
      it(`ignores ${JSON.stringify(headers)}: the process survives and 20 calls finish promptly`, async () => {
        server.behave(json(200, { results: [] }, headers));
        connect();
        const { ms } = await timed(
          Promise.all(Array.from({ length: 20 }, () => client.groups.list('tickets'))),
        );
        expect(ms).toBeLessThan(PROMPTLY_MS);
        // the client kept its own numbers
        expect(client.rateLimit).toEqual({ requests: 100, intervalMs: 10_000 });
        expect(server.seen).toHaveLength(20);
      });
    }

    it('still follows sane headers', async () => {
      server.behave(
        json(
          200,
          { results: [] },
          {
            'X-HubSpot-RateLimit-Max': '150',
            'X-HubSpot-RateLimit-Remaining': '149',
            'X-HubSpot-RateLimit-Interval-Milliseconds': '10000',
          },
        ),
      );
      await connect().groups.list('tickets');
      expect(client.rateLimit).toEqual({ requests: 150, intervalMs: 10_000 });
    });

    it('a Retry-After longer than the retry budget fails at once with a clear RATE_LIMIT', async () => {
      const body = { status: 'error', message: 'slow down', policyName: 'TEN_SECONDLY_ROLLING' };
      for (const retryAfter of ['1000000000000', 'Fri, 31 Dec 9999 23:59:59 GMT', '1e300']) {
        const before = server.seen.length;
        server.behave(json(429, body, { 'Retry-After': retryAfter }));
        const { value: error, ms } = await timed(failure(connect().groups.list('tickets')));
        expect(error).toMatchObject({ code: 'RATE_LIMIT', status: 429 });
        expect(error.hint).toMatch(
          /^The server asked to wait (more than a day|[\d.]+ s) before trying again/,
        );
        expect(ms).toBeLessThan(PROMPTLY_MS);
        expect(server.seen.length - before).toBe(1);
        await client.close();
      }
    });

    it('a 429 with absurd rate-limit headers and no Retry-After waits a window, not forever', async () => {
      server.route((request) =>
        server.seen.length === 1
          ? json(
              429,
              { status: 'error', message: 'secondly' },
              {
                'X-HubSpot-RateLimit-Max': '1e9',
                'X-HubSpot-RateLimit-Remaining': '0',
                'X-HubSpot-RateLimit-Interval-Milliseconds': '1e15',
              },
            )
          : json(200, { results: [], seenAt: request.url }),
      );
      const { ms } = await timed(connect({ rateLimit: { intervalMs: 200 } }).groups.list('tickets'));
      expect(ms).toBeLessThan(PROMPTLY_MS);
      expect(server.seen).toHaveLength(2);
    });

    it('the bucket books what others used as one entry, and never sets a timer past 2^31-1 ms', async () => {
      const limiter = new RollingWindowLimiter(100, 10_000);
      // absurd: ignored together
      limiter.observe({ max: 1e9, remaining: 0, intervalMs: 1e15 }, Date.now());
      expect([limiter.max, limiter.intervalMs]).toEqual([100, 10_000]);
      (await limiter.take())();
      // the highest sane claim: a full window of 10,000, booked at once
      const wide = new RollingWindowLimiter(10_000, 150);
      const started = Date.now();
      wide.observe({ max: 10_000, remaining: 0 }, Date.now());
      const booked = Date.now() - started;
      expect(booked).toBeLessThan(100);
      const { ms: waited } = await timed(
        wide.take().then((done) => {
          done();
        }),
      );
      expect(waited).toBeGreaterThanOrEqual(140);
      expect(waited).toBeLessThan(PROMPTLY_MS);
      // a block beyond any timer: waits without a flood of 1 ms timers, and close() releases the waiter
      limiter.blockUntil(Date.now() + 2 ** 45);
      const pending = limiter.take();
      await new Promise((r) => setTimeout(r, 50));
      limiter.close();
      await pending;
      wide.close();
    });
  });

  describe('answers are size-capped and shape-checked', () => {
    it('a declared body over the cap fails before it is read', async () => {
      server.behave(declared(1e12));
      const { value: error, ms } = await timed(failure(connect().properties.list('tickets')));
      expect(error).toMatchObject({ code: 'BAD_RESPONSE', status: 200, method: 'GET' });
      expect(error.message).toBe(
        "GET /crm/v3/properties/tickets: the server's 200 answer cannot be used: it is larger than 64 MiB",
      );
      expect(ms).toBeLessThan(PROMPTLY_MS);
      expect(server.seen).toHaveLength(1);
    });

    it('an endless body stops at the cap (a small one here, and the default 64 MiB)', async () => {
      server.behave(endless());
      const small = await failure(connect({ maxResponseBytes: 1024 * 1024 }).properties.list('tickets'));
      expect(small.message).toContain('it is larger than 1 MiB');
      await client.close();
      const { value: large, ms } = await timed(
        failure(connect({ timeoutMs: 30_000 }).properties.list('tickets')),
      );
      expect(large).toMatchObject({ code: 'BAD_RESPONSE' });
      expect(large.message).toContain('it is larger than 64 MiB');
      expect(ms).toBeLessThan(20_000);
    });

    it('a 200 that is not JSON is BAD_RESPONSE, not retried; for a create OUTCOME_UNKNOWN', async () => {
      server.behave(raw(200, '<html><body>\u001b[2JWelcome to the captive portal</body></html>'));
      const error = await failure(connect().properties.list('tickets'));
      expect(error.code).toBe('BAD_RESPONSE');
      expect(error.message).toBe(
        'GET /crm/v3/properties/tickets: the server\'s 200 answer cannot be used: it is not JSON (it begins: "<html><body>␛[2JWelcome to the captive portal</body></html>")',
      );
      expect(server.seen).toHaveLength(1);
      const create = await failure(client.properties.create('tickets', prop));
      expect(create).toMatchObject({
        code: 'OUTCOME_UNKNOWN',
        reason: expect.stringContaining('BAD_RESPONSE: the 200 answer cannot be used: it is not JSON'),
      });
      expect(server.seen).toHaveLength(2);
    });

    const illTyped: [string, unknown, (c: CrmClient) => Promise<unknown>, string][] = [
      [
        'a list whose results is a number',
        { results: 5 },
        (c) => c.properties.list('tickets'),
        'results is not a list (a number)',
      ],
      [
        'a property without a string name',
        { results: [property('a'), { ...property('b'), name: 42 }] },
        (c) => c.properties.list('tickets'),
        'results[1].name is not a string (a number)',
      ],
      [
        'a property whose options are not a list',
        property('a', { options: 'low,high' }),
        (c) => c.properties.get('tickets', 'a'),
        'options is not a list (a string)',
      ],
      [
        'a label list item without a numeric typeId',
        { results: [{ category: 'USER_DEFINED', typeId: '7', label: 'x' }] },
        (c) => c.associations.listLabels('tickets', 'orders'),
        'results[0].typeId is not a whole number (a string)',
      ],
      [
        'a configuration without label',
        { results: [{ category: 'HUBSPOT_DEFINED', typeId: 1 }] },
        (c) => c.limits.get('tickets', 'orders'),
        'results[0].label is not a string (missing)',
      ],
      [
        'a group list of strings',
        { results: ['a'] },
        (c) => c.groups.list('tickets'),
        'results[0] is not an object (a string)',
      ],
      [
        'a search without total',
        { results: [] },
        (c) => c.search.records('tickets', {}),
        'total is not a number (missing)',
      ],
      [
        'an event definition without labels',
        { name: 'e', properties: [] },
        (c) => c.events.get('e'),
        'labels is not an object (missing)',
      ],
      [
        'an array where an object belongs',
        [1, 2],
        (c) => c.properties.get('tickets', 'a'),
        'the answer is not an object (a list)',
      ],
      [
        'nothing where an answer belongs',
        undefined,
        (c) => c.properties.get('tickets', 'a'),
        'the answer is not an object (missing)',
      ],
      [
        'paging with a non-string cursor',
        { results: [], paging: { next: { after: { $gt: 1 } } } },
        (c) => c.records.list('tickets'),
        'paging.next.after is not a string (an object)',
      ],
      [
        'an answer nested absurdly deep',
        `{"results":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
        (c) => c.groups.list('tickets'),
        'it is nested more than 100 levels deep',
      ],
      [
        'account details without an id',
        { accountType: 'STANDARD', uiDomain: 'app.example.com' },
        (c) => c.account.details(),
        'portalId is not a whole number above 0 (missing)',
      ],
      [
        'account details whose id is text',
        { portalId: '1000001' },
        (c) => c.account.details(),
        'portalId is not a whole number above 0 (a string)',
      ],
      [
        'account details whose id is 0',
        { portalId: 0 },
        (c) => c.account.details(),
        'portalId is not a whole number above 0 (a number)',
      ],
      [
        'account details whose name is not text',
        { portalId: 7, portalName: { first: 'Acme' } },
        (c) => c.account.details(),
        'portalName is not a string (an object)',
      ],
      [
        'results of the wrong shape, through the plain request',
        { results: 5 },
        (c) => c.request({ method: 'GET', path: '/anything', retry: 'safe' }),
        'results is not a list (a number)',
      ],
    ];

    for (const [what, body, call, problem] of illTyped) {
      it(`${what}: BAD_RESPONSE naming the call`, async () => {
        const answer = typeof body === 'string' ? raw(200, body) : json(200, body);
        server.behave(body === undefined ? raw(204, '') : answer);
        const status = body === undefined ? 204 : 200;
        const error = await failure(call(connect()));
        expect(error).toMatchObject({ code: 'BAD_RESPONSE', status, problem });
        expect(error.message).toMatch(
          new RegExp(`^(GET|POST) /\\S+: the server's ${status} answer cannot be used: `),
        );
        expect(error.message.endsWith(problem)).toBe(true);
        expect(server.seen).toHaveLength(1);
      });
    }

    it('a batch answer without results fails every input of its chunk with BAD_RESPONSE', async () => {
      server.behave(json(200, { status: 'COMPLETE' }));
      const names = Array.from({ length: 150 }, (_, i) => `p${i}`);
      const result = await connect().properties.batchRead('tickets', names);
      expect(result.results).toEqual([]);
      expect(result.errors).toHaveLength(150);
      expect(result.errors[0]!.error).toMatchObject({
        code: 'BAD_RESPONSE',
        message:
          "POST /crm/v3/properties/tickets/batch/read: the server's 200 answer cannot be used: results is not a list (missing)",
      });
      server.behave(json(200, { results: [], errors: [null] }));
      const nullItem = await client.properties.batchRead('tickets', ['a']);
      expect(nullItem.errors[0]!.error.message).toContain('errors[0] is not an object (null)');
    });

    it("a batch create's unusable answer is OUTCOME_UNKNOWN for each input; a caller's own send is checked too", async () => {
      server.behave(json(200, { results: 'done' }));
      const created = await connect().properties.batchCreate('tickets', [prop]);
      expect(created.errors[0]!.error).toMatchObject({ code: 'OUTCOME_UNKNOWN' });
      const own = await runBatches<string, unknown>({
        inputs: ['a', 'b'],
        call: { method: 'POST', path: '/x/batch/archive' },
        keysOf: (input) => [input],
        send: () => Promise.resolve({ status: 'COMPLETE' } as never),
      });
      expect(own.errors.map((e) => e.error.code)).toEqual(['BAD_RESPONSE', 'BAD_RESPONSE']);
    });

    it('a huge list of results is merged without overflowing the stack', async () => {
      const results = Array.from({ length: 300_000 }, () => ({}));
      const merged = await runBatches<string, unknown>({
        inputs: ['a'],
        call: { method: 'POST', path: '/x/batch/read' },
        keysOf: (input) => [input],
        send: () => Promise.resolve({ status: 'COMPLETE', results, startedAt: '', completedAt: '' }),
      });
      expect(merged.results).toHaveLength(300_000);
    });

    it('an error answer of the wrong shape still gives its typed error, its text made printable and short', async () => {
      server.behave(
        json(403, {
          status: 'error',
          message: `no\u001b[31m red\u202e ${'x'.repeat(5000)}`,
          category: { not: 'a string' },
          errors: [null, 5, { context: null }],
          context: 'nope',
        }),
      );
      const error = await failure(connect().properties.list('tickets'));
      expect(error).toMatchObject({
        code: 'AUTH',
        status: 403,
        category: undefined,
        errors: [{ context: null }],
      });
      expect(error.serverMessage).toMatch(/^no␛\[31m red⟨U\+202E⟩ x+…$/);
      expect(error.serverMessage!.length).toBeLessThan(1100);
    });
  });

  describe('the token is redacted from every answer, whatever the status', () => {
    it('a 200 echoing the token in values, keys and nested strings gives it back nowhere', async () => {
      const echoed = property('p', {
        label: `Hello ${TOKEN}`,
        description: `Bearer ${TOKEN}`,
        options: [{ label: TOKEN, value: 'v' }],
        [`key-${TOKEN}`]: { deep: [[`${TOKEN}!`]] },
      });
      server.behave(json(200, echoed));
      const got = await connect().properties.get('tickets', 'p');
      const text = JSON.stringify(got);
      expect(text).not.toContain(TOKEN);
      expect(got).toMatchObject({
        label: 'Hello ***',
        description: 'Bearer ***',
        options: [{ label: '***' }],
      });
      expect(got['key-***']).toEqual({ deep: [['***!']] });
    });

    it('a token too short to mask (an emulator token such as "t") leaves answers as they are', async () => {
      // masked, every "t" of the answer would go: `results` itself would read `resul***s`
      server.behave(json(200, { results: [property('title')] }));
      const listed = await connect({ token: 't' }).properties.list('tickets');
      expect(listed).toEqual([expect.objectContaining({ name: 'title', label: 'Label title' })]);
    });

    it('also when the token is written with JSON escapes', async () => {
      const escaped = Array.from(
        { length: TOKEN.length },
        (_, i) => `\\u${TOKEN.charCodeAt(i).toString(16).padStart(4, '0')}`,
      ).join('');
      server.behave(raw(200, `{"results":[],"note":"${escaped}"}`, { 'content-type': 'application/json' }));
      const got = await connect().request<{ note: string }>({ method: 'GET', path: '/x', retry: 'safe' });
      expect(got.note).toBe('***');
    });

    it('from error messages: a non-JSON 200, a 400, a 207 item, a create gone unknown', async () => {
      server.behave(raw(200, `token was ${TOKEN}; have a nice day`));
      const notJson = await failure(connect().properties.list('tickets'));
      expect(notJson.message).toContain('token was ***; have a nice day');

      server.behave(
        json(400, { status: 'error', category: 'VALIDATION_ERROR', message: `bad token ${TOKEN}` }),
      );
      const invalid = await failure(client.properties.list('tickets'));
      expect(invalid.serverMessage).toBe('bad token ***');

      server.behave(
        json(207, {
          status: 'COMPLETE',
          results: [],
          errors: [
            {
              status: 'error',
              category: 'OBJECT_NOT_FOUND',
              message: `${TOKEN} not found`,
              context: { names: ['a'] },
            },
          ],
        }),
      );
      const batch = await client.properties.batchRead('tickets', ['a']);
      expect(batch.errors[0]!.error.message).toContain('*** not found');

      server.behave(raw(201, `<p>${TOKEN}</p>`));
      const unknown = await failure(client.properties.create('tickets', prop));
      expect(unknown.code).toBe('OUTCOME_UNKNOWN');

      for (const error of [notJson, invalid, batch.errors[0]!.error, unknown])
        expect(allOf(error)).not.toContain(TOKEN);
    });
  });
});
