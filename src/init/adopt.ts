/**
 * `init --pull`: adopts an account in one step. Finds what it holds (discover.ts), pulls it into new
 * manifests (the pull part); `manageOfProject` then gives the groups the pulled properties are in and the
 * pulled event definitions, for `manage:`.
 */
import type { CrmClient } from '../api/client.js';
import { loadProject } from '../manifest/validate.js';
import { toDesiredState } from '../manifest/desired-state.js';
import { DEFAULT_POLICY } from '../model/policy.js';
import { pull } from '../pull/pull.js';
import type { PullReport } from '../pull/pull-report.js';
import { nothingDeclared } from '../pull/pull-project.js';
import { scopeFromFlags } from '../pull/pull-scope.js';
import { schemaComment } from '../pull/schema-ref.js';
import type { Discovered } from './discover.js';

export interface AdoptOptions {
  dir: string;
  outDir: string;
}

export async function adopt(
  client: CrmClient,
  found: Discovered,
  options: AdoptOptions,
): Promise<PullReport> {
  const scope = scopeFromFlags({
    objectTypes: found.objectTypes,
    associations: found.pairs.map(([from, to]) => `${from}:${to}`),
    events: found.events,
  });
  return pull(client, {
    scope,
    desired: nothingDeclared(),
    policy: DEFAULT_POLICY,
    includeBuiltIn: false,
    manifestFiles: [],
    outDir: options.outDir,
    projectDir: options.dir,
    cwd: options.dir,
    schemaComment: (at) => schemaComment(at, options.dir, 'manifest.schema.json'),
  });
}

/**
 * The manage scope of what the project declares, sorted: the groups holding its properties (and the
 * groups it declares), qualified by object type, and its event definitions.
 */
export async function manageOfProject(
  dir: string,
  configPath: string,
): Promise<{ groups: string[]; events: string[] }> {
  const loaded = await loadProject({ cwd: dir, configPath });
  const desired = toDesiredState(loaded.model);
  const groups = new Set<string>();
  for (const [objectType, schema] of desired.state.objects) {
    for (const property of schema.properties.values()) groups.add(`${objectType}.${property.groupName}`);
    for (const group of schema.groups.keys()) groups.add(`${objectType}.${group}`);
  }
  return { groups: [...groups].sort(), events: [...desired.state.events.keys()].sort() };
}
