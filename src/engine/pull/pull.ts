/**
 * `pull`: the live account into manifests. Reads what the scope names, selects what to add, brings the
 * manifest files to the live state in place (comments, key order and layout kept; see the merges), and
 * writes only the files that changed, each atomically (a temporary file, then a rename). A file left
 * without documents is deleted. Nothing is written or deleted outside the project folder (real paths,
 * links resolved). Reads only from the CRM; never writes to it.
 *
 * With a baseline (the manifests as last deployed), what the manifests changed since the deploy is kept
 * as they have it (not-deployed.ts): only what was changed outside crm-schema is pulled.
 */
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CrmClient } from '../../api/client.js';
import { FILE_CONCURRENCY, mapLimit } from '../../core/map-limit.js';
import { writeFileAtomic } from '../../core/write-file-atomic.js';
import { readLiveState } from '../live/read-live.js';
import { mergeScope, scopeFromDesired } from '../live/scope.js';
import { displayPath } from '../manifest/project/collect.js';
import type { DesiredState } from '../model/desired-state.js';
import { fileText, ManifestSet, readManifestFile, type ManifestFile } from './manifest-files.js';
import { assertInsideProject } from './inside-project.js';
import { Recorder, type PullReport } from './pull-report.js';
import { keptByBaseline, NOTHING_KEPT } from './not-deployed.js';
import { liveScopeOf, pullContext, type PullScope } from './pull-scope.js';
import { scopePolicyOf } from './scope-flags.js';
import { families } from '../installed.js';

export interface PullOptions {
  scope: PullScope;
  /** what the manifests declare (empty without a project) */
  desired: DesiredState;
  includeBuiltIn: boolean;
  /** absolute paths of the project's manifest files */
  manifestFiles: readonly string[];
  /** absolute folder for new files, inside `projectDir` */
  outDir: string;
  /** the project folder (of crm-schema.yaml; without one the working directory): nothing is written outside */
  projectDir: string;
  /** paths are shown relative to it */
  cwd: string;
  /** the first line of a new file in `dir` */
  schemaComment: (dir: string) => string;
  /** the manifests as last deployed (`--baseline`): what they changed since is kept */
  baseline?: PullBaseline;
}

export interface PullBaseline {
  /** as given (`crm-schema/deployed/production`) */
  ref: string;
  /** the commit it names */
  commit: string;
  desired: DesiredState;
}

/** What a pull did, and the addresses each family added (what it adopts follows from them). */
export interface PullOutcome {
  report: PullReport;
  /** family name -> the addresses it added */
  addedBy: ReadonlyMap<string, readonly string[]>;
}

export async function pull(client: CrmClient, options: PullOptions): Promise<PullOutcome> {
  const { baseline } = options;
  const scope = liveScopeOf(options.scope);
  // the planner's diff, with every live custom resource of the pull's scope that no manifest names
  // turned into a change (as drift plans): it reads what both sets of manifests name
  const policy = { ...scopePolicyOf(options.scope.manage), unmanaged: 'archive' as const };
  if (baseline !== undefined) {
    mergeScope(scope, scopeFromDesired(options.desired, policy));
    mergeScope(scope, scopeFromDesired(baseline.desired, policy));
  }
  const live = await readLiveState(client, scope);
  const kept =
    baseline === undefined ? NOTHING_KEPT : keptByBaseline(options.desired, baseline.desired, live, policy);
  const held = kept.addresses;
  const notes: string[] = [];
  const ctx = pullContext(options.scope, {
    desired: options.desired,
    includeBuiltIn: options.includeBuiltIn,
    held,
    notes,
  });
  // each family selects what it adds (its notes in order), then writes its documents
  const selections = new Map<string, unknown>();
  for (const family of families()) {
    if (family.pull === undefined || !options.scope.parts.has(family.name)) continue;
    selections.set(family.name, family.pull.select(live, options.scope.parts.get(family.name), ctx));
  }
  const display = (path: string) => displayPath(options.cwd, path);
  // a few files at a time: thousands of manifests must not need thousands of open files
  const files = await mapLimit(options.manifestFiles, FILE_CONCURRENCY, (path) =>
    readManifestFile(path, display(path)),
  );
  const set = new ManifestSet(files, options.outDir, display);
  const rec = new Recorder();
  for (const note of notes) rec.note(note);
  const addedBy = new Map<string, string[]>();
  for (const family of families()) {
    if (family.pull === undefined || !selections.has(family.name)) continue;
    const before = rec.added.length;
    family.pull.merge(set, selections.get(family.name), rec, ctx);
    addedBy.set(family.name, rec.added.slice(before));
  }

  const report: PullReport = {
    files: await writeFiles(set.files, options.schemaComment, options.projectDir),
    added: rec.added,
    updated: rec.updated,
    removed: rec.removed,
    notDeployed: kept.notDeployed,
    conflicts: kept.conflicts,
    notes: rec.notes,
    ...(baseline === undefined ? {} : { baseline: { ref: baseline.ref, commit: baseline.commit } }),
  };
  return { report, addedBy };
}

interface FileAction {
  file: ManifestFile;
  /** the new text; undefined: delete the file */
  text?: string;
}

async function writeFiles(
  files: readonly ManifestFile[],
  schemaComment: (dir: string) => string,
  projectDir: string,
): Promise<PullReport['files']> {
  const actions: FileAction[] = [];
  for (const file of files) {
    if (!file.changed) continue;
    if (file.docs.length === 0) {
      if (file.original !== undefined) actions.push({ file });
      continue;
    }
    const text = fileText(file, schemaComment(dirname(file.path)));
    // edits that cancel out (a value set to what it was) leave the file as it is
    if (file.original !== undefined && text === (file.bom ? '\uFEFF' : '') + file.original) continue;
    actions.push({ file, text });
  }
  // every target is checked before the first write: nothing is written when one of them leads outside
  for (const { file } of actions) await assertInsideProject(projectDir, file.path, file.display);
  const written: PullReport['files'] = [];
  for (const { file, text } of actions) {
    if (text === undefined) {
      await rm(file.path, { force: true });
      written.push({ path: file.display, status: 'deleted' });
    } else {
      await writeFileAtomic(file.path, text);
      written.push({ path: file.display, status: file.original === undefined ? 'created' : 'updated' });
    }
  }
  return written;
}
