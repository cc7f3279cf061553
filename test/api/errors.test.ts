import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, isApiError, type CrmApiError, type ResponseLogEvent } from '../../src/api/index.js';
import { isCrmSchemaError } from '../../src/core/errors.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { textProperty } from './setup.js';

const SECRET = 'sekret-token-4f1d9a7c';
const SCOPED = 'scoped-token-77ab';

async function failure(promise: Promise<unknown>): Promise<CrmApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isApiError(error)).toBe(true);
  return error as CrmApiError;
}

/** Every place a token could leak from an error. */
function everything(error: CrmApiError): string {
  return [
    error.message,
    error.hint,
    error.stack,
    JSON.stringify(error.meta),
    inspect(error, { depth: Infinity, showHidden: true }),
    inspect(error.cause, { depth: Infinity, showHidden: true }),
  ].join('\n');
}

describe('client: typed errors, and the token never leaks', () => {
  let emu: TestEmulator;
  const events: ResponseLogEvent[] = [];
  const client = () =>
    createClient({
      baseUrl: emu.url,
      token: SECRET,
      onResponse: (e) => events.push(e),
      retry: { maxAttempts: 1 },
    });

  beforeAll(async () => {
    emu = await startTestEmulator({ tokens: [SECRET, `${SCOPED}:crm.schemas.tickets.read`] });
  });
  afterAll(async () => {
    await emu.close();
  });

  it('404 is NOT_FOUND with the server category, message and correlationId', async () => {
    const c = client();
    const error = await failure(c.properties.get('tickets', 'no_such_property'));
    await c.close();
    expect(error).toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
      category: 'OBJECT_NOT_FOUND',
      method: 'GET',
    });
    expect(error.path).toBe('/crm/v3/properties/tickets/no_such_property');
    expect(error.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(error.message).toContain('GET /crm/v3/properties/tickets/no_such_property: 404 OBJECT_NOT_FOUND');
    expect(error.message).toContain(error.correlationId!);
    expect(isCrmSchemaError(error)).toBe(true);
    expect(error.hint).toBeTruthy();
  });

  it('409 is CONFLICT with the subCategory', async () => {
    const c = client();
    await c.properties.create('tickets', textProperty('dupe_me'));
    const error = await failure(c.properties.create('tickets', textProperty('dupe_me')));
    await c.close();
    expect(error).toMatchObject({
      code: 'CONFLICT',
      status: 409,
      category: 'OBJECT_ALREADY_EXISTS',
      subCategory: 'Properties.PROPERTY_WITH_NAME_EXISTS',
      serverMessage: "A property named 'dupe_me' already exists.",
    });
  });

  it('400 is VALIDATION with the errors[] details', async () => {
    const c = client();
    const error = await failure(
      c.records.create('tickets', { properties: { subject: 'x', no_such_field: 'y' } }),
    );
    await c.close();
    expect(error).toMatchObject({ code: 'VALIDATION', status: 400, category: 'VALIDATION_ERROR' });
    expect(error.errors.length).toBeGreaterThan(0);
    expect(JSON.stringify(error.errors)).toContain('no_such_field');
  });

  it('401 is AUTH, and the bad token appears nowhere', async () => {
    const wrong = 'wrong-token-abc123xyz';
    const seen: unknown[] = [];
    const c = createClient({
      baseUrl: emu.url,
      token: wrong,
      onRequest: (e) => seen.push(e),
      onResponse: (e) => seen.push(e),
    });
    const error = await failure(c.properties.list('tickets'));
    expect(error).toMatchObject({ code: 'AUTH', status: 401, category: 'INVALID_AUTHENTICATION' });
    expect(everything(error)).not.toContain(wrong);
    expect(JSON.stringify(seen)).not.toContain(wrong);
    expect(seen).toHaveLength(2);
    expect(inspect(c, { depth: Infinity, showHidden: true })).not.toContain(wrong);
    await c.close();
  });

  it('403 is MISSING_SCOPES with the scopes', async () => {
    const c = createClient({ baseUrl: emu.url, token: SCOPED });
    expect((await c.properties.list('tickets')).length).toBeGreaterThan(0);
    const error = await failure(c.properties.create('tickets', textProperty('not_allowed')));
    await c.close();
    expect(error).toMatchObject({ code: 'MISSING_SCOPES', status: 403, category: 'MISSING_SCOPES' });
    expect((error as CrmApiError & { scopes: string[] }).scopes).toEqual(['crm.schemas.tickets.write']);
    expect(error.hint).toContain('crm.schemas.tickets.write');
    expect(everything(error)).not.toContain(SCOPED);
  });

  it('keeps the token out of inspect, errors and every log event', async () => {
    const c = client();
    await c.properties.list('tickets');
    const error = await failure(c.groups.get('tickets', 'nope'));
    expect(inspect(c, { depth: Infinity, showHidden: true })).not.toContain(SECRET);
    expect(JSON.stringify(c)).not.toContain(SECRET);
    expect(everything(error)).not.toContain(SECRET);
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).not.toContain(SECRET);
    for (const e of events)
      expect(Object.keys(e).sort()).toEqual(
        expect.arrayContaining(['attempt', 'durationMs', 'method', 'path']),
      );
    await c.close();
  });

  it('refuses a client without a token or with credentials in the URL', () => {
    expect(() => createClient({ baseUrl: emu.url, token: '' })).toThrow(
      expect.objectContaining({ code: 'AUTH' }),
    );
    expect(() => createClient({ baseUrl: 'http://user:pw@localhost:1', token: 'x' })).toThrow(
      expect.objectContaining({ code: 'CONFIG' }),
    );
  });
});
