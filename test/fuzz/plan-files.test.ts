/**
 * Property-based: saved plans mutated at random (a value replaced by any JSON, a key removed, a change
 * duplicated or dropped) given to `apply` against the emulator. Every run exits 0, 1 or 2 with no stack
 * trace; and whatever the file says, nothing the manifests do not declare is ever created in the account.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { expectSafe, run, sandbox, stopChild, timeFor, TOKEN, type Sandbox } from './harness.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

const MANIFEST = `kind: Properties
objectType: tickets
groups: [{ name: support, label: Support }]
properties:
  - { name: support_a, label: A, type: string, fieldType: text, groupName: support }
  - { name: support_b, label: B, type: number, fieldType: number, groupName: support }
  - name: support_level
    label: Level
    type: enumeration
    fieldType: select
    groupName: support
    options: [{ label: Low, value: low }, { label: High, value: high }]
`;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a value of a JSON document. */
function paths(value: Json, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [at];
  const entries: [string | number, Json][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value);
  return [at, ...entries.flatMap(([key, member]) => paths(member, [...at, key]))];
}

type Mutation =
  | { kind: 'set'; path: number; value: Json }
  | { kind: 'delete'; path: number }
  | { kind: 'duplicate'; change: number }
  | { kind: 'drop'; change: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('set' as const),
    path: fc.nat(),
    value: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
  }),
  fc.record({ kind: fc.constant('delete' as const), path: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate' as const), change: fc.nat() }),
  fc.record({ kind: fc.constant('drop' as const), change: fc.nat() }),
);

function mutate(plan: { changes: Json[] } & Record<string, Json>, m: Mutation): Json {
  const copy = structuredClone(plan);
  if (m.kind === 'duplicate' || m.kind === 'drop') {
    // an earlier mutation may have removed or replaced the list
    if (!Array.isArray(copy.changes) || copy.changes.length === 0) return copy;
    const i = m.change % copy.changes.length;
    if (m.kind === 'duplicate') copy.changes.push(structuredClone(copy.changes[i]!));
    else copy.changes.splice(i, 1);
    return copy;
  }
  const all = paths(copy as Json).filter((p) => p.length > 0);
  if (all.length === 0) return copy;
  const path = all[m.path % all.length]!;
  let parent = copy as unknown as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  if (m.kind === 'set') parent[last] = m.value;
  else if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return copy;
}

describe('fuzz: saved plan files', () => {
  let box: Sandbox;
  let emulator: TestEmulator;
  let saved: { changes: Json[] } & Record<string, Json>;

  beforeAll(async () => {
    box = await sandbox();
    emulator = await startTestEmulator({ tokens: [TOKEN] });
    await box.write({ 'crm-schema.yaml': "manifests: ['schema/*.yaml']\n", 'schema/tickets.yaml': MANIFEST });
    const made = await run(['plan', '--base-url', emulator.url, '--out', 'plan.json'], box.project, {
      CRM_ACCESS_TOKEN: TOKEN,
    });
    expect(made.code, made.stderr).toBe(0);
    saved = JSON.parse(await readFile(join(box.project, 'plan.json'), 'utf8')) as typeof saved;
  });
  afterAll(async () => {
    await stopChild();
    await box.close();
    await emulator.close();
  });

  it(
    'apply never crashes on a mutated plan, and never creates what the manifests do not declare',
    async () => {
      const declared = new Set(['support_a', 'support_b', 'support_level']);
      await fc.assert(
        fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (mutations) => {
          const plan = mutations.reduce<Json>((doc, m) => mutate(doc as typeof saved, m), saved);
          await writeFile(join(box.project, 'mutated.json'), JSON.stringify(plan));
          const outcome = await run(
            ['apply', 'mutated.json', '--base-url', emulator.url, '--yes'],
            box.project,
            {
              CRM_ACCESS_TOKEN: TOKEN,
            },
          );
          expectSafe(outcome, 'apply');
          const tickets = emulator.state.objectTypes['0-5']!;
          const custom = Object.values(tickets.properties).filter(
            (p) => p.platformDefined !== true && p.archived !== true,
          );
          for (const property of custom) expect(declared.has(property.name), property.name).toBe(true);
          // each run starts from the empty account again
          for (const property of custom) delete tickets.properties[property.name];
          delete tickets.groups.support;
        }),
        { numRuns: RUNS },
      );
    },
    timeFor(RUNS, 1_000),
  );
});
