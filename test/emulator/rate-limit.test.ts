import { describe, expect, it } from 'vitest';
import { DailyCounter, RollingWindow } from '../../src/emulator/rate-limit.js';
import { startTestEmulator } from '../helpers/emulator.js';

describe('RollingWindow', () => {
  it('admits max requests per window and frees slots as the oldest leave it', () => {
    const window = new RollingWindow(3, 1000);
    for (const t of [0, 100, 200]) {
      expect(window.hasRoom(t)).toBe(true);
      window.record(t);
    }
    expect(window.remaining).toBe(0);
    expect(window.hasRoom(999)).toBe(false);
    expect(window.msUntilRoom(999)).toBe(1);
    expect(window.hasRoom(1000)).toBe(true); // the request at 0 left the window
    expect(window.remaining).toBe(1);
    window.record(1000);
    expect(window.hasRoom(1050)).toBe(false);
    expect(window.msUntilRoom(1050)).toBe(50);
  });

  it('grows past its initial capacity and keeps the order of times', () => {
    const window = new RollingWindow(100, 10_000);
    for (let t = 0; t < 100; t++) {
      expect(window.hasRoom(t)).toBe(true);
      window.record(t);
    }
    expect(window.hasRoom(100)).toBe(false);
    expect(window.msUntilRoom(100)).toBe(9900);
    expect(window.hasRoom(10_005)).toBe(true);
    expect(window.remaining).toBe(6); // times 0..5 left the window
  });
});

describe('DailyCounter', () => {
  it('counts per UTC day and starts again at midnight', () => {
    const counter = new DailyCounter(2);
    const morning = Date.UTC(2024, 0, 10, 8);
    expect(counter.hasRoom(morning)).toBe(true);
    counter.record();
    counter.record();
    expect(counter.hasRoom(morning + 1000)).toBe(false);
    expect(counter.msUntilReset(morning)).toBe(16 * 3600 * 1000);
    expect(counter.hasRoom(Date.UTC(2024, 0, 11, 0, 0, 1))).toBe(true);
    expect(counter.remaining).toBe(2);
  });
});

describe('rate limits over HTTP', () => {
  it('answers 429 TEN_SECONDLY_ROLLING with the headers once a token is over, and recovers', async () => {
    let now = Date.now();
    const emu = await startTestEmulator({
      tokens: ['a', 'b'],
      rateLimit: 3,
      rateLimitWindowMs: 600,
      clock: () => now,
    });
    try {
      const remaining: (string | null)[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await emu.call('GET', '/no/such/route');
        expect(res.status).toBe(404);
        expect(res.headers.get('x-hubspot-ratelimit-interval-milliseconds')).toBe('600');
        expect(res.headers.get('x-hubspot-ratelimit-max')).toBe('3');
        remaining.push(res.headers.get('x-hubspot-ratelimit-remaining'));
      }
      expect(remaining).toEqual(['2', '1', '0']);

      const limited = await emu.call('GET', '/no/such/route');
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        status: 'error',
        message: 'You have reached your ten_secondly_rolling limit.',
        errorType: 'RATE_LIMIT',
        correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        policyName: 'TEN_SECONDLY_ROLLING',
        category: 'RATE_LIMITS',
      });
      expect(limited.headers.get('retry-after')).toBe('1');
      expect(limited.headers.get('x-hubspot-ratelimit-remaining')).toBe('0');
      expect(limited.headers.get('x-hubspot-ratelimit-max')).toBe('3');

      // each token has its own window
      expect((await emu.call('GET', '/no/such/route', undefined, 'b')).status).toBe(404);

      now += 650; // past the window, on the emulator's clock
      const again = await emu.call('GET', '/no/such/route');
      expect(again.status).toBe(404);
      expect(again.headers.get('x-hubspot-ratelimit-remaining')).toBe('2');
    } finally {
      await emu.close();
    }
  });

  it('does not count rejected requests, and gives Retry-After in whole seconds up to the window', async () => {
    const emu = await startTestEmulator({ rateLimit: 1, rateLimitWindowMs: 2500 });
    try {
      expect((await emu.call('GET', '/x')).status).toBe(404);
      for (let i = 0; i < 3; i++) {
        const res = await emu.call('GET', '/x');
        expect(res.status).toBe(429);
        expect(res.headers.get('retry-after')).toBe('3');
      }
    } finally {
      await emu.close();
    }
  });

  it('answers 429 DAILY over the daily limit of the account, with the daily headers', async () => {
    const emu = await startTestEmulator({ tokens: ['a', 'b'], dailyLimit: 2 });
    try {
      const first = await emu.call('GET', '/x', undefined, 'a');
      expect(first.headers.get('x-hubspot-ratelimit-daily')).toBe('2');
      expect(first.headers.get('x-hubspot-ratelimit-daily-remaining')).toBe('1');
      expect(first.headers.get('x-hubspot-ratelimit-max')).toBeNull();
      // the daily limit is shared by all tokens of the account
      expect((await emu.call('GET', '/x', undefined, 'b')).status).toBe(404);
      const limited = await emu.call('GET', '/x', undefined, 'a');
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({
        message: 'You have reached your daily limit.',
        errorType: 'RATE_LIMIT',
        policyName: 'DAILY',
      });
      expect(limited.headers.get('x-hubspot-ratelimit-daily-remaining')).toBe('0');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(86_400);
    } finally {
      await emu.close();
    }
  });

  it('checks the token before the limit: a 401 does not use up a slot', async () => {
    const emu = await startTestEmulator({ rateLimit: 1 });
    try {
      expect((await emu.call('GET', '/x', undefined, 'wrong')).status).toBe(401);
      expect((await emu.call('GET', '/x', undefined, null)).status).toBe(401);
      expect((await emu.call('GET', '/x')).status).toBe(404);
      expect((await emu.call('GET', '/x')).status).toBe(429);
    } finally {
      await emu.close();
    }
  });
});
