/**
 * Runs one job of a recipe the way the runner does, step by step, for tests: each step's `if:` decided
 * (expressions.ts), `${{ }}` put into its `run:`, `env:` and `with:`, its script run by bash (the default
 * `bash -e {0}`, or its `shell:`) in its `working-directory`, with the runner's files (GITHUB_OUTPUT,
 * GITHUB_ENV, GITHUB_PATH, GITHUB_STEP_SUMMARY) read back after it. `uses:` steps are the test's: a
 * handler per action (`actions/checkout`, ...). A run script is run as written, except where the test
 * rewrites it (`rewrite`): an install from a registry, say.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { condition, interpolate, type Status, type Value } from './expressions.js';
import type { Job, Step } from './recipes.js';

export interface StepResult {
  name: string;
  id?: string;
  outcome: 'success' | 'failure' | 'skipped';
  stdout: string;
  stderr: string;
}

export interface ActionRun {
  /** the step's `with:`, interpolated */
  with: Record<string, string>;
  /** the step's environment: the runner's, the job's (GITHUB_ENV) and the step's `env:` */
  env: NodeJS.ProcessEnv;
  workspace: string;
  runnerTemp: string;
}
export interface ActionResult {
  outcome: 'success' | 'failure';
  stdout?: string;
  stderr?: string;
}
export type ActionHandler = (run: ActionRun) => Promise<ActionResult>;

export interface RunJobOptions {
  job: Job;
  /** the workspace, GITHUB_WORKSPACE (made empty by the caller) */
  workspace: string;
  /** the contexts: github, vars, secrets, and needs (steps, env and runner are the runner's own) */
  contexts: {
    github: Value;
    vars: Record<string, string>;
    secrets: Record<string, string>;
    needs?: Record<string, { result: string; outputs: Record<string, string> }>;
  };
  /** GITHUB_* variables of the run (GITHUB_REPOSITORY, GITHUB_RUN_ID, ...) */
  runnerEnv: Record<string, string>;
  /** a handler per action, by its name before `@` (`actions/checkout`) */
  actions: Record<string, ActionHandler>;
  /** the script a step runs instead of its own, when the test rewrites it */
  rewrite?: (step: Step, script: string) => string;
}

export interface JobResult {
  /** the job's `if:` held */
  ran: boolean;
  /** the job's `outputs:`, from its steps' */
  outputs: Record<string, string>;
  /** `success` or `failure` (`skipped` when its `if:` did not hold), as `needs.<job>.result` says */
  result: 'success' | 'failure' | 'skipped';
  steps: StepResult[];
  /** what the steps wrote to GITHUB_STEP_SUMMARY */
  summary: string;
  succeeded: boolean;
  /** stdout and stderr of every step, in order */
  log: string;
}

