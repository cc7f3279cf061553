/**
 * deploy.yml's jobs run step by step as written (workflow-runner.ts), against the emulator and a git
 * repository standing for GitHub's: a push to main whose manifests add a property and an event definition.
 *
 * - plan, with the read-only token (no event scope: the platform's only one also writes): the event
 *   definition is not read, the plan says so and exits 2, so that the apply job runs;
 * - apply, with the token that writes: it plans the event definition now, shows that part in the log and
 *   the run summary before it applies it with the saved plan, and writes its record;
 * - records, with no CRM token: the record goes to the branch crm-schema-records;
 * - record: the tag crm-schema/deployed/production moves to the commit.
 *
 * Another clone then sees the apply in `crm-schema history` (the records branch came with the clone) and
 * rolls it back. Only the installs are rewritten (to this repository's CLI); actions are the test's
 * handlers (checkout clones the repository; artifacts are kept in a folder).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';
import { ROOT, workflow } from './recipes.js';
import { runJob, type ActionHandler, type JobResult } from './workflow-runner.js';

const WRITER = 'deploy-workflow-writer-token';
const READER = 'deploy-workflow-reader-token';
const READ_SCOPES = 'crm.schemas.*.read,crm.objects.*.read';

const PROJECT = `manifests: ['schema/*.yaml']
environments:
  production: { baseUrl: 'https://crm.example.invalid', tokenEnv: CRM_TOKEN_PRODUCTION }
`;
const MANIFESTS = {
  'schema/tickets.yaml': `kind: Properties
objectType: tickets
properties:
  - { name: deploy_note, label: Note, type: string, fieldType: text, groupName: ticketinformation }
`,
  'schema/events.yaml': `kind: EventProperties
eventName: deploy_shipped
definition: { label: Shipped, primaryObject: CONTACT }
properties:
  - { name: carrier, label: Carrier, type: string }
`,
};

let emulator: TestEmulator;
let root: string;
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  });

beforeAll(async () => {
  emulator = await startTestEmulator({ tokens: [WRITER, `${READER}:${READ_SCOPES}`] });
  root = await tempDir('crm-schema-deploy-workflow-');
  // GitHub's copy of the repository, with the commit pushed to main
  const work = join(root, 'work');
  await writeFiles(work, {
    'crm-schema.yaml': PROJECT,
    ...MANIFESTS,
    '.gitignore': '.crm-schema/\nnode_modules/\n',
  });
  git(root, 'init', '-q', '--bare', 'origin.git');
  git(work, 'init', '-q', '-b', 'main');
  git(work, 'add', '.');
  git(work, 'commit', '-q', '-m', 'Add a property and an event');
  git(work, 'push', '-q', join(root, 'origin.git'), 'main');
});
afterAll(async () => {
  await emulator.close();
  await removeDir(root);
});

const sha = () => git(join(root, 'work'), 'rev-parse', 'HEAD').trim();

/** Runs one job of deploy.yml in a workspace of its own. */
async function runDeployJob(
  name: string,
  needs: Record<string, { result: string; outputs: Record<string, string> }> = {},
): Promise<JobResult> {
  const workspace = join(root, `job-${name}`);
  await mkdir(workspace, { recursive: true });
  const artifacts = join(root, 'artifacts');
  const actions: Record<string, ActionHandler> = {
    'actions/checkout': () => {
      git(root, 'clone', '-q', '--branch', 'main', join(root, 'origin.git'), workspace);
      return Promise.resolve({ outcome: 'success' });
    },
    'actions/setup-node': () => Promise.resolve({ outcome: 'success' }),
    'actions/upload-artifact': ({ with: withs }) => {
      const target = join(artifacts, withs.name!);
      mkdirSync(target, { recursive: true });
      // a path ending in `name.*`: every file of that name
      const path = withs.path!;
      const folder = path.slice(0, path.lastIndexOf('/'));
      const pattern = path.slice(path.lastIndexOf('/') + 1);
      const matches = pattern.endsWith('.*')
        ? readdirSync(folder).filter((file) => file.startsWith(pattern.slice(0, -1)))
        : readdirSync(folder).filter((file) => file === pattern);
      for (const file of matches) cpSync(join(folder, file), join(target, file));
      return Promise.resolve({ outcome: 'success' });
    },
    'actions/download-artifact': ({ with: withs }) => {
      const from = join(artifacts, withs.name!);
      if (!existsSync(from)) return Promise.resolve({ outcome: 'failure', stderr: 'no such artifact' });
      const into = withs.path!.startsWith('/') ? withs.path! : join(workspace, withs.path!);
      cpSync(from, into, { recursive: true });
      return Promise.resolve({ outcome: 'success' });
    },
  };
  return runJob({
    job: workflow('deploy.yml').jobs[name]!,
    workspace,
    contexts: {
      github: { ref: 'refs/heads/main', sha: sha(), run_id: 77, run_attempt: 1, actor: 'octo-deployer' },
      vars: { CRM_BASE_URL_PRODUCTION: emulator.url },
      secrets: { CRM_READ_TOKEN_PRODUCTION: READER, CRM_TOKEN_PRODUCTION: WRITER },
      needs,
    },
    runnerEnv: {
      GITHUB_REPOSITORY: 'acme/crm',
      GITHUB_RUN_ID: '77',
      GITHUB_RUN_ATTEMPT: '1',
      GITHUB_REF_NAME: 'main',
      GITHUB_SHA: sha(),
      GITHUB_ACTOR: 'octo-deployer',
    },
    actions,
    rewrite: (_step, script) =>
      script.replace(
        'npm ci --ignore-scripts',
        `mkdir -p node_modules/.bin && ln -s '${join(ROOT, 'bin', 'run.js')}' node_modules/.bin/crm-schema`,
      ),
  });
}

