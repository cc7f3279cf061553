/**
 * The CI recipes in examples/github-actions/, read as data: they use only commands and flags the CLI has,
 * and they keep the least privilege they promise. The token that writes reaches only the jobs that apply,
 * each in a protected environment; plan and drift jobs hold only the read-only token; manual deploys run
 * from main only; every job that holds a token installs without install scripts and runs the installed
 * crm-schema (never one fetched by name); every file a job writes is in a fresh folder under $RUNNER_TEMP;
 * the target always comes from the repository variable, never from the project file. Every
 * `crm-schema ...` invocation in a `run:` step is checked against the oclif command classes (their static
 * `flags` and `args`). What the steps do when run is in plan-workflow-run.test.ts.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from '@oclif/core';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { PLAN_COMMENT_MARKER } from '../../src/engine/render/plan/plan-markdown.js';
import {
  invocations,
  recipeText,
  RECIPES,
  RECIPES_DIR,
  ROOT,
  secretsOf,
  steps,
  workflow,
  type Job,
} from './recipes.js';

const READ_SECRET = 'CRM_READ_TOKEN_PRODUCTION';
const WRITE_SECRET = 'CRM_TOKEN_PRODUCTION';
const TARGET_VARIABLE = 'CRM_BASE_URL_PRODUCTION';
const ON_MAIN = "github.ref == 'refs/heads/main'";

interface FlagDef {
  type: 'boolean' | 'option';
  allowNo?: boolean;
  options?: readonly string[];
}
type CommandClass = typeof Command & {
  flags: Record<string, FlagDef>;
  args?: Record<string, unknown>;
  strict?: boolean;
};

async function commandClass(name: string): Promise<CommandClass | undefined> {
  if (!readdirSync(join(ROOT, 'src', 'commands')).includes(`${name}.ts`)) return undefined;
  const module = (await import(`../../src/commands/${name}.ts`)) as { default: CommandClass };
  return module.default;
}

/** Problems with one invocation: unknown command, unknown flag, a bad option value, extra arguments. */
async function check(words: string[]): Promise<string[]> {
  const [name, ...rest] = words;
  const command = await commandClass(name!);
  if (command === undefined) return [`no command '${name}'`];
  const problems: string[] = [];
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i += 1) {
    const word = rest[i]!;
    if (!word.startsWith('--')) {
      positional.push(word);
      continue;
    }
    const [flagName, inline] = word.slice(2).split('=', 2) as [string, string | undefined];
    const negated = flagName.startsWith('no-') && command.flags[flagName] === undefined;
    const flag = command.flags[negated ? flagName.slice(3) : flagName];
    if (flag === undefined || (negated && flag.allowNo !== true)) {
      problems.push(`${name}: no flag --${flagName}`);
      continue;
    }
    if (flag.type === 'option') {
      const value = inline ?? rest[(i += 1)];
      if (value === undefined) problems.push(`${name}: --${flagName} needs a value`);
      else if (flag.options !== undefined && !flag.options.includes(value))
        problems.push(`${name}: --${flagName} ${value} is not one of ${flag.options.join(', ')}`);
    }
  }
  const argCount = Object.keys(command.args ?? {}).length;
  if (command.strict && positional.length > argCount)
    problems.push(`${name}: unexpected arguments ${positional.join(' ')}`);
  return problems;
}

const project = parse(readFileSync(join(ROOT, 'examples', 'crm-schema.yaml'), 'utf8')) as {
  environments: Record<string, { tokenEnv?: string }>;
};

/** The jobs of every recipe, as `file: job`. */
const JOBS: [string, string, Job][] = RECIPES.flatMap((file) =>
  Object.entries(workflow(file).jobs).map(([name, job]): [string, string, Job] => [file, name, job]),
);
const runsCommand = (job: Job, command: string) =>
  job.steps.some((s) => s.run !== undefined && invocations(s.run).some((words) => words[0] === command));

