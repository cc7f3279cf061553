import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EmulatorContext } from '../../src/emulator/context.js';
import { startEmulator } from '../../src/emulator/index.js';
import { FaultPlan, totalFaultRate } from '../../src/emulator/faults.js';
import { FAULT_KINDS, type EmulatorOptions, type FaultKind } from '../../src/emulator/options.js';
import { readStateFile } from '../../src/emulator/persistence.js';
import { runCli } from '../helpers/cli.js';
import { callRaw, startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

/** A counter in the state (as a record count would be), changed by POST /test/bump. */
function counterRoute(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post('/test/bump', () => {
    ctx.state.counters.eventDefinition += 1;
    ctx.markDirty();
    return { value: ctx.state.counters.eventDefinition };
  });
}

/** The status of a POST, or 'dropped' when the connection closed without a reply. */
async function outcome(emu: TestEmulator): Promise<number | 'dropped'> {
  try {
    return (await emu.call('POST', '/test/bump')).status;
  } catch {
    return 'dropped';
  }
}

async function outcomes(options: EmulatorOptions, count: number): Promise<(number | 'dropped')[]> {
  const emu = await startTestEmulator({ extend: counterRoute, ...options });
  try {
    const seen: (number | 'dropped')[] = [];
    for (let i = 0; i < count; i++) seen.push(await outcome(emu));
    return seen;
  } finally {
    await emu.close();
  }
}

describe('FaultPlan', () => {
  it('draws the same faults for the same seed, and about the given fraction of requests', () => {
    const draw = (seed: number) => {
      const plan = new FaultPlan({ rate: 0.2, seed, kinds: FAULT_KINDS });
      return Array.from({ length: 2000 }, () => plan.next());
    };
    const first = draw(42);
    expect(draw(42)).toEqual(first);
    expect(draw(43)).not.toEqual(first);
    const faults = first.filter((kind) => kind !== undefined);
    expect(faults.length).toBeGreaterThan(330);
    expect(faults.length).toBeLessThan(470);
    for (const kind of FAULT_KINDS) {
      expect(faults.filter((k) => k === kind).length).toBeGreaterThan(40);
    }
  });

  it('draws only the enabled kinds, never at rate 0, always at rate 1', () => {
    const only = new FaultPlan({ rate: 1, seed: 7, kinds: ['503'] });
    expect(Array.from({ length: 50 }, () => only.next())).toEqual(Array(50).fill('503'));
    const never = new FaultPlan({ rate: 0, seed: 7, kinds: FAULT_KINDS });
    expect(Array.from({ length: 50 }, () => never.next()).every((k) => k === undefined)).toBe(true);
  });
});

/** The issue's mix: 10% 429s, 5% 5xx and 2% dropped connections. */
const ISSUE_WEIGHTS = { '429': 0.1, '500': 0.025, '503': 0.025, 'drop-before': 0.01, 'drop-after': 0.01 };

describe('fault weights', () => {
  it('gives each kind its own probability, with one draw per request', () => {
    const plan = new FaultPlan({ rate: 0, seed: 5, kinds: FAULT_KINDS, weights: ISSUE_WEIGHTS });
    const n = 40_000;
    const counts = new Map<FaultKind | undefined, number>();
    for (let i = 0; i < n; i++) {
      const kind = plan.next();
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
    // within 15% of the expected count (the expected counts are 400 to 4,000)
    for (const [kind, p] of Object.entries(ISSUE_WEIGHTS)) {
      const seen = counts.get(kind as FaultKind) ?? 0;
      expect([kind, Math.abs(seen - p * n) / (p * n) < 0.15]).toEqual([kind, true]);
    }
    expect(Math.abs((counts.get(undefined) ?? 0) - 0.83 * n)).toBeLessThan(0.01 * n);
    expect(totalFaultRate({ rate: 0, seed: 5, kinds: FAULT_KINDS, weights: ISSUE_WEIGHTS })).toBeCloseTo(
      0.17,
      10,
    );
    expect(plan.kinds()).toEqual(['429', '500', '503', 'drop-before', 'drop-after']);
  });

  it('ignores kinds weighted 0, and draws nothing when every weight is 0', () => {
    const only = new FaultPlan({ rate: 0.5, seed: 9, kinds: FAULT_KINDS, weights: { '503': 1, '500': 0 } });
    expect(only.kinds()).toEqual(['503']);
    expect(Array.from({ length: 30 }, () => only.next())).toEqual(Array(30).fill('503'));
    const none = new FaultPlan({ rate: 0.5, seed: 9, kinds: FAULT_KINDS, weights: { '429': 0 } });
    expect(Array.from({ length: 30 }, () => none.next()).every((k) => k === undefined)).toBe(true);
  });

  it('the rate alone still splits evenly among the kinds', () => {
    const plan = new FaultPlan({ rate: 0.5, seed: 3, kinds: ['500', '429'] });
    const seen = Array.from({ length: 10_000 }, () => plan.next());
    const fiveHundreds = seen.filter((k) => k === '500').length;
    const tooMany = seen.filter((k) => k === '429').length;
    expect(Math.abs(fiveHundreds - 2500)).toBeLessThan(200);
    expect(Math.abs(tooMany - 2500)).toBeLessThan(200);
  });

  it('refuses weights that are unknown, out of range, above 1 in sum, or combined with a rate', async () => {
    const cases: [EmulatorOptions, string][] = [
      [
        { faultWeights: { '404': 0.1 } as never },
        "Invalid emulator option faultWeights: '404' is not a fault kind",
      ],
      [
        { faultWeights: { '500': 1.5 } },
        "Invalid emulator option faultWeights: the probability of 500 must be a fraction from 0 to 1, not '1.5'.",
      ],
      [
        { faultWeights: { '500': -0.1 } },
        "Invalid emulator option faultWeights: the probability of 500 must be a fraction from 0 to 1, not '-0.1'.",
      ],
      [
        { faultWeights: { '500': 0.6, '429': 0.6 } },
        'Invalid emulator option faultWeights: the probabilities add up to 1.2, more than 1.',
      ],
      [
        { faultWeights: { '500': 0.1 }, faultRate: 0.1 },
        'Invalid emulator option faultWeights: it cannot be combined with faultRate or faultKinds.',
      ],
      [
        { faultWeights: { '500': 0.1 }, faultKinds: ['500'] },
        'Invalid emulator option faultWeights: it cannot be combined with faultRate or faultKinds.',
      ],
    ];
    for (const [options, message] of cases) {
      await expect(startEmulator({ port: 0, ...options })).rejects.toThrow(message);
    }
  });

  it('meets only the weighted kinds over HTTP, the same way for the same seed', async () => {
    const weights = { '503': 0.3, 'drop-after': 0.2 };
    const first = await outcomes({ faultWeights: weights, seed: 77 }, 60);
    expect(await outcomes({ faultWeights: weights, seed: 77 }, 60)).toEqual(first);
    expect(new Set(first)).toEqual(new Set([200, 503, 'dropped']));
  });

  it('--fault-weights reaches the server, and a bad value is a user error (exit 1, no stack trace)', async () => {
    const bin = resolve('bin/run.js');
    const start = (args: string[]) => {
      const child = spawn(process.execPath, [bin, 'emulator', '--port', '0', '--token', 'w', ...args]);
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const exit = new Promise<number | null>((done) => child.on('close', done));
      return { child, exit, out: () => ({ stdout, stderr }) };
    };
    const emu = start(['--fault-weights', '503=1']);
    try {
      let url: string | undefined;
      for (let i = 0; i < 400 && url === undefined; i++) {
        url = /listening on (http:\/\/\S+)/.exec(emu.out().stdout)?.[1];
        if (url === undefined) await new Promise((r) => setTimeout(r, 25));
      }
      expect(url).toBeDefined();
      const answer = await callRaw(`${url}/crm/v3/properties/tickets/subject`, 'GET', {
        headers: { authorization: 'Bearer w' },
      });
      expect(answer.status).toBe(503);
    } finally {
      emu.child.kill('SIGTERM');
      await emu.exit;
    }
    const cases: [string[], string][] = [
      [['--fault-weights', '404=0.1'], "'404=0.1': '404' is not a fault kind (500, 503, 429"],
      [['--fault-weights', '500=x'], "the probability of 500 must be a fraction from 0 to 1, not 'x'."],
      [['--fault-weights', '500=0.7,429=0.7'], 'the probabilities add up to 1.4, more than 1.'],
      [['--fault-weights', '500=0.1', '--fault-rate', '0.1'], '--fault-rate'],
    ];
    // a bad value ends the command before it serves: the CLI's main in this process is enough
    for (const [args, message] of cases) {
      const bad = await runCli(['emulator', '--port', '0', '--token', 'w', ...args]);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('--fault-weights');
      expect(bad.stderr).toContain(message);
      expect(bad.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('faults over HTTP', () => {
  it('meets the same faults on the same sequence of requests with the same seed', async () => {
    const first = await outcomes({ faultRate: 0.5, seed: 1234 }, 40);
    const second = await outcomes({ faultRate: 0.5, seed: 1234 }, 40);
    expect(second).toEqual(first);
    expect(new Set(first)).toEqual(new Set([200, 500, 503, 429, 'dropped']));
    const other = await outcomes({ faultRate: 0.5, seed: 999 }, 40);
    expect(other).not.toEqual(first);
  });

  it('answers the 500, 503 and 429 faults with the error body, before processing', async () => {
    const expected: Partial<Record<FaultKind, object>> = {
      '500': { category: 'INTERNAL_ERROR', message: 'Internal error (fault injected by the emulator).' },
      '503': { category: 'SERVICE_UNAVAILABLE' },
      '429': {
        category: 'RATE_LIMITS',
        errorType: 'RATE_LIMIT',
        policyName: 'TEN_SECONDLY_ROLLING',
        message: 'You have reached your ten_secondly_rolling limit.',
      },
    };
    for (const [kind, body] of Object.entries(expected)) {
      const emu = await startTestEmulator({
        extend: counterRoute,
        faultRate: 1,
        faultKinds: [kind as FaultKind],
      });
      try {
        const res = await emu.call('POST', '/test/bump');
        expect(res.status).toBe(Number(kind));
        expect(res.body).toMatchObject({ status: 'error', ...body });
        expect(res.body.correlationId).toMatch(/^[0-9a-f-]{36}$/);
        if (kind !== '500') expect(res.headers.get('retry-after')).toBe('1');
        expect(emu.state.counters.eventDefinition).toBe(0);
      } finally {
        await emu.close();
      }
    }
  });

  it('sends the Retry-After set by faultRetryAfterSeconds with the injected 429 and 503', async () => {
    for (const kind of ['429', '503'] as const) {
      const emu = await startTestEmulator({
        extend: counterRoute,
        faultWeights: { [kind]: 1 },
        faultRetryAfterSeconds: 0,
      });
      try {
        const res = await emu.call('POST', '/test/bump');
        expect([res.status, res.headers.get('retry-after')]).toEqual([Number(kind), '0']);
      } finally {
        await emu.close();
      }
    }
    await expect(startEmulator({ port: 0, faultRetryAfterSeconds: -1 })).rejects.toThrow(
      'Invalid emulator option faultRetryAfterSeconds: -1 is not an integer from 0 to 3600.',
    );
  });

  it('never injects a fault into a request without a valid token', async () => {
    const emu = await startTestEmulator({ extend: counterRoute, faultRate: 1, faultKinds: ['500'] });
    try {
      expect((await emu.call('POST', '/test/bump', undefined, 'wrong')).status).toBe(401);
    } finally {
      await emu.close();
    }
  });

  describe('dropped connections', () => {
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'crm-emu-faults-'));
    });
    afterEach(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('drop-before closes the connection with nothing processed', async () => {
      const emu = await startTestEmulator({
        extend: counterRoute,
        faultRate: 1,
        faultKinds: ['drop-before'],
      });
      try {
        await expect(emu.call('POST', '/test/bump')).rejects.toThrow();
        expect(emu.state.counters.eventDefinition).toBe(0);
      } finally {
        await emu.close();
      }
    });

    it('drop-after processes the request and saves its change, then closes without a reply', async () => {
      const dataFile = join(dir, 'state.json');
      const emu = await startTestEmulator({
        extend: counterRoute,
        faultRate: 1,
        faultKinds: ['drop-after'],
        dataFile,
      });
      try {
        await expect(emu.call('POST', '/test/bump')).rejects.toThrow();
        await expect(emu.call('POST', '/test/bump')).rejects.toThrow();
        expect(emu.state.counters.eventDefinition).toBe(2);
        // on disk before the connection was dropped, not only at close
        const saved = await readStateFile(dataFile);
        expect(saved!.counters.eventDefinition).toBe(2);
      } finally {
        await emu.close();
      }
    });
  });
});
