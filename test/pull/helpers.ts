/**
 * Pull in-process, wired as the command wires it (project, scope, output folder, schema comment), and
 * the plan a project gives right after: what the round-trip tests compare.
 */
import type { CrmClient } from '../../src/api/client.js';
import { computePlan } from '../../src/pipeline/compute-plan.js';
import { loadCommandProject } from '../../src/pipeline/project.js';
import { toPlanPolicy } from '../../src/live/managed-scope.js';
import type { PlanDocument } from '../../src/plan/plan-document.js';
import { pull } from '../../src/pull/pull.js';
import { defaultOutDir, loadPullProject, nothingDeclared } from '../../src/pull/pull-project.js';
import type { PullReport } from '../../src/pull/pull-report.js';
import { resolvePullScope, type PullFlags } from '../../src/pull/pull-scope.js';
import { schemaComment } from '../../src/pull/schema-ref.js';
import { DEFAULT_POLICY } from '../../src/model/policy.js';

export interface PullCall {
  flags?: Partial<PullFlags>;
  includeBuiltIn?: boolean;
  out?: string;
}

export async function pullInto(client: CrmClient, dir: string, call: PullCall = {}): Promise<PullReport> {
  const project = await loadPullProject(dir, undefined, () => undefined);
  const flags: PullFlags = { objectTypes: [], associations: [], events: [], ...call.flags };
  const policy = project === undefined ? DEFAULT_POLICY : toPlanPolicy(project.config.policy);
  const desired = project?.desired ?? nothingDeclared();
  return pull(client, {
    scope: resolvePullScope({ flags, desired, policy }),
    desired,
    includeBuiltIn: call.includeBuiltIn ?? false,
    manifestFiles: project?.manifestFiles ?? [],
    outDir: call.out ?? defaultOutDir(dir, project?.config),
    projectDir: project?.config.dir ?? dir,
    cwd: dir,
    schemaComment: (at) => schemaComment(at, project?.config.dir ?? dir, 'manifest.schema.json'),
  });
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
