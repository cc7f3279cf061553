/**
 * plan.yml's job run step by step as written (workflow-runner.ts), against the emulator, with a pull
 * request that does its worst: its crm-schema.yaml names a host of its own (a server here that counts
 * what reaches it) and asks for `unmanaged: report`, and it commits `validate.txt` and `plan.md` as links
 * to a file holding a secret. Only the install is rewritten: the base branch's `npm ci` becomes a link to
 * this repository's CLI. The comment the job would post is what its github-script step sends.
 */
import { cpSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_COMMENT_MARKER } from '../../src/engine/render/plan/plan-markdown.js';
import { runCli } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';
import { githubScript, type Comment, type CommentCall } from './github-script.js';
import { ROOT, workflow } from './recipes.js';
import { runJob, type JobResult } from './workflow-runner.js';

const WRITER = 'plan-workflow-writer-token';
const READER = 'plan-workflow-reader-token';
const READ_SCOPES = 'crm.schemas.*.read,crm.objects.*.read';
const SECRET = 'GITHUB_TOKEN=ghs_FAKE_SECRET_1234567890abcdef';
/** a live property in the managed scope that no manifest names */
const HIDDEN = 'support_salary_band';
const PR_NUMBER = 7;

const tickets = (label: string, extra = '') => `kind: Properties
objectType: tickets
groups: [{ name: support_team, label: Support }]
properties:
  - { name: support_note, label: ${label}, type: string, fieldType: text, groupName: support_team }
${extra}`;

const LOCKFILE = JSON.stringify({
  name: 'acme-crm',
  lockfileVersion: 3,
  requires: true,
  packages: {
    '': { name: 'acme-crm', devDependencies: { 'crm-schema': 'file:vendor/crm-schema-0.2.0.tgz' } },
    'node_modules/crm-schema': { version: '0.2.0', resolved: 'file:vendor/crm-schema-0.2.0.tgz', dev: true },
  },
});

