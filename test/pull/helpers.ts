/**
 * Pull in-process, wired as the command wires it (project, scope, output folder, schema comment), and
 * the plan a project gives right after: what the round-trip tests compare.
 */
import type { CrmClient } from '../../src/api/client.js';
import { computePlan } from '../../src/engine/pipeline/compute-plan.js';
import { loadCommandProject } from '../../src/engine/pipeline/project.js';
import { toPlanPolicy } from '../../src/engine/live/managed-scope.js';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import { pull } from '../../src/engine/pull/pull.js';
import { defaultOutDir, loadPullProject, nothingDeclared } from '../../src/engine/pull/pull-project.js';
import type { PullReport } from '../../src/engine/pull/pull-report.js';
import { resolvePullScope, type PullFlags } from '../../src/engine/pull/pull-scope.js';
import { schemaComment } from '../../src/engine/pull/schema-ref.js';
import { DEFAULT_POLICY } from '../../src/engine/model/policy.js';

/** The names of the flags of `pull`, by what they name. */
const FLAG_NAMES = {
  objectTypes: 'object-type',
  associations: 'associations',
  events: 'event',
  prefixes: 'prefix',
  groups: 'group',
  labels: 'label',
} as const;

export interface PullCall {
  /** the flags of `pull`, by what they name */
  flags?: Partial<Record<keyof typeof FLAG_NAMES, readonly string[]>>;
  includeBuiltIn?: boolean;
  out?: string;
}

export async function pullInto(client: CrmClient, dir: string, call: PullCall = {}): Promise<PullReport> {
  const project = await loadPullProject(dir, undefined, () => undefined);
  const flags: PullFlags = Object.fromEntries(
    Object.entries(call.flags ?? {}).map(([key, values]) => [
      FLAG_NAMES[key as keyof typeof FLAG_NAMES],
      values,
    ]),
  );
  const policy = project === undefined ? DEFAULT_POLICY : toPlanPolicy(project.config.policy);
  const desired = project?.desired ?? nothingDeclared();
  const { report } = await pull(client, {
    scope: resolvePullScope({ flags, desired, policy }),
    desired,
    includeBuiltIn: call.includeBuiltIn ?? false,
    manifestFiles: project?.manifestFiles ?? [],
    outDir: call.out ?? defaultOutDir(dir, project?.config),
    projectDir: project?.config.dir ?? dir,
    cwd: dir,
    schemaComment: (at) => schemaComment(at, project?.config.dir ?? dir, 'manifest.schema.json'),
  });
  return report;
}

/** The plan of the project in `dir` against the account (validation errors throw). */
export async function planOf(client: CrmClient, dir: string): Promise<PlanDocument> {
  const project = await loadCommandProject({ cwd: dir });
  const { plan } = await computePlan(client, project.desired, {
    policy: toPlanPolicy(project.config.policy),
    dataCheck: false,
  });
  return plan;
}
