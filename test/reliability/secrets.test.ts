/**
 * A known token given to every command (validate, plan with --out, --verbose, --json and Markdown,
 * apply with --dry-run, a saved plan, --json and failing runs, drift, pull, --local, the emulator with
 * --token), including failing runs (a refused token, a token without write scopes, an unreachable CRM,
 * a base URL with credentials, bad manifests): the token appears nowhere, neither in stdout and stderr
 * nor in any file the tool wrote (plan files, pulled manifests, .crm-schema/local.json, the step summary,
 * the emulator's data file).
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { scopes } from '../../src/emulator/index.js';
import { writeSyntheticProject, type SyntheticSize } from '../bench/synthetic-account.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { runCli, type Run } from '../helpers/cli.js';
import { finished, runBin, spawnBin } from './cli.js';

const SECRET = 'tok-SECRET-1234567890';
const SIZE: SyntheticSize = {
  objectTypes: 2,
  propertiesPerType: 20,
  events: 1,
  propertiesPerEvent: 3,
  pairs: 1,
};

let dir: string;
let emulator: TestEmulator;
/** accepts the token with read scopes only: every write fails with 403 */
let readOnly: TestEmulator;
/** accepts another token only: the known one gets 401 */
let other: TestEmulator;
const runs: { what: string; run: Run }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'crm-schema-secrets-'));
  const environments = (url: string) =>
    `manifests: ['schema/*.yaml']\nenvironments:\n  prod:\n    baseUrl: ${url}\n    tokenEnv: CRM_TOKEN_PROD\n`;
  emulator = await startTestEmulator({ tokens: [SECRET], rateLimit: 100_000 });
  readOnly = await startTestEmulator({
    tokens: [
      `${SECRET}:${['contacts', 'companies'].map((t) => scopes.schemasRead(t)).join(',')},${scopes.events}`,
    ],
  });
  other = await startTestEmulator({ tokens: ['someone-else'] });
  await writeSyntheticProject(join(dir, 'project'), SIZE, environments(emulator.url));
  await writeSyntheticProject(join(dir, 'bad'), { ...SIZE, pairs: 0 });
  await writeSyntheticProject(join(dir, 'local'), SIZE);
  await mkdir(join(dir, 'fresh'));
  // a manifest holding the token in a broken string: the YAML error must not quote it back
  await writeFile(
    join(dir, 'bad', 'schema', 'broken.yaml'),
    `kind: Properties\nobjectType: tickets\nx: "${SECRET}\n`,
  );
}, 60_000);

afterAll(async () => {
  await Promise.all([emulator, readOnly, other].map((e) => e?.close()));
  await rm(dir, { recursive: true, force: true });
});

/**
 * A run of the CLI's `main` in this process (the same code as the binary, without a process start per
 * run); `binary`: the real binary, for what only a process shows (the runtime's own warnings).
 */
