/**
 * The emulator's request log over HTTP: credentials in the query are shown as `***` (as the CLI's
 * `--verbose` log shows them), and a record's identifier in a path (a record id, or a unique value such
 * as an email address named by `idProperty`) as `{recordId}`, in every API family (legacy v3 and v4, and
 * each date version), also in paths no route matches; the rest of the path stays readable.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routesFor } from '../../src/wire/routes.js';
import { API_VERSIONS } from '../../src/wire/api-version.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

const EMAIL = 'jane.doe@example.com';
const SKU = 'SKU-9931-secret';
const SECRET_QUERY = 'access_token=tok-aaaa1111&hapikey=key-bbbb2222&api_key=k-cccc';

let emulator: TestEmulator;
let lines: string[];

beforeEach(async () => {
  lines = [];
  emulator = await startTestEmulator({ requestLog: (line) => lines.push(line) });
});
afterEach(async () => {
  await emulator.close();
});

/** The log line of the request just answered (the log is written after the reply). */
async function logged(method: string, path: string, body?: unknown): Promise<string> {
  const before = lines.length;
  await emulator.call(method, path, body);
  for (let i = 0; i < 100 && lines.length === before; i += 1) await new Promise((r) => setTimeout(r, 5));
  expect(lines.length).toBe(before + 1);
  return lines.at(-1)!;
}

function expectClean(line: string): void {
  for (const secret of [
    'tok-aaaa1111',
    'key-bbbb2222',
    'k-cccc',
    'jane.doe',
    'example.com',
    'SKU-9931',
    '12345',
    '67890',
  ])
    expect(line, line).not.toContain(secret);
}

describe('the request log', () => {
  it('shows query credentials as ***, and keeps the other parameters', async () => {
    const line = await logged('GET', `/crm/v3/properties/tickets?${SECRET_QUERY}&archived=true`);
    expect(line).toMatch(
      /^GET \/crm\/v3\/properties\/tickets\?access_token=\*\*\*&hapikey=\*\*\*&api_key=\*\*\*&archived=true -> 200 \(\d+ ms\)$/,
    );
    expectClean(line);
  });

  it.each(API_VERSIONS.map((version) => [version]))(
    '%s: a record identifier in a path is {recordId}, matched route or not',
    async (version) => {
      const routes = routesFor(version);
      const cases: [string, string, string][] = [
        [
          'GET',
          `${routes.record('contacts', EMAIL)}?idProperty=email`,
          `${routes.record('contacts', '{recordId}')}?idProperty=email`,
        ],
        [
          'GET',
          `${routes.record('products', SKU)}?idProperty=sku&${SECRET_QUERY}`,
          `${routes.record('products', '{recordId}')}?idProperty=sku&access_token=***&hapikey=***&api_key=***`,
        ],
        ['PATCH', routes.record('tickets', '12345'), routes.record('tickets', '{recordId}')],
        ['DELETE', routes.record('tickets', '12345'), routes.record('tickets', '{recordId}')],
        [
          'GET',
          routes.recordAssociations('contacts', '12345', 'companies'),
          routes.recordAssociations('contacts', '{recordId}', 'companies'),
        ],
        [
          'PUT',
          routes.recordAssociation('contacts', '12345', 'companies', '67890'),
          routes.recordAssociation('contacts', '{recordId}', 'companies', '{recordId}'),
        ],
        [
          'DELETE',
          routes.recordAssociation('contacts', EMAIL, 'companies', '67890'),
          routes.recordAssociation('contacts', '{recordId}', 'companies', '{recordId}'),
        ],
        // no route: every segment after the object type but the interface's words
        [
          'GET',
          `${routes.record('contacts', EMAIL)}/no/such/${SKU}`,
          `${routes.record('contacts', '{recordId}')}/{recordId}/{recordId}/{recordId}`,
        ],
        [
          'POST',
          `${routes.recordsBatch('tickets', 'read')}/${EMAIL}`,
          `${routes.recordsBatch('tickets', 'read')}/{recordId}`,
        ],
      ];
      for (const [method, path, shown] of cases) {
        const line = await logged(method, path, method === 'PATCH' || method === 'PUT' ? {} : undefined);
        expect(line.slice(0, line.indexOf(' -> ')), path).toBe(
          `${method} ${shown.replaceAll('%7B', '{').replaceAll('%7D', '}')}`,
        );
        expectClean(line);
      }
      // what holds no record identifier reads as it was sent
      expect(
        await logged('POST', routes.recordsBatch('tickets', 'read'), { inputs: [{ id: '1' }] }),
      ).toContain(`POST ${routes.recordsBatch('tickets', 'read')} -> `);
      expect(await logged('GET', routes.property('tickets', 'subject'))).toContain(
        `GET ${routes.property('tickets', 'subject')} -> 200`,
      );
    },
  );
});