export async function runJob(options: RunJobOptions): Promise<JobResult> {
  const runnerTemp = await mkdtemp(join(options.workspace, '..', 'runner-temp-'));
  const summaryFile = join(runnerTemp, '_step_summary');
  await writeFile(summaryFile, '');
  const jobEnv: Record<string, string> = {};
  const paths: string[] = [];
  const stepsContext: Record<
    string,
    { outputs: Record<string, string>; outcome: string; conclusion: string }
  > = {};
  const status: Status = { failed: false };
  const results: StepResult[] = [];
  const context = (): Record<string, Value> => ({
    ...options.contexts,
    steps: stepsContext,
    env: jobEnv,
    runner: { temp: runnerTemp, os: 'Linux' },
  });

  if (!condition(options.job.if, context(), status))
    return { ran: false, outputs: {}, result: 'skipped', steps: [], summary: '', succeeded: true, log: '' };

  for (const [index, step] of options.job.steps.entries()) {
    const name = step.name ?? step.uses ?? step.run?.split('\n')[0] ?? `step ${index + 1}`;
    if (!condition(step.if, context(), status)) {
      results.push({
        name,
        ...(step.id === undefined ? {} : { id: step.id }),
        outcome: 'skipped',
        stdout: '',
        stderr: '',
      });
      if (step.id !== undefined)
        stepsContext[step.id] = { outputs: {}, outcome: 'skipped', conclusion: 'skipped' };
      continue;
    }
    const files = {
      GITHUB_OUTPUT: join(runnerTemp, `_output_${index}`),
      GITHUB_ENV: join(runnerTemp, `_env_${index}`),
      GITHUB_PATH: join(runnerTemp, `_path_${index}`),
    };
    for (const file of Object.values(files)) await writeFile(file, '');
    const stepEnv = Object.fromEntries(
      Object.entries(step.env ?? {}).map(([key, value]) => [key, interpolate(value, context(), status)]),
    );
    const env: NodeJS.ProcessEnv = {
      HOME: process.env.HOME,
      PATH: [...paths, process.env.PATH ?? ''].join(':'),
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      NO_COLOR: '1',
      ...options.runnerEnv,
      GITHUB_WORKSPACE: options.workspace,
      RUNNER_TEMP: runnerTemp,
      GITHUB_STEP_SUMMARY: summaryFile,
      ...files,
      ...jobEnv,
      ...stepEnv,
    };
    let outcome: 'success' | 'failure';
    let stdout = '';
    let stderr = '';
    if (step.uses !== undefined) {
      const handler = options.actions[step.uses.split('@')[0]!];
      if (handler === undefined) throw new Error(`no handler for the action ${step.uses}`);
      const withs = Object.fromEntries(
        Object.entries(step.with ?? {}).map(([key, value]) => [
          key,
          key === 'script' ? String(value) : interpolate(String(value), context(), status),
        ]),
      );
      ({
        outcome,
        stdout = '',
        stderr = '',
      } = await handler({
        with: withs,
        env,
        workspace: options.workspace,
        runnerTemp,
      }));
    } else {
      const written = interpolate(step.run ?? '', context(), status);
      const script = options.rewrite?.(step, written) ?? written;
      const scriptFile = join(runnerTemp, `_step_${index}.sh`);
      await writeFile(scriptFile, script);
      const shell = (step.shell ?? 'bash -e {0}').split(/\s+/).map((w) => (w === '{0}' ? scriptFile : w));
      const cwd = join(options.workspace, step['working-directory'] ?? '');
      if (!existsSync(cwd)) await mkdir(cwd, { recursive: true });
      ({ outcome, stdout, stderr } = await run(shell, cwd, env));
    }
    const outputs = await readPairs(files.GITHUB_OUTPUT);
    Object.assign(jobEnv, await readPairs(files.GITHUB_ENV));
    paths.unshift(
      ...(await readFile(files.GITHUB_PATH, 'utf8'))
        .split('\n')
        .filter((line) => line !== '')
        .reverse(),
    );
    // continue-on-error: the step's outcome stays, its conclusion (and the job's) is success
    const conclusion = step['continue-on-error'] === true ? 'success' : outcome;
    if (conclusion === 'failure') status.failed = true;
    results.push({ name, ...(step.id === undefined ? {} : { id: step.id }), outcome, stdout, stderr });
    if (step.id !== undefined) stepsContext[step.id] = { outputs, outcome, conclusion };
  }
  const outputs = Object.fromEntries(
    Object.entries(options.job.outputs ?? {}).map(([key, value]) => [
      key,
      interpolate(value, context(), status),
    ]),
  );
  return {
    ran: true,
    outputs,
    result: status.failed ? 'failure' : 'success',
    steps: results,
    summary: await readFile(summaryFile, 'utf8'),
    succeeded: !status.failed,
    log: results.map((r) => r.stdout + r.stderr).join(''),
  };
}

/** `name=value` lines and `name<<DELIMITER` blocks, as the runner reads GITHUB_OUTPUT and GITHUB_ENV. */
async function readPairs(file: string): Promise<Record<string, string>> {
  const pairs: Record<string, string> = {};
  const lines = (await readFile(file, 'utf8')).split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const block = /^([^=<]+)<<(.+)$/.exec(line);
    if (block) {
      const end = lines.indexOf(block[2]!, i + 1);
      pairs[block[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (line.includes('=')) {
      pairs[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return pairs;
}

/** A command, its output collected; never blocks this process (the emulator answers from here). */
export function run(
  command: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ outcome: 'success' | 'failure'; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ outcome: code === 0 ? 'success' : 'failure', stdout, stderr });
    });
  });
}