describe('plan.yml, run as written', () => {
  let emulator: TestEmulator;
  let elsewhere: Server;
  let elsewhereCalls = 0;
  let root: string;
  let secretFile: string;

  beforeAll(async () => {
    emulator = await startTestEmulator({ tokens: [WRITER, `${READER}:${READ_SCOPES}`] });
    elsewhere = createServer((request, response) => {
      elsewhereCalls += 1;
      request.resume();
      response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    root = await tempDir('crm-schema-plan-workflow-');
    secretFile = join(root, 'outside', 'environ');
    await mkdir(join(root, 'outside'));
    await writeFile(secretFile, `${SECRET}\n`);
    // the account: the note, and a property in the scope that the pull request's manifests leave out
    const seed = join(root, 'seed');
    await writeFiles(seed, {
      'crm-schema.yaml': "manifests: ['schema/*.yaml']\npolicy: { manage: { prefixes: [support_] } }\n",
      'schema/tickets.yaml': tickets(
        'Note',
        `  - { name: ${HIDDEN}, label: Salary band, type: string, fieldType: text, groupName: support_team }\n`,
      ),
    });
    const seeded = await runCli(['apply', '--yes', '--base-url', emulator.url], {
      cwd: seed,
      env: { CRM_ACCESS_TOKEN: WRITER, CRM_BASE_URL: undefined },
    });
    expect(seeded.code, seeded.stderr).toBe(0);
  });
  afterAll(async () => {
    await emulator.close();
    await new Promise((resolve) => elsewhere.close(resolve));
    await removeDir(root);
  });

  interface Scenario {
    /** the base branch's lockfile installs crm-schema (by default), under a scope, or there is none */
    lockfile?: 'scoped' | false;
    /** the pull request's manifest */
    manifest?: string;
    /** the repository variables */
    vars?: Record<string, string>;
    /** comments already on the pull request */
    comments?: Comment[];
    /** steps left out (by id), to show what the CLI does without them */
    without?: string[];
  }

  let count = 0;
  async function runPlanJob(scenario: Scenario = {}): Promise<JobResult & { calls: CommentCall[] }> {
    count += 1;
    const dir = join(root, `run-${count}`);
    const { port } = elsewhere.address() as AddressInfo;
    const base: Record<string, string> = {
      'crm-schema.yaml': "manifests: ['schema/*.yaml']\n",
      'schema/tickets.yaml': tickets('Note'),
      'package.json': JSON.stringify({ name: 'acme-crm', devDependencies: { 'crm-schema': '0.2.0' } }),
    };
    if (scenario.lockfile === 'scoped')
      base['package-lock.json'] = LOCKFILE.replaceAll('crm-schema', '@acme/crm-schema');
    else if (scenario.lockfile !== false) base['package-lock.json'] = LOCKFILE;
    await writeFiles(join(dir, 'fixture-base'), base);
    await writeFiles(join(dir, 'fixture-pr'), {
      // the pull request's own project file: its host, its token variable, and unmanaged: report
      'crm-schema.yaml':
        "manifests: ['schema/*.yaml']\n" +
        'environments:\n' +
        `  production: { baseUrl: 'http://127.0.0.1:${port}', tokenEnv: CRM_TOKEN_PRODUCTION }\n` +
        'policy: { unmanaged: report, manage: { prefixes: [support_] } }\n',
      'schema/tickets.yaml': scenario.manifest ?? tickets('Agent note'),
    });
    // what the job writes, committed by the pull request as links to a file holding a secret
    for (const name of ['validate.txt', 'plan.md', 'plan.json'])
      await symlink(secretFile, join(dir, 'fixture-pr', name));
    const workspace = join(dir, 'workspace');
    await mkdir(workspace, { recursive: true });

    const calls: CommentCall[] = [];
    const job = workflow('plan.yml').jobs.plan!;
    const result = await runJob({
      job: {
        ...job,
        steps: job.steps.filter((s) => s.id === undefined || !scenario.without?.includes(s.id)),
      },
      workspace,
      contexts: {
        github: {
          event: {
            pull_request: {
              number: PR_NUMBER,
              base: { sha: 'b'.repeat(40) },
              head: { repo: { full_name: 'acme/crm' } },
            },
          },
          repository: 'acme/crm',
          actor: 'a-collaborator',
          ref: `refs/pull/${PR_NUMBER}/merge`,
          run_id: 4242,
        },
        vars: scenario.vars ?? { CRM_BASE_URL_PRODUCTION: emulator.url },
        secrets: { CRM_READ_TOKEN_PRODUCTION: READER },
      },
      runnerEnv: {
        GITHUB_REPOSITORY: 'acme/crm',
        GITHUB_RUN_ID: '4242',
        GITHUB_RUN_ATTEMPT: '1',
        GITHUB_BASE_REF: 'main',
        GITHUB_REF_NAME: `${PR_NUMBER}/merge`,
      },
      actions: {
        'actions/checkout': ({ with: withs }) => {
          const from = withs.path === 'base' ? 'fixture-base' : 'fixture-pr';
          cpSync(join(dir, from), join(workspace, withs.path ?? ''), {
            recursive: true,
            verbatimSymlinks: true,
          });
          return Promise.resolve({ outcome: 'success' });
        },
        'actions/setup-node': () => Promise.resolve({ outcome: 'success' }),
        'actions/github-script': githubScript(PR_NUMBER, scenario.comments ?? [], calls),
      },
      // the base branch's install: this repository's CLI, where npm ci would put the package's
      rewrite: (_step, script) =>
        script.replace(
          'npm ci --ignore-scripts',
          `mkdir -p node_modules/.bin && ln -s '${join(ROOT, 'bin', 'run.js')}' node_modules/.bin/crm-schema`,
        ),
    });
    // nothing the job did wrote through the links the pull request planted
    expect(await readFile(secretFile, 'utf8')).toBe(`${SECRET}\n`);
    return { ...result, calls };
  }

  const outcomes = (result: JobResult) =>
    Object.fromEntries(result.steps.map((s) => [s.id ?? s.name, s.outcome]));

  it("plans against the repository variable's target with the read-only token, and posts one comment", async () => {
    const result = await runPlanJob();
    expect(result.succeeded, result.log).toBe(true);
    expect(result.calls).toHaveLength(1);
    const [call] = result.calls;
    expect(call).toMatchObject({
      method: 'createComment',
      owner: 'acme',
      repo: 'crm',
      issue_number: PR_NUMBER,
    });
    expect(call!.body.startsWith(PLAN_COMMENT_MARKER)).toBe(true);
    expect(call!.body).toContain('support_note');
    expect(call!.body).toContain('Agent note');
    // the links the pull request committed were never read: the comment is the job's own plan
    expect(call!.body).not.toContain('ghs_FAKE_SECRET');
    expect(result.log).not.toContain('ghs_FAKE_SECRET');
    // its crm-schema.yaml chose neither the host nor what the comment lists
    expect(elsewhereCalls).toBe(0);
    expect(call!.body).not.toContain(HIDDEN);
    expect(result.summary).toContain(PLAN_COMMENT_MARKER);
    expect(result.log).not.toContain(READER);
  });

  it('finds crm-schema in the lockfile under a scope of its own too (a private registry)', async () => {
    const result = await runPlanJob({ lockfile: 'scoped' });
    expect(result.succeeded, result.log).toBe(true);
    expect(result.calls.map((c) => c.method)).toEqual(['createComment']);
  });

  it('updates its earlier comment instead of adding one', async () => {
    const earlier: Comment = {
      id: 99,
      user: { login: 'github-actions[bot]' },
      body: `${PLAN_COMMENT_MARKER}\nan earlier plan`,
    };
    const mimic: Comment = { id: 98, user: { login: 'someone' }, body: `${PLAN_COMMENT_MARKER}\nnot ours` };
    const result = await runPlanJob({ comments: [mimic, earlier] });
    expect(result.calls.map((c) => [c.method, c.comment_id])).toEqual([['updateComment', 99]]);
  });

  it('posts a validation failure from its own output, never from the planted validate.txt', async () => {
    const result = await runPlanJob({ manifest: tickets('Agent note', '  - { name: support_broken }\n') });
    expect(result.succeeded).toBe(false);
    expect(outcomes(result)).toMatchObject({ validate: 'failure', plan: 'skipped' });
    expect(result.calls).toHaveLength(1);
    const body = result.calls[0]!.body;
    expect(body).toContain('**The manifests are not valid**, so no plan was made:');
    expect(body).toContain('schema/tickets.yaml:6:5');
    expect(body).not.toContain('ghs_FAKE_SECRET');
  });

  it('an unset base-URL variable fails closed: the job names the variable, calls nothing, and says so', async () => {
    const before = elsewhereCalls;
    const result = await runPlanJob({ vars: {} });
    expect(result.succeeded).toBe(false);
    expect(outcomes(result)).toMatchObject({ validate: 'success', target: 'failure', plan: 'skipped' });
    expect(result.log).toContain(
      '::error title=crm-schema plan::The repository variable CRM_BASE_URL_PRODUCTION is not set: set it to the production CRM',
    );
    expect(result.calls).toHaveLength(1);
    expect(result.calls[0]!.body).toContain(
      'The plan could not be made: the production target (repository variable CRM_BASE_URL_PRODUCTION)',
    );
    expect(elsewhereCalls).toBe(before);
  });

  it("without the workflow's own check, crm-schema still refuses the empty --base-url before any call", async () => {
    const before = elsewhereCalls;
    const result = await runPlanJob({ vars: {}, without: ['target'] });
    expect(outcomes(result)).toMatchObject({ validate: 'success', plan: 'failure' });
    expect(result.log).toContain(
      'Error: --base-url was given an empty value: it names no CRM, so nothing was called.',
    );
    expect(elsewhereCalls).toBe(before);
    expect(result.calls[0]!.body).toContain('The plan could not be made: see the log of run 4242.');
    expect(result.calls[0]!.body).not.toContain('ghs_FAKE_SECRET');
  });

  it('the first pull request, whose base branch has no lockfile yet: a notice, no plan, no failure', async () => {
    const result = await runPlanJob({ lockfile: false });
    expect(result.succeeded, result.log).toBe(true);
    expect(result.log).toContain(
      '::notice title=crm-schema plan skipped::crm-schema plan skipped: the base branch has no package-lock.json that installs crm-schema',
    );
    expect(result.summary).toContain('crm-schema plan skipped');
    const ran = result.steps.filter((s) => s.outcome !== 'skipped').map((s) => s.id ?? s.name);
    expect(ran).toEqual([
      "Make a fresh folder for what this job writes (outside the pull request's checkout)",
      'Check out the base branch (the crm-schema that runs)',
      'Check out the pull request (only its manifests are read)',
      'base',
    ]);
    expect(result.calls).toEqual([]);
  });

  it('runs for pull requests of this repository only; forks get the notice job', async () => {
    const w = workflow('plan.yml');
    const fork = await runJob({
      job: w.jobs.plan!,
      workspace: join(root, 'fork-workspace'),
      contexts: {
        github: {
          event: { pull_request: { head: { repo: { full_name: 'someone/fork' } } } },
          repository: 'acme/crm',
          actor: 'someone',
        },
        vars: {},
        secrets: {},
      },
      runnerEnv: {},
      actions: {},
    });
    expect(fork.ran).toBe(false);
    expect(w.jobs.skipped!.if).toContain(
      'github.event.pull_request.head.repo.full_name != github.repository',
    );
  });
});
