/**
 * The CI recipes in examples/github-actions/ use only commands and flags the CLI has, and only the
 * documented secrets (the token variables of the example project), each given to the steps that need it.
 * Each workflow is parsed with `yaml`; every `crm-schema ...` invocation in a `run:` step is checked
 * against the oclif command classes (their static `flags` and `args`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from '@oclif/core';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { PLAN_COMMENT_MARKER } from '../../src/render/plan-markdown.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = join(root, 'examples', 'github-actions');
const WORKFLOWS = ['deploy.yml', 'drift.yml', 'plan.yml'];

interface Step {
  id?: string;
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, { steps: Step[]; environment?: string; needs?: string; if?: string }>;
}

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
  if (!readdirSync(join(root, 'src', 'commands')).includes(`${name}.ts`)) return undefined;
  const module = (await import(`../../src/commands/${name}.ts`)) as { default: CommandClass };
  return module.default;
}

function workflow(file: string): Workflow {
  return parse(readFileSync(join(dir, file), 'utf8')) as Workflow;
}

function steps(w: Workflow): Step[] {
  return Object.values(w.jobs).flatMap((job) => job.steps);
}

/** Every `crm-schema ...` invocation of a run script, as words (up to a redirect, pipe or `&&`). */
function invocations(script: string): string[][] {
  const found: string[][] = [];
  for (const line of script.split('\n')) {
    const at = line.search(/(^|\s)crm-schema\s/);
    if (at < 0) continue;
    const words = line.slice(at).trim().split(/\s+/);
    const end = words.findIndex((w) => /^(>|\||&&|;|#|2>)/.test(w));
    found.push(words.slice(1, end < 0 ? undefined : end));
  }
  return found;
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

const project = parse(readFileSync(join(root, 'examples', 'crm-schema.yaml'), 'utf8')) as {
  environments: Record<string, { tokenEnv?: string }>;
};
const TOKEN_VARIABLES = new Set([
  'CRM_ACCESS_TOKEN',
  ...Object.values(project.environments).map((e) => e.tokenEnv),
]);

describe('examples/github-actions', () => {
  it('holds the three recipes', () => {
    expect(readdirSync(dir).sort()).toEqual(WORKFLOWS);
  });

  for (const file of WORKFLOWS) {
    describe(file, () => {
      const w = workflow(file);
      const runs = steps(w).filter((s) => s.run !== undefined && invocations(s.run).length > 0);

      it('runs crm-schema commands and flags that exist', async () => {
        expect(runs.length).toBeGreaterThan(0);
        const problems: string[] = [];
        for (const step of runs)
          for (const words of invocations(step.run!)) problems.push(...(await check(words)));
        expect(problems).toEqual([]);
      });

      it('uses only the token variables as secrets, and gives each step the token of its environment', () => {
        const secrets = [...readFileSync(join(dir, file), 'utf8').matchAll(/secrets\.([A-Z0-9_]+)/g)].map(
          (m) => m[1],
        );
        expect(secrets.length).toBeGreaterThan(0);
        // the pull request plan uses a read-only token of its own (see the plan.yml test below)
        for (const secret of secrets)
          expect([...TOKEN_VARIABLES, 'CRM_READ_TOKEN_PRODUCTION']).toContain(secret);
        for (const step of runs) {
          for (const words of invocations(step.run!)) {
            const envName = words[words.indexOf('--env') + 1]!;
            // with --base-url the token is CRM_ACCESS_TOKEN, whatever the environment names
            if (words.indexOf('--env') < 0 || words[0] === 'validate' || words.includes('--base-url'))
              continue;
            const tokenEnv = project.environments[envName]?.tokenEnv;
            expect(tokenEnv, `${step.name ?? ''}: --env ${envName}`).toBeDefined();
            expect(step.env?.[tokenEnv!]).toBe(`\${{ secrets.${tokenEnv} }}`);
          }
        }
      });
    });
  }

  it('plan.yml: validates, plans as Markdown with --out on pull requests, and updates one comment by its marker', () => {
    const w = workflow('plan.yml');
    expect(Object.keys(w.on)).toEqual(['pull_request']);
    const commands = steps(w).flatMap((s) => (s.run === undefined ? [] : invocations(s.run)));
    expect(commands.map((c) => c[0])).toEqual(['validate', 'plan']);
    expect(commands[1]).toEqual(expect.arrayContaining(['--format', 'markdown', '--out', 'plan.json']));
    const script = String(steps(w).find((s) => s.uses?.startsWith('actions/github-script@'))?.with?.script);
    expect(script).toContain(`const marker = '${PLAN_COMMENT_MARKER}';`);
    expect(script).toContain('updateComment');
    expect(script).toContain('createComment');
    expect(w.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
  });

  it('plan.yml: a pull request can neither redirect the token nor run its own code with it', () => {
    const w = workflow('plan.yml');
    const text = readFileSync(join(dir, 'plan.yml'), 'utf8');
    // never the trigger that gives a fork's code the repository's secrets
    expect(text).not.toContain('pull_request_target');
    const job = w.jobs.plan;
    // the tool is the base branch's, installed without install scripts; the pull request is only read
    const checkouts = job!.steps.filter((s) => s.uses?.startsWith('actions/checkout@'));
    expect(checkouts.map((s) => s.with)).toEqual([
      { ref: '${{ github.event.pull_request.base.sha }}', path: 'base', 'persist-credentials': false },
      { path: 'pr', 'persist-credentials': false },
    ]);
    const install = job!.steps.find((s) => s.run?.includes('npm ci'))!;
    expect([
      install.run?.split('\n')[0],
      (install as { 'working-directory'?: string })['working-directory'],
    ]).toEqual(['npm ci --ignore-scripts', 'base']);
    // the target from a repository variable (--base-url wins over the pull request's crm-schema.yaml),
    // the token read-only, and no other secret anywhere in the job
    const plan = job!.steps.find((s) => s.id === 'plan')!;
    expect(invocations(plan.run!)[0]).toEqual(expect.arrayContaining(['--base-url', '"$CRM_BASE_URL"']));
    expect(plan.env).toEqual({
      CRM_BASE_URL: '${{ vars.CRM_BASE_URL_PRODUCTION }}',
      CRM_ACCESS_TOKEN: '${{ secrets.CRM_READ_TOKEN_PRODUCTION }}',
    });
    const secrets = [...JSON.stringify(job).matchAll(/secrets\.(\w+)/g)].map((m) => m[1]);
    expect(new Set(secrets)).toEqual(new Set(['CRM_READ_TOKEN_PRODUCTION']));
    // forks and Dependabot get a notice, not a failed run
    expect(job!.if).toContain('github.event.pull_request.head.repo.full_name == github.repository');
    expect(w.jobs.skipped!.steps[0]!.run).toContain('::notice::crm-schema plan skipped');
  });

  it('deploy.yml: plans with --out on push to main, keeps the plan as an artifact, applies it behind the production environment', () => {
    const w = workflow('deploy.yml');
    expect(w.on.push).toEqual({ branches: ['main'], paths: ['crm-schema.yaml', 'schema/**'] });
    const planSteps = w.jobs.plan!.steps;
    expect(invocations(planSteps.find((s) => s.id === 'plan')!.run!)[0]).toEqual(
      expect.arrayContaining(['plan', '--out', 'plan.json']),
    );
    expect(planSteps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))?.with).toMatchObject({
      path: 'plan.json',
    });
    const apply = w.jobs.apply;
    expect(apply!.environment).toBe('production');
    expect(apply!.needs).toBe('plan');
    expect(apply!.steps.find((s) => s.uses?.startsWith('actions/download-artifact@'))).toBeDefined();
    const applied = apply!.steps.flatMap((s) => (s.run === undefined ? [] : invocations(s.run)));
    expect(applied).toEqual([['apply', 'plan.json', '--env', 'production', '--yes']]);
  });

  it('drift.yml: runs on a schedule, fails on exit 2 with an issue labelled crm-schema-drift, treats 1 as an error', () => {
    const w = workflow('drift.yml');
    expect(Object.keys(w.on).sort()).toEqual(['schedule', 'workflow_dispatch']);
    const all = steps(w);
    const check = all.find((s) => s.run?.includes('crm-schema drift'))!;
    expect(invocations(check.run!)).toEqual([
      [
        'drift',
        '--env',
        'production',
        '--format',
        'markdown',
        '--baseline',
        'crm-schema/deployed/production',
      ],
      ['drift', '--env', 'production', '--format', 'markdown'],
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
    for (const file of WORKFLOWS) {
      const text = readFileSync(join(dir, file), 'utf8');
      const uses = [...text.matchAll(/uses: (\S+)(.*)/g)];
      expect(uses.length, file).toBeGreaterThan(0);
      for (const [, ref, rest] of uses) {
        expect(ref, `${file}: ${ref}`).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
        expect(rest, `${file}: ${ref} names its version`).toMatch(/^ # v\d+\.\d+\.\d+$/);
      }
      for (const job of Object.values(workflow(file).jobs))
        for (const step of job.steps)
          if (step.uses?.startsWith('actions/setup-node@') === true)
            expect([22, 24], `${file}: node-version`).toContain(step.with?.['node-version']);
    }
  });

  it('plan.yml: the plan job runs in the environment its secret lives in, and posts a validation failure too', () => {
    const w = workflow('plan.yml');
    expect(w.jobs.plan?.environment).toBe('production-read');
    const post = steps(w).find((step) => step.uses?.startsWith('actions/github-script@') === true);
    expect(post?.if).toContain("steps.validate.outcome == 'failure'");
    expect(String(post?.with?.script)).toContain('The manifests are not valid');
  });
});
