import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

describe('emulator server', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator();
  });
  afterAll(async () => {
    await emu.close();
  });

  it('listens on a free port', () => {
    expect(emu.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emu.port).toBeGreaterThan(0);
  });

  it('answers 401 with the error body when the token is missing or wrong', async () => {
    for (const token of [null, 'wrong']) {
      const res = await emu.call('GET', '/crm/v3/properties/tickets', undefined, token);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ status: 'error', category: 'INVALID_AUTHENTICATION' });
      expect(res.body.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers 404 with the error body on an unknown route', async () => {
    const res = await emu.call('GET', '/no/such/route');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 'error', category: 'OBJECT_NOT_FOUND' });
  });
});
