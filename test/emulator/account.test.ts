/**
 * The account details the emulator serves (beyond the CRM interface): the legacy path and the two
 * date-versioned ones, behind the same auth as every route; the account id, the same on every start
 * unless `accountId` says otherwise, and kept by a data file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { DEFAULT_ACCOUNT_ID } from '../../src/emulator/options.js';
import { ACCOUNT_TYPES } from '../../src/wire/api.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

const PATHS = {
  legacy: '/account-info/v3/details',
  '2026-03': '/account-info/2026-03/details',
  '2026-09': '/account-info/2026-09/details',
} as const;

/** Every field the details carry in 2026-03, all required there. */
const REQUIRED = [
  'portalId',
  'accountType',
  'timeZone',
  'companyCurrency',
  'additionalCurrencies',
  'utcOffset',
  'utcOffsetMilliseconds',
  'uiDomain',
  'dataHostingLocation',
];

describe('the account details', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator({ tokens: ['test-token', 'scoped:crm.schemas.tickets.read'] });
  });
  afterAll(async () => {
    await emu.close();
  });

  it('answers the legacy and the 2026-03 path with every required field, of its type', async () => {
    for (const path of [PATHS.legacy, PATHS['2026-03']]) {
      const res = await emu.call('GET', path);
      expect(res.status, path).toBe(200);
      expect(Object.keys(res.body as object).sort(), path).toEqual([...REQUIRED].sort());
      expect(res.body, path).toEqual({
        portalId: DEFAULT_ACCOUNT_ID,
        accountType: 'STANDARD',
        timeZone: 'UTC',
        companyCurrency: 'USD',
        additionalCurrencies: [],
        utcOffset: '+00:00',
        utcOffsetMilliseconds: 0,
        uiDomain: 'app.crm-schema.local',
        dataHostingLocation: 'local',
      });
      expect(ACCOUNT_TYPES).toContain(res.body.accountType);
    }
  });

  it('adds the name and the creation time on the 2026-09 path', async () => {
    const res = await emu.call('GET', PATHS['2026-09']);
    expect(res.status).toBe(200);
    const legacy = (await emu.call('GET', PATHS.legacy)).body as object;
    expect(res.body).toEqual({
      ...legacy,
      portalName: `Emulator account ${DEFAULT_ACCOUNT_ID}`,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // the time the state was made: the same on every read
    expect((await emu.call('GET', PATHS['2026-09'])).body.createdAt).toBe(res.body.createdAt);
  });

  it('needs an accepted token, like every route; any accepted token may read them', async () => {
    for (const path of Object.values(PATHS)) {
      for (const token of [null, 'wrong']) {
        const res = await emu.call('GET', path, undefined, token);
        expect(res.status, `${path} ${token}`).toBe(401);
        expect(res.body).toMatchObject({ status: 'error', category: 'INVALID_AUTHENTICATION' });
      }
      expect((await emu.call('GET', path, undefined, 'scoped')).status, path).toBe(200);
    }
  });

  it('has no other method and no other version', async () => {
    expect((await emu.call('POST', PATHS.legacy, {})).status).toBe(404);
    expect((await emu.call('GET', '/account-info/2027-03-beta/details')).status).toBe(404);
    expect((await emu.call('GET', '/account-info/v3/details/extra')).status).toBe(404);
  });
});

describe('the account id', () => {
  it('is the same on every start without accountId, and accountId sets it', async () => {
    for (const options of [{}, {}, { accountId: 4242 }]) {
      const emu = await startTestEmulator(options);
      try {
        const expected = 'accountId' in options ? 4242 : DEFAULT_ACCOUNT_ID;
        for (const path of Object.values(PATHS))
          expect((await emu.call('GET', path)).body.portalId, path).toBe(expected);
      } finally {
        await emu.close();
      }
    }
  });

  it('is kept by the data file: a restart without accountId answers the same account', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'crm-emu-account-'));
    const dataFile = join(dir, 'state.json');
    try {
      const first = await startTestEmulator({ dataFile, accountId: 777 });
      const created = (await first.call('GET', PATHS['2026-09'])).body.createdAt as string;
      await first.close();
      const again = await startTestEmulator({ dataFile });
      try {
        expect((await again.call('GET', PATHS.legacy)).body.portalId).toBe(777);
        expect((await again.call('GET', PATHS['2026-09'])).body.createdAt).toBe(created);
      } finally {
        await again.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('must be a positive whole number', async () => {
    for (const accountId of [0, -1, 1.5, Number.NaN, 2 ** 53]) {
      await expect(startEmulator({ accountId }), String(accountId)).rejects.toMatchObject({
        code: 'EMULATOR_BAD_OPTION',
        message: expect.stringMatching(/^Invalid emulator option accountId: .+ is not an integer from 1 to /),
        hint: `Give accountId a positive whole number: the id the account details answer as portalId (default ${DEFAULT_ACCOUNT_ID}).`,
      });
    }
  });
});