/** Where a run script writes: the targets of `>`, `>>`, `tee`, `--out` and `--body-file`. */
function writeTargets(run: string): string[] {
  // the text of a workflow command (echo "::error ...::text") is a message, not shell
  const script = run.replace(/"::[^"]*"/g, '""');
  const targets: string[] = [];
  for (const match of script.matchAll(/(?<![0-9&])>>?\s*("[^"]*"|[^\s;]+)/g)) targets.push(match[1]!);
  for (const match of script.matchAll(/\btee\s+(?:-a\s+)?("[^"]*"|\S+)/g)) targets.push(match[1]!);
  for (const match of script.matchAll(/--(?:out|body-file)\s+("[^"]*"|\S+)/g)) targets.push(match[1]!);
  return targets;
}
/** Files of the runner itself, not of the job. */
const RUNNER_FILES = [
  '"$GITHUB_OUTPUT"',
  '"$GITHUB_ENV"',
  '"$GITHUB_PATH"',
  '"$GITHUB_STEP_SUMMARY"',
  '/dev/null',
];

describe('examples/github-actions', () => {
  it('holds the three recipes', () => {
    expect(readdirSync(RECIPES_DIR).sort()).toEqual(RECIPES);
  });

  for (const file of RECIPES) {
    describe(file, () => {
      const w = workflow(file);
      const runs = steps(w).filter((s) => s.run !== undefined && invocations(s.run).length > 0);

      it('runs crm-schema commands and flags that exist, for an environment of the example project', async () => {
        expect(runs.length).toBeGreaterThan(0);
        const problems: string[] = [];
        for (const step of runs)
          for (const words of invocations(step.run!)) {
            problems.push(...(await check(words)));
            const env = words.indexOf('--env');
            if (env >= 0 && project.environments[words[env + 1]!] === undefined)
              problems.push(`--env ${words[env + 1]}: no such environment in examples/crm-schema.yaml`);
          }
        expect(problems).toEqual([]);
      });

      it('takes the target from the repository variable and the token from CRM_ACCESS_TOKEN, never from the project file', () => {
        for (const step of runs) {
          for (const words of invocations(step.run!)) {
            // the commands that call no CRM
            if (words[0] === 'validate' || words[0] === 'history') continue;
            expect(words, step.name).toEqual(expect.arrayContaining(['--base-url', '"$CRM_BASE_URL"']));
            expect(step.env?.CRM_BASE_URL, step.name).toBe(`\${{ vars.${TARGET_VARIABLE} }}`);
            expect(Object.keys(step.env ?? {}).sort(), step.name).toEqual(
              expect.arrayContaining(['CRM_ACCESS_TOKEN', 'CRM_BASE_URL']),
            );
            // no token variable of the project file: with --base-url crm-schema reads CRM_ACCESS_TOKEN only
            for (const environment of Object.values(project.environments))
              expect(Object.keys(step.env ?? {}), step.name).not.toContain(environment.tokenEnv);
          }
        }
      });

      it('runs the crm-schema installed from the lockfile: never npx, never a name fetched from a registry', () => {
        const text = recipeText(file);
        expect(text).not.toMatch(/\bnpx\b/);
        expect(text).not.toMatch(/npm (install|i|exec)\b/);
      });
    });
  }

  it('the token that writes is read only by jobs that apply, each in the protected environment production', () => {
    const holders = JOBS.filter(([, , job]) => secretsOf(job).has(WRITE_SECRET));
    expect(holders.map(([file, name]) => `${file}: ${name}`)).toEqual(['deploy.yml: apply']);
    for (const [, name, job] of holders) {
      expect(runsCommand(job, 'apply'), name).toBe(true);
      expect(job.environment, name).toBe('production');
      expect(job.if, name).toContain(ON_MAIN);
    }
    // and every job that applies holds it from that environment
    for (const [file, name, job] of JOBS)
      if (runsCommand(job, 'apply')) expect(job.environment, `${file}: ${name}`).toBe('production');
  });

  it('plan and drift jobs hold only the read-only token, in no environment', () => {
    const readers = JOBS.filter(([, , job]) => runsCommand(job, 'plan') || runsCommand(job, 'drift'));
    expect(readers.map(([file, name]) => `${file}: ${name}`).sort()).toEqual([
      'deploy.yml: plan',
      'drift.yml: drift',
      'plan.yml: plan',
    ]);
    for (const [file, name, job] of readers) {
      expect([...secretsOf(job)], `${file}: ${name}`).toEqual([READ_SECRET]);
      expect(job.environment, `${file}: ${name}`).toBeUndefined();
    }
    // no other job holds a CRM token at all
    for (const [file, name, job] of JOBS)
      if (!readers.some(([f, n]) => f === file && n === name) && name !== 'apply')
        expect([...secretsOf(job)], `${file}: ${name}`).toEqual([]);
  });

  it('every job that holds a secret installs with npm ci --ignore-scripts', () => {
    let checked = 0;
    for (const [file, name, job] of JOBS) {
      if (secretsOf(job).size === 0) continue;
      const installs = job.steps.flatMap((s) => (s.run ?? '').split('\n')).filter((l) => /\bnpm\b/.test(l));
      expect(installs, `${file}: ${name}`).toEqual(['npm ci --ignore-scripts']);
      checked += 1;
    }
    expect(checked).toBe(4);
  });

  it('every file a job writes is in a fresh folder under $RUNNER_TEMP, made before it is used', () => {
    for (const [file, name, job] of JOBS) {
      const scripts = job.steps.map((s) => s.run ?? '');
      const targets = scripts.flatMap(writeTargets).filter((t) => !RUNNER_FILES.includes(t));
      if (targets.length === 0) continue;
      for (const target of targets)
        expect(target, `${file}: ${name}`).toMatch(/^"\$CRM_SCHEMA_OUT\/[\w.-]+"$/);
      const made = scripts.findIndex((s) =>
        s.includes('echo "CRM_SCHEMA_OUT=$(mktemp -d "$RUNNER_TEMP/crm-schema.XXXXXXXX")" >> "$GITHUB_ENV"'),
      );
      const firstUse = scripts.findIndex((s) => s.includes('$CRM_SCHEMA_OUT'));
      expect(made, `${file}: ${name} makes the folder`).toBeGreaterThanOrEqual(0);
      expect(made, `${file}: ${name} makes the folder first`).toBeLessThan(firstUse);
    }
    // what actions write or read goes there too
    const deploy = workflow('deploy.yml');
    const upload = deploy.jobs.plan!.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.with?.path).toBe('${{ env.CRM_SCHEMA_OUT }}/plan.json');
    const download = deploy.jobs.apply!.steps.find((s) => s.uses?.startsWith('actions/download-artifact@'));
    expect(download?.with?.path).toBe('${{ env.CRM_SCHEMA_OUT }}');
  });

  it('deploy.yml: a manual run deploys from main only, says so elsewhere, and only main moves the tag', () => {
    const w = workflow('deploy.yml');
    expect(Object.keys(w.on).sort()).toEqual(['push', 'workflow_dispatch']);
    expect(w.on.push).toEqual({ branches: ['main'], paths: ['crm-schema.yaml', 'schema/**'] });
    for (const name of ['plan', 'apply', 'records', 'record'])
      expect(w.jobs[name]!.if, name).toContain(ON_MAIN);
    const refused = w.jobs['not-main']!;
    expect(refused.if).toBe("github.ref != 'refs/heads/main'");
    expect(refused.steps[0]!.run).toContain('::error title=crm-schema deploy::Nothing was deployed');
    expect(refused.steps[0]!.run?.trim().split('\n').at(-1)).toBe('exit 1');
    const tagging = JOBS.filter(([, , job]) => job.steps.some((s) => s.run?.includes('git push')));
    expect(tagging.map(([file, name]) => `${file}: ${name}`)).toEqual(['deploy.yml: record']);
    expect(w.jobs.record!.permissions).toEqual({ contents: 'write' });
  });

  it('drift.yml: runs on main only (a manual run elsewhere says so)', () => {
    const w = workflow('drift.yml');
    expect(w.jobs.drift!.if).toBe(ON_MAIN);
    expect(w.jobs['not-main']!.steps[0]!.run).toContain(
      '::error title=crm-schema drift::Nothing was checked',
    );
  });

  it('deploy.yml: plans read-only with --out, keeps one artifact per attempt, applies it behind production', () => {
    const w = workflow('deploy.yml');
    const planSteps = w.jobs.plan!.steps;
    const plan = planSteps.find((s) => s.id === 'plan')!;
    expect(invocations(plan.run!)[0]).toEqual([
      'plan',
      '--env',
      'production',
      '--base-url',
      '"$CRM_BASE_URL"',
      '--out',
      '"$CRM_SCHEMA_OUT/plan.json"',
      '--detailed-exitcode',
    ]);
    expect(plan.run).toContain('echo "artifact=crm-schema-plan-$GITHUB_RUN_ATTEMPT" >> "$GITHUB_OUTPUT"');
    expect(w.jobs.plan!.outputs).toEqual({
      changes: '${{ steps.plan.outputs.changes }}',
      artifact: '${{ steps.plan.outputs.artifact }}',
      attempt: '${{ github.run_attempt }}',
    });
    expect(planSteps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))?.with).toMatchObject({
      name: '${{ steps.plan.outputs.artifact }}',
      'if-no-files-found': 'error',
    });
    const apply = w.jobs.apply!;
    expect([apply.environment, apply.needs]).toEqual(['production', 'plan']);
    expect(apply.steps.find((s) => s.uses?.startsWith('actions/download-artifact@'))?.with?.name).toBe(
      '${{ needs.plan.outputs.artifact }}',
    );
    const applied = apply.steps.flatMap((s) => (s.run === undefined ? [] : invocations(s.run)));
    expect(applied).toEqual([
      [
        'apply',
        '"$CRM_SCHEMA_OUT/plan.json"',
        '--env',
        'production',
        '--base-url',
        '"$CRM_BASE_URL"',
        '--yes',
        '--record',
        '"$CRM_SCHEMA_OUT/apply-record.json"',
      ],
    ]);
    // the record is kept as an artifact of the run, also after a failed apply
    const keep = apply.steps.find((s) => s.name === 'Keep the apply record')!;
    expect(keep.if).toBe('always()');
    expect(keep.uses?.startsWith('actions/upload-artifact@')).toBe(true);
    // the record with its journal, when the apply was killed
    expect(keep.with?.path).toBe('${{ env.CRM_SCHEMA_OUT }}/apply-record.*');
  });

  it('deploy.yml: the records job publishes every apply record to the records branch, with no CRM token', () => {
    const w = workflow('deploy.yml');
    const records = w.jobs.records!;
    expect(records.needs).toEqual(['plan', 'apply']);
    // whatever the apply's outcome, once it started; on main only
    expect(records.if).toContain('always()');
    expect(records.if).toContain(ON_MAIN);
    expect(records.if).toContain("needs.apply.result != 'skipped'");
    expect(records.permissions).toEqual({ contents: 'write' });
    expect([...secretsOf(records)]).toEqual([]);
    const download = records.steps.find((s) => s.uses?.startsWith('actions/download-artifact@'))!;
    expect(download.with).toEqual({
      name: 'crm-schema-apply-record-${{ github.run_id }}-${{ github.run_attempt }}',
      path: '.crm-schema/applies',
    });
    const commands = records.steps.flatMap((s) => (s.run === undefined ? [] : invocations(s.run)));
    expect(commands).toEqual([['history', '--push']]);
  });

  it('deploy.yml: a stale plan says to re-run all jobs, not only the failed one', () => {
    const step = workflow('deploy.yml').jobs.apply!.steps.find((s) => s.name === 'Apply the saved plan')!;
    expect(step.env?.PLAN_ATTEMPT).toBe('${{ needs.plan.outputs.attempt }}');
    expect(step.run).toContain('re-run ALL jobs of this workflow (Re-run all jobs)');
    expect(step.run).toContain(
      'Re-running only this failed job applies the same saved plan and is refused again.',
    );
    expect(step.run).toContain(
      'This job runs again alone: it applies the plan saved by attempt $PLAN_ATTEMPT',
    );
  });

  it('plan.yml: validates, plans as Markdown on pull requests without listing unmanaged names, and updates one comment', () => {
    const w = workflow('plan.yml');
    expect(Object.keys(w.on)).toEqual(['pull_request']);
    const commands = steps(w).flatMap((s) => (s.run === undefined ? [] : invocations(s.run)));
    expect(commands.map((c) => c[0])).toEqual(['validate', 'plan']);
    expect(commands[1]).toEqual([
      'plan',
      '--env',
      'production',
      '--base-url',
      '"$CRM_BASE_URL"',
      '--ignore-unmanaged',
      '--format',
      'markdown',
    ]);
    const script = String(steps(w).find((s) => s.uses?.startsWith('actions/github-script@'))?.with?.script);
    expect(script).toContain(`const marker = '${PLAN_COMMENT_MARKER}';`);
    expect(script).toContain('updateComment');
    expect(script).toContain('createComment');
    expect(script).toContain('fs.constants.O_NOFOLLOW');
    expect(script).toContain('process.env.CRM_SCHEMA_OUT');
    expect(w.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
  });

  it('plan.yml: a pull request can neither redirect the token nor run its own code with it', () => {
    const w = workflow('plan.yml');
    // never the trigger that gives a fork's code the repository's secrets
    expect(recipeText('plan.yml')).not.toContain('pull_request_target');
    const job = w.jobs.plan!;
    // the tool is the base branch's, installed without install scripts; the pull request is only read
    const checkouts = job.steps.filter((s) => s.uses?.startsWith('actions/checkout@'));
    expect(checkouts.map((s) => s.with)).toEqual([
      { ref: '${{ github.event.pull_request.base.sha }}', path: 'base', 'persist-credentials': false },
      { path: 'pr', 'persist-credentials': false },
    ]);
    const install = job.steps.find((s) => s.run?.includes('npm ci'))!;
    expect([install.run?.split('\n')[0], install['working-directory']]).toEqual([
      'npm ci --ignore-scripts',
      'base',
    ]);
    // only the base branch's tools are on PATH
    expect(install.run).toContain('echo "$GITHUB_WORKSPACE/base/node_modules/.bin" >> "$GITHUB_PATH"');
    const plan = job.steps.find((s) => s.id === 'plan')!;
    expect(plan.env).toEqual({
      CRM_BASE_URL: `\${{ vars.${TARGET_VARIABLE} }}`,
      CRM_ACCESS_TOKEN: `\${{ secrets.${READ_SECRET} }}`,
    });
    // the trusted target is checked, naming the variable
    const target = job.steps.find((s) => s.id === 'target')!;
    expect(target.run).toContain(`The repository variable ${TARGET_VARIABLE} is not set`);
    // forks and Dependabot get a notice, not a failed run
    expect(job.if).toContain('github.event.pull_request.head.repo.full_name == github.repository');
    expect(w.jobs.skipped!.steps[0]!.run).toContain('::notice::crm-schema plan skipped');
  });

  it('drift.yml: runs on a schedule, fails on exit 2 with an issue labelled crm-schema-drift, treats 1 as an error', () => {
    const w = workflow('drift.yml');
    expect(Object.keys(w.on).sort()).toEqual(['schedule', 'workflow_dispatch']);
    const all = steps(w);
    const check = all.find((s) => s.id === 'drift')!;
    const base = ['drift', '--env', 'production', '--base-url', '"$CRM_BASE_URL"', '--format', 'markdown'];
    expect(invocations(check.run!)).toEqual([
      [...base, '--baseline', 'crm-schema/deployed/production'],
      base,
    ]);
    expect(check.run).toContain('if [ "$code" -ne 0 ] && [ "$code" -ne 2 ]; then exit "$code"; fi');
    const issue = all.find((s) => s.name === 'Open or update the drift issue')!;
    expect(issue.if).toBe("steps.drift.outputs.code == '2'");
    expect(issue.run).toContain('--label crm-schema-drift');
    const fail = all.find((s) => s.name === 'Fail on drift')!;
    expect([fail.if, fail.run?.trim().split('\n').at(-1)]).toEqual([
      "steps.drift.outputs.code == '2'",
      'exit 2',
    ]);
  });

  it('pins every action to a full commit SHA (its version in a comment) and runs a current LTS Node', () => {
    for (const file of RECIPES) {
      const text = recipeText(file);
      const uses = [...text.matchAll(/uses: (\S+)(.*)/g)];
      expect(uses.length, file).toBeGreaterThan(0);
      for (const [, ref, rest] of uses) {
        expect(ref, `${file}: ${ref}`).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
        expect(rest, `${file}: ${ref} names its version`).toMatch(/^ # v\d+\.\d+\.\d+$/);
      }
      for (const step of steps(workflow(file)))
        if (step.uses?.startsWith('actions/setup-node@') === true)
          expect([22, 24], `${file}: node-version`).toContain(step.with?.['node-version']);
    }
  });

  it('plan.yml: posts a validation failure too, and a base branch without crm-schema gets a notice', () => {
    const w = workflow('plan.yml');
    const post = steps(w).find((step) => step.uses?.startsWith('actions/github-script@') === true);
    expect(post?.env?.VALIDATE_OUTCOME).toBe('${{ steps.validate.outcome }}');
    expect(String(post?.with?.script)).toContain('The manifests are not valid');
    const base = w.jobs.plan!.steps.find((s) => s.id === 'base')!;
    expect(base.run).toContain('::notice title=crm-schema plan skipped::');
    // every step after it that installs or runs anything waits for it
    const after = w.jobs.plan!.steps.slice(w.jobs.plan!.steps.indexOf(base) + 1);
    for (const step of after)
      expect(step.if, step.name ?? step.uses).toContain("steps.base.outputs.ready == 'true'");
  });
});
