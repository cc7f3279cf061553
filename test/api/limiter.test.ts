/**
 * The rolling-window bucket (on a frozen virtual clock: its waits skip ahead instead of taking time, and
 * every time it reads is exact), the in-flight bound and the pager.
 */
import { describe, expect, it } from 'vitest';
import { Semaphore } from '../../src/api/concurrency.js';
import { paginate } from '../../src/api/paging.js';
import { RollingWindowLimiter } from '../../src/api/rate-limit.js';
import { VirtualClock } from '../helpers/virtual-clock.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('RollingWindowLimiter', () => {
  it('lets max requests through per window, counted from when each answer came in', async () => {
    const clock = new VirtualClock({ frozen: true });
    const limiter = new RollingWindowLimiter(3, 200, { clock });
    const started = clock.now();
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 7 }, async () => {
        const done = await limiter.take();
        times.push(clock.now() - started);
        await clock.sleep(20); // the "request"
        done();
      }),
    );
    times.sort((a, b) => a - b);
    expect(times.slice(0, 3)).toEqual([0, 0, 0]);
    // the fourth waits for the first answer (20 ms) plus a window
    expect(times[3]).toBeGreaterThanOrEqual(220);
    expect(times[6]).toBeGreaterThanOrEqual(440);
    limiter.close();
  });

  it('an answer still in flight holds its place', async () => {
    const clock = new VirtualClock({ frozen: true });
    const limiter = new RollingWindowLimiter(1, 50, { clock });
    const first = await limiter.take();
    let second = false;
    const pending = limiter.take().then((done) => {
      second = true;
      done();
    });
    await clock.sleep(120);
    expect(second).toBe(false);
    const answered = clock.now();
    first();
    await pending;
    expect(second).toBe(true);
    // and then for a whole window after its answer
    expect(clock.now() - answered).toBeGreaterThanOrEqual(50);
    limiter.close();
  });

  it('adapts to the server headers and books what others used', async () => {
    const clock = new VirtualClock({ frozen: true });
    const limiter = new RollingWindowLimiter(100, 10_000, { clock });
    limiter.observe({ max: 4, intervalMs: 300, remaining: 1 }, clock.now());
    expect([limiter.max, limiter.intervalMs]).toEqual([4, 300]);
    const started = clock.now();
    (await limiter.take())();
    // 3 used by others + 1 ours: the next waits for the window
    (await limiter.take())();
    expect(clock.now() - started).toBeGreaterThanOrEqual(300);
    const fixed = new RollingWindowLimiter(5, 1000, { adaptive: false, clock });
    fixed.observe({ max: 50, intervalMs: 10 }, clock.now());
    expect([fixed.max, fixed.intervalMs]).toEqual([5, 1000]);
    limiter.close();
  });

  it("books nothing for the server's count of our own slow requests", async () => {
    const clock = new VirtualClock({ frozen: true });
    const limiter = new RollingWindowLimiter(2, 200, { clock });
    (await limiter.take())();
    await clock.sleep(150);
    const sentAt = clock.now();
    const slow = await limiter.take();
    await clock.sleep(100);
    // the server counted both (the first had not left its window when the slow one arrived)
    limiter.observe({ max: 2, remaining: 0 }, sentAt);
    slow();
    const started = clock.now();
    (await limiter.take())();
    // no wait at all: nothing was booked for others
    expect(clock.now() - started).toBe(0);
    limiter.close();
  });

  it('a window said to be used up, with no interval given, is waited out over its own window', async () => {
    const clock = new VirtualClock({ frozen: true });
    const limiter = new RollingWindowLimiter(100, 10_000, { clock });
    const started = clock.now();
    const done = await limiter.take();
    // the server counted 100 against its limit of 100 (ours and others'), and said nothing of its window
    limiter.observe({ remaining: 0 }, started);
    done();
    (await limiter.take())();
    expect(limiter.intervalMs).toBe(10_000);
    expect(clock.now() - started).toBeGreaterThanOrEqual(10_000);
    limiter.close();
  });

  it('blockUntil holds every request', async () => {
    const clock = new VirtualClock({ frozen: true });
    const limiter = new RollingWindowLimiter(100, 1000, { clock });
    limiter.blockUntil(clock.now() + 150);
    const started = clock.now();
    (await limiter.take())();
    expect(clock.now() - started).toBeGreaterThanOrEqual(150);
  });

  it('reads the real clock unless given one', async () => {
    const limiter = new RollingWindowLimiter(1, 100);
    (await limiter.take())();
    const started = Date.now();
    (await limiter.take())();
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    limiter.close();
  });
});

describe('Semaphore', () => {
  it('never lets more than the limit run', async () => {
    const slots = new Semaphore(2);
    let running = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        await slots.acquire();
        running++;
        peak = Math.max(peak, running);
        await sleep(5);
        running--;
        slots.release();
      }),
    );
    expect(peak).toBe(2);
    expect(slots.active).toBe(0);
  });
});

describe('paginate', () => {
  it('follows after cursors lazily and stops on a repeated cursor', async () => {
    const asked: (string | undefined)[] = [];
    const pages: Record<string, { results: number[]; paging?: { next: { after: string } } }> = {
      start: { results: [1, 2], paging: { next: { after: 'b' } } },
      b: { results: [3], paging: { next: { after: 'c' } } },
      c: { results: [4], paging: { next: { after: 'b' } } },
    };
    const items: number[] = [];
    for await (const n of paginate((after) => {
      asked.push(after);
      return Promise.resolve(pages[after ?? 'start']!);
    })) {
      items.push(n);
    }
    expect(items).toEqual([1, 2, 3, 4]);
    expect(asked).toEqual([undefined, 'b', 'c']);
  });

  // a hostile (or broken) server that names a new next page forever
  const endless = (results: (page: number) => string[], total?: number) => (after: string | undefined) => {
    const page = after === undefined ? 0 : Number(after);
    return Promise.resolve({
      results: results(page),
      paging: { next: { after: String(page + 1) } },
      ...(total === undefined ? {} : { total }),
    });
  };
  const drain = async (pages: AsyncGenerator<string>) => {
    const items: string[] = [];
    for await (const item of pages) items.push(item);
    return items;
  };

  it('refuses empty pages that keep naming a next page', async () => {
    await expect(
      drain(
        paginate(
          endless(() => []),
          { what: 'the list' },
        ),
      ),
    ).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: expect.stringContaining("the list: the CRM's paging does not end (3 empty pages in a row"),
    });
  });

  it('refuses pages of nothing but items seen before, under new cursors', async () => {
    const pages = paginate(
      endless(() => ['a', 'b']),
      { what: 'the list', keyOf: (x: string) => x },
    );
    await expect(drain(pages)).rejects.toMatchObject({
      message: expect.stringContaining('a page held only items of earlier pages'),
    });
  });

  it('refuses more pages than the first page total allows, new items or not', async () => {
    const pages = paginate(
      endless((page) => [`item-${page}`], 5),
      { what: 'the list', keyOf: (x: string) => x, pageSize: 1 },
    );
    await expect(drain(pages)).rejects.toMatchObject({
      message: expect.stringContaining('past the 7 its total allows'),
    });
  });
});
