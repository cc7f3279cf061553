/**
 * Timing case of `npm run bench`: how fast what the tests check happens. `npm test` asserts the behaviour
 * (the plan's changes, the error and its code, the calls made) and no wall or CPU time, which depends on
 * the machine and its load; the time each of these takes is measured here, against the bound the tests
 * used to assert. A behaviour that does not hold here (a wrong count, no error) is a failure of the case.
 *
 * Figures: the planner and the manifest checks on large inputs (CPU or best-of-three wall time after a
 * warm-up), inputs built to be slow (alias bombs, 5,000 options, a 10,000-property state file), and how
 * soon the client and the binary give up on a hostile server.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, isApiError, type ClientOptions } from '../../src/api/index.js';
import { startEmulator } from '../../src/emulator/index.js';
import { readStateFile, StateWriter } from '../../src/emulator/persistence.js';
import { checkDefinition } from '../../src/emulator/properties/property-rules.js';
import { createInitialState } from '../../src/emulator/seed/initial.js';
import { validateSources } from '../../src/engine/manifest/index.js';
import { diff } from '../../src/engine/plan/diff/diff.js';
import { buildPlan } from '../../src/engine/plan/plan.js';
import { bigManifest } from '../manifest/big-manifest.js';
import { bigCase } from '../plan/big-state.js';
import {
  declared,
  drip,
  endless,
  json,
  silent,
  startHostileServer,
  type Behaviour,
} from '../helpers/hostile-server.js';
import { runCli, ROOT } from './cli-process.js';
import type { CaseResult } from './report.js';

type Check = (failures: string[]) => void;

interface Timed {
  /** the figure's name */
  metric: string;
  /** at most this many ms (the bound a test used to assert) */
  underMs: number;
  /** how it was measured, for the results file */
  command: string;
  /** ms, and whether what was measured behaved as the tests require */
  run: () => Promise<{ ms: number; check?: Check }>;
}

