/**
 * The client under the emulator's seeded fault injection (500, 503, 429, dropped connections before
 * and after processing): every call ends succeeded or with a typed error, and no create is repeated
 * blindly (each create's marker exists at most once; successes are all there; the only extra ones
 * belong to OUTCOME_UNKNOWN calls).
 */
import { describe, expect, it } from 'vitest';
import { isApiError, type CrmApiError } from '../../src/api/index.js';
import { startClientFixture, textProperty } from './setup.js';

type Settled<T> = { ok: true; value: T } | { ok: false; error: CrmApiError };

async function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { ok: false, error };
  }
}

describe('client under injected faults', () => {
  it('a few hundred calls at faultRate 0.2: all accounted for, no create repeated', async () => {
    const f = await startClientFixture(
      { faultRate: 0.2, seed: 7, faultRetryAfterSeconds: 0 }, // Retry-After is honoured in retries.test.ts, on a virtual clock
      { retry: { baseDelayMs: 20, maxDelayMs: 200, maxAttempts: 8 } },
    );
    try {
      const N = 100;
      const propertyCreates = Array.from({ length: N }, (_, i) =>
        settle(f.client.properties.create('tickets', textProperty(`fault_p_${i}`))),
      );
      const recordCreates = Array.from({ length: N }, (_, i) =>
        settle(f.client.records.create('tickets', { properties: { subject: `fault-r-${i}` } })),
      );
      const reads = Array.from({ length: N }, () => settle(f.client.properties.get('tickets', 'subject')));
      const updates = Array.from({ length: 50 }, (_, i) =>
        settle(f.client.groups.update('tickets', 'ticketinformation', { displayOrder: i })),
      );
      const batchInputs = Array.from({ length: 300 }, (_, i) =>
        textProperty(`fault_b_${i}`, 'productinformation'),
      );
      const [props, records, gets, patches, batch] = await Promise.all([
        Promise.all(propertyCreates),
        Promise.all(recordCreates),
        Promise.all(reads),
        Promise.all(updates),
        f.client.properties.batchCreate('products', batchInputs),
      ]);

      // every failure is a typed error; the faults were really met
      const failures = [...props, ...records, ...gets, ...patches].filter((s) => !s.ok);
      const codes = new Set(failures.map((s) => (s.ok ? '' : s.error.code)));
      expect([...codes].every((c) => c === 'OUTCOME_UNKNOWN')).toBe(true);
      expect(f.calls.filter((c) => c.willRetry).length).toBeGreaterThan(20);
      expect(new Set(f.calls.map((c) => c.status ?? c.errorCode))).toEqual(
        new Set([200, 201, 429, 500, 503, 'NETWORK', 'OUTCOME_UNKNOWN']),
      );

      // reads and idempotent writes always get through
      expect(gets.every((s) => s.ok)).toBe(true);
      expect(patches.every((s) => s.ok)).toBe(true);

      // property creates: a repeat would have met 409 for what it created; none did
      const live = f.emu.state.objectTypes['0-5']!.properties;
      props.forEach((s, i) => {
        const exists = live[`fault_p_${i}`] !== undefined;
        if (s.ok) expect(exists).toBe(true);
        else
          expect(s.error).toMatchObject({
            code: 'OUTCOME_UNKNOWN',
            method: 'POST',
            requestBody: textProperty(`fault_p_${i}`),
          });
      });

      // batch create: a chunk is created, or all its inputs are OUTCOME_UNKNOWN; never a 409 from a repeat
      const products = f.emu.state.objectTypes['0-7']!.properties;
      expect(batch.unmatched).toEqual([]);
      expect(batch.errors.every((e) => e.error.code === 'OUTCOME_UNKNOWN')).toBe(true);
      expect(batch.results.length + batch.errors.length).toBe(300);
      for (const p of batch.results) expect(products[p.name]).toBeDefined();
      const unknownNames = new Set(batch.errors.map((e) => e.input.name));
      const batchLive = batchInputs.filter((p) => products[p.name] !== undefined).length;
      expect(batchLive).toBeGreaterThanOrEqual(batch.results.length);
      expect(batchLive).toBeLessThanOrEqual(batch.results.length + unknownNames.size);

      // record creates: each marker at most once; successes there with their id
      const bySubject = new Map<string, string[]>();
      for (const r of Object.values(f.emu.state.objectTypes['0-5']!.records)) {
        const subject = r.properties.subject ?? '';
        bySubject.set(subject, [...(bySubject.get(subject) ?? []), r.id]);
      }
      let unknownApplied = 0;
      records.forEach((s, i) => {
        const ids = bySubject.get(`fault-r-${i}`) ?? [];
        expect(ids.length).toBeLessThanOrEqual(1);
        if (s.ok) expect(ids).toEqual([s.value.id]);
        else if (ids.length === 1) unknownApplied++;
      });
      const unknownRecords = records.filter((s) => !s.ok).length;
      expect(unknownRecords).toBeGreaterThan(0);
      expect(unknownApplied).toBeLessThanOrEqual(unknownRecords);
      const created = Object.keys(f.emu.state.objectTypes['0-5']!.records).length;
      expect(created).toBe(records.filter((s) => s.ok).length + unknownApplied);
    } finally {
      await f.close();
    }
  });
});
