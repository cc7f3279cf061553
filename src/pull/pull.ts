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
import type { CrmClient } from '../api/client.js';
import { FILE_CONCURRENCY, mapLimit } from '../core/map-limit.js';
import { writeFileAtomic } from '../core/write-file-atomic.js';
import { readLiveState } from '../live/read-live.js';
import { mergeScope, scopeFromDesired } from '../live/scope.js';
import { displayPath } from '../manifest/project/collect.js';
import type { DesiredState } from '../model/desired-state.js';
import { fileText, ManifestSet, readManifestFile, type ManifestFile } from './manifest-files.js';
import { assertInsideProject } from './inside-project.js';
import { mergePair } from './merge-associations.js';
import { mergeEvent } from './merge-events.js';
import { mergeObject } from './merge-objects.js';
import { Recorder, type PullReport } from './pull-report.js';
import { keptByBaseline, NOTHING_KEPT } from './not-deployed.js';
import { liveScopeOf, type PullScope } from './pull-scope.js';
import { scopePolicyOf } from './scope-flags.js';
import { selectPull } from './selection.js';

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

export async function pull(client: CrmClient, options: PullOptions): Promise<PullReport> {
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
  const selection = selectPull(live, { ...options, held });
  const display = (path: string) => displayPath(options.cwd, path);
  // a few files at a time: thousands of manifests must not need thousands of open files
  const files = await mapLimit(options.manifestFiles, FILE_CONCURRENCY, (path) =>
    readManifestFile(path, display(path)),
  );
  const set = new ManifestSet(files, options.outDir, display);
  const rec = new Recorder();
  for (const note of selection.notes) rec.note(note);

  for (const object of selection.objects) {
    if (isEmpty(set.docs('properties', object.objectType), object.addGroups, object.addProperties))
      rec.note(`${object.objectType}: nothing to pull (no custom properties or groups).`);
    mergeObject(set, object, rec, held);
  }
  for (const pair of selection.pairs) {
    const key = `${pair.from}->${pair.to}`;
    // in a project, a direction without documents is one the other direction's label pairs imply; one
    // read for a --label entry is its pair's other direction
    if (
      options.scope.mode === 'flags' &&
      options.scope.named.has(key) &&
      isEmpty(set.docs('associations', key), pair.addLabels, pair.addLimits)
    ) {
      rec.note(
        pair.userLabels === 0
          ? `${key}: nothing to pull (no user labels or limits).`
          : `${key}: its user labels are written with ${pair.to}->${pair.from} (each label pair once, with its inverseLabel).`,
      );
    }
    mergePair(set, pair, rec, held);
  }
  for (const event of selection.events) {
    if (isEmpty(set.docs('events', event.eventName), event.addProperties))
      rec.note(`event:${event.eventName}: nothing to pull (no custom properties).`);
    mergeEvent(set, event, rec, held);
  }

  return {
    files: await writeFiles(set.files, options.schemaComment, options.projectDir),
    added: rec.added,
    updated: rec.updated,
    removed: rec.removed,
    notDeployed: kept.notDeployed,
    conflicts: kept.conflicts,
    notes: rec.notes,
    ...(baseline === undefined ? {} : { baseline: { ref: baseline.ref, commit: baseline.commit } }),
  };
}

function isEmpty(docs: readonly unknown[], ...additions: readonly (readonly unknown[])[]): boolean {
  return docs.length === 0 && additions.every((list) => list.length === 0);
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
