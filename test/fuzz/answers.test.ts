/**
 * Property-based: a server that answers anything (random statuses, absurd rate-limit headers, bodies of
 * every shape, raw bytes, its own text full of control characters, the token echoed back) behind plan,
 * drift and pull. Every run exits 0, 1 or 2, with no stack trace, no raw control character and no token
 * in what it prints, and pull writes nothing outside the project.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nastyString } from './generators.js';
import { expectSafe, run, sandbox, stopChild, timeFor, TOKEN, type Sandbox } from './harness.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
/**
 * The same answers on every run of the suite, so a failure replays (`FUZZ_SEED=random` or any number for a
 * search of its own). Some answers make the client wait for real (a rate-limit window said to be used up,
 * at most a second here), so the test's time bound grows with the runs.
 */
const SEED = process.env.FUZZ_SEED === 'random' ? undefined : Number(process.env.FUZZ_SEED ?? 20261127);

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const jsonish = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.record({ results: fc.jsonValue({ maxDepth: 3 }) }).map((v) => JSON.stringify(v)),
  fc
    .array(
      fc.record({
        name: nastyString,
        label: nastyString,
        typeId: fc.oneof(fc.integer(), nastyString),
        category: nastyString,
        type: nastyString,
        groupName: nastyString,
      }),
      { maxLength: 3 },
    )
    .map((results) => JSON.stringify({ results, status: 'COMPLETE' })),
  nastyString.map((message) => JSON.stringify({ status: 'error', message, category: 'VALIDATION_ERROR' })),
  fc.constant(
    JSON.stringify({ status: 'error', message: `bad token ${TOKEN}`, category: 'INVALID_AUTHENTICATION' }),
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

const answer: fc.Arbitrary<Answer> = fc.record({
  status: fc.constantFrom(200, 200, 200, 201, 204, 207, 400, 401, 403, 404, 409),
  headers: fc
    .record(
      {
        'content-type': fc.constantFrom('application/json', 'text/html', 'application/json; charset=utf-8'),
        'x-hubspot-ratelimit-max': fc.constantFrom('1e9', '-1', 'NaN', '100', '99999999999999999999'),
        'x-hubspot-ratelimit-remaining': fc.constantFrom('0', '-5', 'x', '50'),
        'x-hubspot-ratelimit-interval-milliseconds': fc.constantFrom('1000', '1e15', '-1', '0'),
      },
      { requiredKeys: ['content-type'] },
    )
    // a run told its window is used up waits it out for real, so that window is a real one of a second:
    // with no sane interval the client keeps to its own of 10 s (the API tests wait that on a virtual clock)
    .map((headers): Record<string, string> =>
      headers['x-hubspot-ratelimit-remaining'] === '0'
        ? { ...headers, 'x-hubspot-ratelimit-interval-milliseconds': '1000' }
        : headers,
    ),
  body: jsonish,
});

describe('fuzz: server answers', () => {
  let box: Sandbox;
  let server: Server;
  let url: string;
  let answers: Answer[] = [];
  let next = 0;

  beforeAll(async () => {
    box = await sandbox();
    server = createServer((_request, response) => {
      const a = answers[next++ % Math.max(1, answers.length)] ?? { status: 200, headers: {}, body: '{}' };
      response.writeHead(a.status, a.headers).end(a.status === 204 ? undefined : a.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await stopChild();
    await box.close();
    await new Promise<void>((resolve) =>
      server.close(() => {
        resolve();
      }),
    );
  });

  it(
    'plan, drift and pull survive any answer',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(answer, { minLength: 1, maxLength: 8 }), async (generated) => {
          answers = generated;
          next = 0;
          await box.write({
            'crm-schema.yaml':
              "manifests: ['schema/*.yaml']\npolicy: { unmanaged: report, manage: { prefixes: [x_] } }\n",
            'schema/tickets.yaml':
              'kind: Properties\nobjectType: tickets\ngroups: [{ name: g, label: G }]\nproperties:\n  - { name: x_a, label: A, type: string, fieldType: text, groupName: g }\n  - { name: x_old, archived: true }\n',
            'schema/assoc.yaml':
              'kind: Associations\nfrom: tickets\nto: orders\ntypes: [{ label: L, inverseLabel: M }]\n',
            'schema/events.yaml':
              'kind: EventProperties\neventName: shipped\nproperties: [{ name: c, label: C, type: string }]\n',
          });
          const outside = await box.outside();
          const env = { CRM_ACCESS_TOKEN: TOKEN, CRM_TIMEOUT: '2' };
          for (const command of [['plan'], ['drift'], ['pull']]) {
            expectSafe(await run([...command, '--base-url', url], box.project, env), command[0]!);
          }
          expect(await box.outside()).toEqual(outside);
        }),
        { numRuns: RUNS, seed: SEED },
      );
    },
    timeFor(RUNS, 6_000),
  );
});
