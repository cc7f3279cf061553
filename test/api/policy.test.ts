/** Pure logic of the client: retry decisions, error mapping, paths and log redaction. */
import { describe, expect, it } from 'vitest';
import { codeFor, errorFromBatchItem, errorFromResponse } from '../../src/api/error-mapping.js';
import { loggablePath } from '../../src/api/log.js';
import { path, withQuery } from '../../src/wire/paths.js';
import { backoff, decideRetry, retryAfterMs, type AttemptOutcome } from '../../src/api/retry.js';

const policy = { baseDelayMs: 100, maxDelayMs: 1000, windowMs: 10_000, random: () => 0.5 };
const answer = (
  status: number,
  body: unknown = {},
  headers: Record<string, string> = {},
): AttemptOutcome => ({
  kind: 'answer',
  status,
  headers,
  body,
});
const failure = (
  sent: boolean,
  code = sent ? 'UND_ERR_SOCKET' : 'ECONNREFUSED',
  permanent = false,
): AttemptOutcome => ({
  kind: 'failure',
  sent,
  permanent,
  code,
  detail: 'x',
});

describe('retry decisions', () => {
  it('retries transient statuses for every class; 500 only for safe calls', () => {
    for (const status of [423, 477, 502, 503, 504]) {
      expect(decideRetry(answer(status), 'unsafe', 1, policy)).toEqual({ action: 'retry', delayMs: 50 });
      expect(decideRetry(answer(status), 'safe', 1, policy).action).toBe('retry');
    }
    expect(decideRetry(answer(500), 'safe', 2, policy)).toEqual({ action: 'retry', delayMs: 100 });
    expect(decideRetry(answer(500), 'unsafe', 1, policy)).toEqual({
      action: 'unknown',
      reason: '500 answered to a write',
    });
    expect(decideRetry(answer(507), 'unsafe', 1, policy).action).toBe('unknown');
  });

  it('fails at once on other 4xx', () => {
    for (const status of [400, 401, 403, 404, 409, 437])
      expect(decideRetry(answer(status), 'safe', 1, policy)).toEqual({ action: 'fail' });
  });

  it('network failures: retried when nothing was sent or the call is safe; unknown for a sent create', () => {
    expect(decideRetry(failure(false), 'unsafe', 1, policy).action).toBe('retry');
    expect(decideRetry(failure(true), 'safe', 1, policy).action).toBe('retry');
    expect(decideRetry(failure(true), 'unsafe', 1, policy)).toEqual({
      action: 'unknown',
      reason: 'UND_ERR_SOCKET: x',
    });
    expect(decideRetry(failure(false, 'UND_ERR_CLOSED', true), 'safe', 1, policy)).toEqual({
      action: 'fail',
    });
  });

  it('429: daily fails, Retry-After blocks everyone, headers let the bucket wait, else a whole window', () => {
    expect(decideRetry(answer(429, { policyName: 'DAILY' }), 'safe', 1, policy)).toEqual({ action: 'fail' });
    expect(
      decideRetry(
        answer(429, { policyName: 'TEN_SECONDLY_ROLLING' }, { 'retry-after': '2' }),
        'unsafe',
        1,
        policy,
      ),
    ).toEqual({
      action: 'retry',
      delayMs: 2000,
      blockAllMs: 2000,
    });
    expect(decideRetry(answer(429, {}, { 'x-hubspot-ratelimit-remaining': '0' }), 'safe', 1, policy)).toEqual(
      {
        action: 'retry',
        delayMs: 50,
      },
    );
    expect(
      decideRetry(answer(429, { message: 'You have reached your secondly limit.' }), 'safe', 1, policy),
    ).toEqual({
      action: 'retry',
      delayMs: 10_000,
      blockAllMs: 10_000,
    });
  });

  it('backoff is full jitter under an exponential ceiling', () => {
    expect([1, 2, 3, 4, 5].map((a) => backoff(a, { ...policy, random: () => 0.999999 }))).toEqual([
      99, 199, 399, 799, 999,
    ]);
    expect(backoff(3, { ...policy, random: () => 0 })).toBe(0);
  });

  it('reads Retry-After in seconds or as an HTTP date', () => {
    expect(retryAfterMs({ 'retry-after': '3' })).toBe(3000);
    expect(retryAfterMs({ 'retry-after': 'Thu, 01 Jan 1970 00:00:10 GMT' }, 4000)).toBe(6000);
    expect(retryAfterMs({ 'retry-after': 'soon' })).toBeUndefined();
    expect(retryAfterMs({})).toBeUndefined();
  });
});

describe('error mapping', () => {
  const call = { method: 'GET', path: '/x' };
  it('maps by category first, then by status; unknown is SERVER', () => {
    expect(codeFor(400, 'OBJECT_ALREADY_EXISTS')).toBe('CONFLICT');
    expect(codeFor(418, undefined)).toBe('SERVER');
    expect(codeFor(437, 'SOMETHING_NEW')).toBe('VALIDATION');
    expect(codeFor(undefined, 'OBJECT_NOT_FOUND')).toBe('NOT_FOUND');
    expect(codeFor(403, 'FORBIDDEN')).toBe('AUTH');
  });

  it('builds a missing-scopes error from errors[].context.missingScopes', () => {
    const error = errorFromResponse(call, 403, {
      status: 'error',
      message: 'no',
      category: 'MISSING_SCOPES',
      correlationId: 'c',
      errors: [{ message: 'm', context: { missingScopes: ['a', 'b'] } }],
    });
    expect(error).toMatchObject({
      code: 'MISSING_SCOPES',
      scopes: ['a', 'b'],
      status: 403,
      correlationId: 'c',
    });
    expect(error.message).toBe('GET /x: 403 MISSING_SCOPES: no (correlationId c)');
  });

  it('reads a non-JSON answer and a batch item with a string status', () => {
    expect(errorFromResponse(call, 502, undefined)).toMatchObject({
      code: 'SERVER',
      status: 502,
      message: 'GET /x: 502',
    });
    const item = errorFromBatchItem(call, {
      status: 'error',
      category: 'OBJECT_NOT_FOUND',
      message: 'gone',
      context: { ids: ['1'] },
      errors: [],
      links: {},
    });
    expect(item).toMatchObject({ code: 'NOT_FOUND', status: undefined, context: { ids: ['1'] } });
  });
});

describe('paths and log lines', () => {
  it('encodes segments and builds comma lists', () => {
    expect(path`/crm/v3/properties/${'a/b'}/${'c d'}`).toBe('/crm/v3/properties/a%2Fb/c%20d');
    expect(withQuery('/x', { properties: ['a', 'b'], archived: false, after: undefined, none: [] })).toBe(
      '/x?properties=a,b&archived=false',
    );
  });

  it('redacts secret-looking query parameters', () => {
    expect(loggablePath('/x?hapikey=abc&properties=a,b&access_token=t')).toBe(
      '/x?hapikey=***&properties=a,b&access_token=***',
    );
    expect(loggablePath('/x')).toBe('/x');
  });
});