function cpuMs(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** The best of three runs after a warm-up (schema compilation, JIT): the steady-state cost. */
function bestOfThree(run: () => void): number {
  run();
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

async function wallMs<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

const expectThat =
  (condition: boolean, what: string): Check =>
  (failures) => {
    if (!condition) failures.push(what);
  };

/** nine levels of nine aliases (the billion laughs), as a manifest */
function aliasBomb(): string {
  const level = (name: string, prev: string) => `${name}: &${name} [${Array(9).fill(`*${prev}`).join(', ')}]`;
  const lines = ['kind: Properties', 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  'bcdefghij'.split('').forEach((name, i) => lines.push(level(name, 'abcdefghij'[i]!)));
  return lines.join('\n');
}

/** One call of the client against a hostile server behaving so: how soon it fails, and with what. */
async function hostileCall(
  behaviour: Behaviour,
  options: Partial<ClientOptions>,
  code: string,
): Promise<{ ms: number; check: Check }> {
  const server = await startHostileServer();
  server.behave(behaviour);
  const client = createClient({
    baseUrl: server.url,
    token: 'bench-hostile-token-0000',
    timeoutMs: 300,
    retry: { baseDelayMs: 5, maxDelayMs: 20 },
    ...options,
  });
  try {
    const { ms, value: error } = await wallMs(() =>
      client.properties.list('tickets').then(
        () => undefined,
        (e: unknown) => e,
      ),
    );
    const got = isApiError(error) ? error.code : String(error);
    return { ms, check: expectThat(got === code, `expected ${code}, got ${got}`) };
  } finally {
    await client.close();
    await server.close();
  }
}

function cases(dir: string): Timed[] {
  return [
    {
      metric: 'plan.diff10x1000CpuMs',
      underMs: 1000,
      command: 'diff() of 10 object types x 1,000 properties (test/plan/big-state.ts), CPU',
      run: () => {
        const { desired, live } = bigCase(10, 1000);
        let changes = 0;
        const ms = cpuMs(() => (changes = diff(desired, live).changes.length));
        return Promise.resolve({ ms, check: expectThat(changes === 6660, `diff: ${changes} changes`) });
      },
    },
    {
      metric: 'plan.build10x1000CpuMs',
      underMs: 1000,
      command: 'buildPlan() of that diff (rules, order, requests, fingerprints), CPU',
      run: () => {
        const { desired, live } = bigCase(10, 1000);
        const result = diff(desired, live);
        let changes = 0;
        const ms = cpuMs(() => (changes = buildPlan(result, live).changes.length));
        return Promise.resolve({ ms, check: expectThat(changes === 6660, `buildPlan: ${changes} changes`) });
      },
    },
    {
      metric: 'manifest.validate1000Ms',
      underMs: 1000,
      command: 'validateSources() of 1,000 properties (test/manifest/big-manifest.ts), best of 3',
      run: () => {
        const text = bigManifest(1000);
        let errors = -1;
        const ms = bestOfThree(() => (errors = validateSources([{ file: 'big.yaml', text }]).errorCount));
        return Promise.resolve({ ms, check: expectThat(errors === 0, `${errors} errors`) });
      },
    },
    {
      metric: 'manifest.validate1000ErrorsMs',
      underMs: 1000,
      command: 'the same with 800 of the properties in error, best of 3',
      run: () => {
        const text = bigManifest(1000).replace(/fieldType: number,/g, 'fieldType: text,');
        let errors = -1;
        const ms = bestOfThree(() => (errors = validateSources([{ file: 'big.yaml', text }]).errorCount));
        return Promise.resolve({ ms, check: expectThat(errors === 800, `${errors} errors`) });
      },
    },
    {
      metric: 'manifest.aliasBombMs',
      underMs: 500,
      command: 'validateSources() of a billion-laughs manifest (9 levels of 9 aliases)',
      run: async () => {
        const { ms, value } = await wallMs(() =>
          Promise.resolve(validateSources([{ file: 'm.yaml', text: aliasBomb() }])),
        );
        const codes = value.diagnostics.map((d) => d.code);
        return { ms, check: expectThat(codes.includes('YAML_ALIAS_LIMIT'), `codes ${codes.join(', ')}`) };
      },
    },
    {
      metric: 'emulator.options5000Ms',
      underMs: 200,
      command: "the emulator's checkDefinition() of an enumeration with 5,000 options (the cap)",
      run: async () => {
        const options = Array.from({ length: 5000 }, (_, i) => ({ label: `L${i}`, value: `v${i}` }));
        const { ms, value } = await wallMs(() =>
          Promise.resolve(checkDefinition({ type: 'enumeration', fieldType: 'select', options })),
        );
        return { ms, check: expectThat(value.length === 0, `${value.length} problems`) };
      },
    },
    {
      metric: 'emulator.seedAliasBombMs',
      underMs: 2000,
      command: 'startEmulator() with a billion-laughs seed file (10 levels of 10 aliases): refused',
      run: async () => {
        const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
        for (let i = 1; i < 10; i++) {
          const prev = String.fromCharCode(96 + i);
          const name = String.fromCharCode(97 + i);
          levels.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(', ')}]`);
        }
        const file = join(dir, 'seed.yaml');
        await writeFile(file, `${levels.join('\n')}\n`);
        const { ms, value } = await wallMs(() =>
          startEmulator({ seedFile: file }).then(
            async (emulator) => {
              await emulator.close();
              return 'started';
            },
            (e: unknown) => (e as { code?: string }).code,
          ),
        );
        return { ms, check: expectThat(value === 'EMULATOR_SEED_INVALID', `seed file: ${value}`) };
      },
    },
    ...stateFile(dir),
    {
      metric: 'cli.validateAliasBombMs',
      underMs: 10_000,
      command: 'node bin/run.js validate examples/invalid/billion-laughs.yaml',
      run: async () => {
        const run = await runCli(['validate', 'examples/invalid/billion-laughs.yaml'], { cwd: ROOT });
        return {
          ms: run.wallMs,
          check: expectThat(
            run.code === 1 && run.stdout.includes('YAML_ALIAS_LIMIT'),
            `validate: ${run.code}`,
          ),
        };
      },
    },
    {
      metric: 'cli.planDripTimeout1sMs',
      underMs: 20_000,
      command: 'node bin/run.js plan --timeout 1 against a server dripping its answers (2 attempts)',
      run: async () => {
        const server = await startHostileServer();
        server.behave(drip(100));
        const project = join(dir, 'drip');
        await mkdir(join(project, 'schema'), { recursive: true });
        await writeFile(join(project, 'crm-schema.yaml'), "manifests: ['schema/**/*.yaml']\n");
        await writeFile(
          join(project, 'schema', 'tickets.yaml'),
          'kind: Properties\nobjectType: tickets\ngroups:\n  - { name: support, label: Support }\n',
        );
        try {
          const run = await runCli(['plan', '--base-url', server.url, '--timeout', '1'], {
            cwd: project,
            env: { CRM_ACCESS_TOKEN: 'bench-drip-token-0000' },
          });
          return {
            ms: run.wallMs,
            check: expectThat(
              run.code === 1 && run.stderr.includes('no complete answer within 1 s (tried 2 times)'),
              `plan: exit ${run.code}: ${run.stderr.slice(0, 200)}`,
            ),
          };
        } finally {
          await server.close();
        }
      },
    },
    {
      metric: 'client.dripTimeoutMs',
      underMs: 5000,
      command: 'a read against a body dripped a byte every 20 ms, timeout 300 ms (2 attempts)',
      run: () => hostileCall(drip(20), {}, 'NETWORK'),
    },
    {
      metric: 'client.silentTimeoutMs',
      underMs: 5000,
      command: 'a read against a server that never answers, timeout 300 ms (2 attempts)',
      run: () => hostileCall(silent(), {}, 'NETWORK'),
    },
    {
      metric: 'client.declaredOverCapMs',
      underMs: 5000,
      command: 'a read whose answer declares 10^12 bytes: refused before it is read',
      run: () => hostileCall(declared(1e12), {}, 'BAD_RESPONSE'),
    },
    {
      metric: 'client.endlessBodyMs',
      underMs: 20_000,
      command: 'a read whose answer never ends: stopped at the default cap of 64 MiB',
      run: () => hostileCall(endless(), { timeoutMs: 30_000 }, 'BAD_RESPONSE'),
    },
    {
      metric: 'client.retryAfterPastBudgetMs',
      underMs: 5000,
      command: 'a read answered 429 with Retry-After: 10^12 s: fails at once',
      run: () =>
        hostileCall(
          json(429, { status: 'error', message: 'slow down' }, { 'Retry-After': '1000000000000' }),
          {},
          'RATE_LIMIT',
        ),
    },
  ];
}

/** Saving and loading an emulator state of 10,000 properties. */
function stateFile(dir: string): Timed[] {
  const dataFile = join(dir, 'state.json');
  const state = createInitialState(1, new Date().toISOString());
  const tickets = state.objectTypes['0-5']!;
  for (let i = 0; i < 10_000; i++) {
    const name = `prop_${i}`;
    tickets.properties[name] = {
      name,
      label: `Property ${i}`,
      type: 'enumeration',
      fieldType: 'select',
      groupName: 'ticketinformation',
      description: 'A property of a large account.',
      options: [
        { label: 'One', value: 'one', displayOrder: 0, hidden: false, description: '' },
        { label: 'Two', value: 'two', displayOrder: 1, hidden: false, description: '' },
      ],
      displayOrder: -1,
      archived: false,
    };
  }
  return [
    {
      metric: 'emulator.stateSave10000Ms',
      underMs: 1000,
      command: 'StateWriter.save() of a state with 10,000 properties',
      run: async () => {
        const { ms } = await wallMs(() => new StateWriter(dataFile, () => state).save());
        return { ms };
      },
    },
    {
      metric: 'emulator.stateLoad10000Ms',
      underMs: 1000,
      command: 'readStateFile() of it',
      run: async () => {
        const { ms, value } = await wallMs(() => readStateFile(dataFile));
        const count = Object.keys(value?.objectTypes['0-5']!.properties ?? {}).length;
        return { ms, check: expectThat(count === Object.keys(tickets.properties).length, `${count} loaded`) };
      },
    },
  ];
}

export async function benchTiming(): Promise<CaseResult> {
  const dir = await mkdtemp(join(tmpdir(), 'crm-bench-timing-'));
  const result: CaseResult = { figures: {}, targets: [], commands: {}, failures: [] };
  try {
    for (const c of cases(dir)) {
      const { ms, check } = await c.run();
      const figure = Math.round(ms * 10) / 10;
      result.figures[c.metric] = figure;
      result.targets!.push({
        metric: c.metric,
        target: `< ${c.underMs.toLocaleString('en-US')} ms`,
        met: ms < c.underMs,
      });
      result.commands![c.metric] = c.command;
      const failures: string[] = [];
      check?.(failures);
      for (const failure of failures) result.failures!.push(`${c.metric}: ${failure}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return result;
}