it('plans without the event scope, applies with it (showing that part first), and publishes the record', async () => {
  const plan = await runDeployJob('plan');
  expect(plan.succeeded, plan.log).toBe(true);
  expect(plan.outputs.changes).toBe('true');
  expect(plan.log).toContain('EVENTS_NOT_READ: event:deploy_shipped was not read');

  const apply = await runDeployJob('apply', { plan: { result: plan.result, outputs: plan.outputs } });
  expect(apply.succeeded, apply.log).toBe(true);
  expect(apply.log).toContain('The saved plan could not read the event definitions');
  const planned = apply.summary.indexOf('Planned at apply: event definitions');
  expect(planned, apply.summary).toBeGreaterThanOrEqual(0);
  expect(apply.summary.indexOf('deploy_shipped')).toBeGreaterThan(planned);

  const records = await runDeployJob('records', {
    plan: { result: plan.result, outputs: plan.outputs },
    apply: { result: apply.result, outputs: apply.outputs },
  });
  expect(records.succeeded, records.log).toBe(true);
  expect(records.log).toContain('Published 1 apply record to crm-schema-records on origin');
  const tag = await runDeployJob('record', {
    plan: { result: plan.result, outputs: plan.outputs },
    apply: { result: apply.result, outputs: apply.outputs },
  });
  expect(tag.succeeded, tag.log).toBe(true);

  // another clone: the apply is in its history, and it can be rolled back from there
  const clone = join(root, 'clone');
  git(root, 'clone', '-q', '--branch', 'main', join(root, 'origin.git'), clone);
  const env = { CRM_ACCESS_TOKEN: WRITER, CRM_BASE_URL: '' };
  const history = await runCli(['history', '--json'], { cwd: clone, env });
  expect(history.code, history.stderr).toBe(0);
  const listed = JSON.parse(history.stdout) as {
    records: { id: string; places: { kind: string; where: string }[]; actor: { name: string } }[];
  };
  expect(listed.records).toHaveLength(1);
  const [record] = listed.records;
  expect(record!.places).toEqual([{ kind: 'git', where: 'origin/crm-schema-records' }]);
  expect(record!.actor.name).toBe('octo-deployer');
  const back = await runCli(
    ['rollback', record!.id, '--env', 'production', '--base-url', emulator.url, '--out', 'back.json'],
    { cwd: clone, env },
  );
  expect(back.code, back.stderr + back.stdout).toBe(1);
  // the event definition it created cannot be reversed: said, and the rest is rolled back with --partial
  expect(back.stdout).toContain('ROLLBACK_IRREVERSIBLE');
  const partial = await runCli(
    [
      'rollback',
      record!.id,
      '--partial',
      '--allow-destructive',
      '--env',
      'production',
      '--base-url',
      emulator.url,
      '--out',
      'back.json',
    ],
    { cwd: clone, env },
  );
  expect(partial.code, partial.stderr + partial.stdout).toBe(0);
  const undone = await runCli(
    ['apply', 'back.json', '--env', 'production', '--base-url', emulator.url, '--allow-destructive'],
    { cwd: clone, env },
  );
  expect(undone.code, undone.stderr + undone.stdout).toBe(0);
  const note = await emulator.call('GET', '/crm/v3/properties/tickets/deploy_note', undefined, WRITER);
  expect(note.status).toBe(404);
});
