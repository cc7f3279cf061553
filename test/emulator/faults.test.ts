import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EmulatorContext } from '../../src/emulator/context.js';
import { FaultPlan } from '../../src/emulator/faults.js';
import { FAULT_KINDS, type EmulatorOptions, type FaultKind } from '../../src/emulator/options.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

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
        const saved = JSON.parse(await readFile(dataFile, 'utf8'));
        expect(saved.counters.eventDefinition).toBe(2);
      } finally {
        await emu.close();
      }
    });
  });
});
