/**
 * The CI recipes of examples/github-actions/ as data, for the tests that read them (workflows.test.ts)
 * and run them (plan-workflow-run.test.ts, deploy-workflow-run.test.ts): each workflow parsed with `yaml`, its jobs and steps, and the
 * `crm-schema ...` invocations of a `run:` script.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const RECIPES_DIR = join(ROOT, 'examples', 'github-actions');
export const RECIPES = ['deploy.yml', 'drift.yml', 'plan.yml'];

export interface Step {
  id?: string;
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
  shell?: string;
  'working-directory'?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
  'continue-on-error'?: boolean;
}

export interface Job {
  steps: Step[];
  environment?: string;
  needs?: string | string[];
  if?: string;
  outputs?: Record<string, string>;
  permissions?: Record<string, string>;
}

export interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

export function recipeText(file: string): string {
  return readFileSync(join(RECIPES_DIR, file), 'utf8');
}

export function workflow(file: string): Workflow {
  return parse(recipeText(file)) as Workflow;
}

export function steps(w: Workflow): Step[] {
  return Object.values(w.jobs).flatMap((job) => job.steps);
}

/**
 * Every `crm-schema ...` invocation of a run script (a line that starts with it), as words (up to a
 * redirect, pipe or `&&`).
 */
export function invocations(script: string): string[][] {
  const found: string[][] = [];
  for (const line of script.split('\n')) {
    if (!/^\s*crm-schema\s/.test(line)) continue;
    const words = line.trim().split(/\s+/);
    const end = words.findIndex((w) => /^(>|\||&&|;|#|2>)/.test(w));
    found.push(words.slice(1, end < 0 ? undefined : end));
  }
  return found;
}

/** The secrets a job reads (`secrets.NAME` anywhere in it). */
export function secretsOf(job: Job): Set<string> {
  return new Set([...JSON.stringify(job).matchAll(/secrets\.([A-Z0-9_]+)/g)].map((m) => m[1]!));
}