function run(
  what: string,
  args: string[],
  where = 'project',
  env: NodeJS.ProcessEnv = {},
  binary = false,
): Promise<Run> {
  const options = {
    cwd: join(dir, where),
    env: {
      CRM_ACCESS_TOKEN: SECRET,
      CRM_TOKEN_PROD: SECRET,
      GITHUB_STEP_SUMMARY: join(dir, 'step-summary.md'),
      ...env,
    },
  };
  return (binary ? runBin(args, options) : runCli(args, options)).then((result) => {
    runs.push({ what, run: result });
    return result;
  });
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

it('no command prints or writes the token, whether it succeeds or fails', async () => {
  const base = (e: TestEmulator) => ['--base-url', e.url];
  const expectCode = async (code: number, running: Promise<Run>) => {
    expect((await running).code).toBe(code);
  };
  // the known emulator: reads of the empty account, then a saved plan applied, then drift and pull
  const main = async () => {
    await Promise.all([
      expectCode(0, run('plan --env', ['plan', '--env', 'prod', '--verbose'], 'project', {}, true)),
      expectCode(0, run('plan --out', ['plan', ...base(emulator), '--out', 'plan.json', '--verbose'])),
      expectCode(0, run('plan --json', ['plan', ...base(emulator), '--json'])),
      expectCode(
        2,
        run('plan --format markdown', [
          'plan',
          ...base(emulator),
          '--format',
          'markdown',
          '--detailed-exitcode',
        ]),
      ),
      expectCode(2, run('drift (drifted)', ['drift', ...base(emulator), '--json', '--verbose'])),
    ]);
    await expectCode(
      0,
      run('apply --dry-run', ['apply', 'plan.json', ...base(emulator), '--dry-run', '--json']),
    );
    await expectCode(0, run('apply plan.json', ['apply', 'plan.json', ...base(emulator), '--verbose']));
    await expectCode(0, run('drift', ['drift', ...base(emulator), '--verbose', '--format', 'markdown']));
    const pull = [
      'pull',
      ...base(emulator),
      '--object-type',
      'contacts',
      '--prefix',
      'syn_',
      '--associations',
      'contacts:companies',
      '--label',
      'contacts->companies',
    ];
    await expectCode(
      0,
      run('pull (new project)', [...pull, '--event', 'syn_event_00', '--out', 'pulled'], 'fresh'),
    );
  };
  // failing runs, and the local emulator, on the side
  const failing = async () => {
    await Promise.all([
      expectCode(0, run('validate', ['validate'])),
      expectCode(1, run('plan (bad manifests)', ['plan', ...base(emulator), '--verbose'], 'bad')),
      expectCode(1, run('plan (token refused)', ['plan', ...base(other), '--verbose'])),
      expectCode(1, run('plan (no CRM there)', ['plan', '--base-url', 'http://127.0.0.1:9', '--verbose'])),
      expectCode(
        1,
        run(
          'plan (credentials in the URL)',
          ['plan', '--base-url', emulator.url.replace('://', `://user:${SECRET}@`)],
          'project',
          {},
          true,
        ),
      ),
      expectCode(1, run('drift (token refused)', ['drift', ...base(other), '--format', 'markdown'])),
      expectCode(
        1,
        run('pull (token refused)', ['pull', ...base(other), '--object-type', 'contacts', '--out', 'x']),
      ),
    ]);
    await Promise.all([
      expectCode(1, run('apply (no write scope)', ['apply', '--yes', ...base(readOnly), '--verbose'])),
      expectCode(1, run('apply (token refused)', ['apply', '--yes', ...base(other), '--json'])),
      expectCode(0, run('apply --local', ['apply', '--local', '--yes', '--verbose'], 'local')),
    ]);
  };
  await Promise.all([main(), failing()]);

  // the emulator, given the token, with its state in a file
  const data = join(dir, 'emulator-state.json');
  const child = spawnBin(['emulator', '--port', '0', '--token', SECRET, '--data', data], { cwd: dir });
  const served = finished(child);
  await new Promise<void>((resolve) => {
    let seen = '';
    child.stdout!.on('data', (chunk: string | Buffer) => {
      seen += chunk.toString();
      if (seen.includes('listening on')) resolve();
    });
  });
  child.kill('SIGTERM');
  runs.push({ what: 'emulator --token', run: await served });

  // what was written: the project folders (plans, pulled manifests, .crm-schema/local.json), the step summary
  const written = [...(await filesUnder(dir))];
  expect(written).toEqual(
    expect.arrayContaining([join(dir, 'project', 'plan.json'), join(dir, 'step-summary.md'), data]),
  );
  expect(written.some((f) => f.includes(join('local', '.crm-schema', 'local.json')))).toBe(true);
  expect(written.some((f) => f.includes(join('fresh', 'pulled')))).toBe(true);
  const leaks: string[] = [];
  for (const { what, run: r } of runs) {
    if (`${r.stdout}${r.stderr}`.includes(SECRET)) leaks.push(`output of ${what}`);
  }
  for (const file of written) {
    // the one file that holds it is the test's own broken manifest, which no command writes
    if (file.endsWith(join('bad', 'schema', 'broken.yaml'))) continue;
    if ((await readFile(file)).includes(SECRET)) leaks.push(file);
  }
  expect(leaks).toEqual([]);
  // and the failing runs did fail for the reasons meant, so they exercised their error paths
  const output = (what: string) => runs.find((r) => r.what === what)!.run.stderr;
  expect(output('plan (token refused)')).toContain('401');
  expect(output('apply (no write scope)')).toContain('MISSING_SCOPES');
  expect(output('plan (bad manifests)')).toContain('YAML_SYNTAX');
}, 120_000);
