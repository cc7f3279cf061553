/** The client's read of the account details (beyond the CRM interface), against the emulator. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesFor } from '../../src/wire/routes.js';
import { startClientFixture, type ClientFixture } from './setup.js';

describe('client: the account details', () => {
  let f: ClientFixture;
  beforeAll(async () => {
    f = await startClientFixture({ accountId: 4242 });
  });
  afterAll(async () => {
    await f.close();
  });

  it('reads them with one GET of the route table path, safe to retry', async () => {
    expect(routesFor('legacy').accountDetails()).toBe('/account-info/v3/details');
    const details = await f.client.account.details();
    expect(details).toMatchObject({
      portalId: 4242,
      accountType: 'STANDARD',
      uiDomain: 'app.crm-schema.local',
    });
    expect(f.calls.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual([
      'GET /account-info/v3/details 200',
    ]);
  });
});
