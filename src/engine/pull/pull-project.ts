/**
 * The project pull works in, if any: `crm-schema.yaml` (or `--config FILE`) and its manifests, validated
 * as plan validates them, except that a project whose globs match no file yet is fine (pull is how its
 * first manifests get written). Without a project file, pull writes new files only and then creates a
 * minimal `crm-schema.yaml` naming them, and the scope of `--prefix` / `--group` under `policy.manage`,
 * so that `plan` works next and the project owns what was pulled.
 */
import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { CrmSchemaError } from '../../core/errors.js';
import { writeFileAtomic } from '../../core/write-file-atomic.js';
import { CONFIG_FILE_NAME, type ProjectConfig } from '../manifest/project/config.js';
import { matchesGlob, staticBase } from '../manifest/project/glob.js';
import { loadProject, type ValidationReport } from '../manifest/validate.js';
import { toDesiredState } from '../manifest/model/desired-state.js';
import type { DesiredState } from '../model/desired-state.js';
import { assertInsideProject } from './inside-project.js';
import { pullContext, type PullScope } from './pull-scope.js';
import { stringify } from 'yaml';
import { isEmptyManage, manageData, type ManageEntries } from './scope-flags.js';
import { families } from '../installed.js';
import type { PullOutcome } from './pull.js';
import { projectFileYaml, type KeyNote } from './project-file-yaml.js';
import { isKnownObjectType } from '../model/object-types.js';
import { schemaComment } from './schema-ref.js';
import { emptySchemaState } from '../model/schema-model.js';

/** Problems that only say the project has no manifest yet. */
const NOTHING_YET = new Set(['NO_MANIFESTS', 'GLOB_NO_MATCH']);

export interface PullProject {
  config: ProjectConfig;
  desired: DesiredState;
  /** absolute paths of its manifest files */
  manifestFiles: string[];
}

export async function loadPullProject(
  cwd: string,
  configFlag: string | undefined,
  onReport: (report: ValidationReport) => void,
): Promise<PullProject | undefined> {
  const configPath = resolve(cwd, configFlag ?? CONFIG_FILE_NAME);
  if (!existsSync(configPath)) {
    if (configFlag === undefined) return undefined;
    throw new CrmSchemaError('CONFIG_NOT_FOUND', `No project file at ${configFlag}.`, {
      hint: `Name an existing crm-schema.yaml, or leave --config out: pull then writes one.`,
    });
  }
  const loaded = await loadProject({ cwd, configPath });
  const diagnostics = loaded.report.diagnostics.filter((d) => !NOTHING_YET.has(d.code));
  const errorCount = diagnostics.filter((d) => d.severity === 'error').length;
  onReport({
    ...loaded.report,
    diagnostics,
    errorCount,
    warningCount: diagnostics.length - errorCount,
    ok: errorCount === 0,
  });
  if (errorCount > 0 || loaded.config === undefined) {
    throw new CrmSchemaError(
      'MANIFEST_INVALID',
      `${errorCount} error${errorCount === 1 ? '' : 's'} in the project (listed above); pull did not read or write anything.`,
      {
        hint: 'Fix them first (crm-schema validate checks without calling the CRM): pull edits the manifests in place.',
      },
    );
  }
  const files = loaded.report.projects[0]?.files ?? [];
  return {
    config: loaded.config,
    desired: toDesiredState(loaded.model),
    manifestFiles: files.map((file) => resolve(cwd, file.file)),
  };
}

/** What the manifests declare when there is no project: nothing. */
export function nothingDeclared(): DesiredState {
  return { state: emptySchemaState(), tombstones: [] };
}

/** `--out`, else the folder of the first manifest glob (`schema/**\/*.yaml` -> `schema`), else `schema/`. */
export function defaultOutDir(cwd: string, config: ProjectConfig | undefined): string {
  if (config === undefined) return join(cwd, 'schema');
  const first = config.manifests.find((glob) => !glob.startsWith('!'));
  return first === undefined ? config.dir : join(config.dir, staticBase(first));
}

/** Whether the project's globs take `path` (absolute) as a manifest. */
function matchedByGlobs(config: ProjectConfig, path: string): boolean {
  const file = relative(config.dir, path).split(sep).join('/');
  const includes = config.manifests.filter((g) => !g.startsWith('!'));
  const excludes = config.manifests.filter((g) => g.startsWith('!')).map((g) => g.slice(1));
  return includes.some((g) => matchesGlob(file, g)) && !excludes.some((g) => matchesGlob(file, g));
}

/**
 * The text of a minimal project file whose glob takes every YAML file under `outDir`, with the scope
 * pull adopted as `policy.manage` (written by the yaml library: project-file-yaml.ts).
 */
function minimalProjectFile(
  cwd: string,
  outDir: string,
  schemaComment: string,
  manage: ManageEntries,
  objectTypes: readonly string[],
): string {
  const folder = relative(cwd, outDir).split(sep).join('/');
  const glob = folder === '' ? '*.yaml' : `${folder}/**/*.yaml`;
  const data: Record<string, unknown> = { manifests: [glob] };
  const notes = new Map<string, KeyNote>([
    [
      'manifests',
      {
        comment: [
          schemaComment.replace(/^# ?/, ''),
          '',
          'Written by crm-schema pull. Globs are relative to this file.',
        ],
      },
    ],
  ]);
  if (objectTypes.length > 0) {
    data.objectTypes = objectTypes;
    notes.set('objectTypes', { comment: ['custom object types the manifests name by name'] });
  }
  if (!isEmptyManage(manage)) data.policy = { manage: manageData(manage) };
  return projectFileYaml(data, notes, { quoteGlobs: true });
}

/**
 * After the manifests are written: in a project, a note for each new file its globs would not read (and
 * for a scope given by flags that the project file does not record, as each family says); without one, a
 * minimal project file naming the new files and the scope (unless one appeared meanwhile).
 */
export async function settleNewFiles(
  outcome: PullOutcome,
  options: { project: PullProject | undefined; cwd: string; outDir: string; scope: PullScope },
): Promise<void> {
  const { report, addedBy } = outcome;
  const { project, cwd, outDir, scope } = options;
  const created = report.files.filter((f) => f.status === 'created');
  // the entries the flags gave, with what the families adopt of what was written
  const given: Record<string, readonly string[]> = {};
  for (const key of scope.byFlags) given[key] = scope.manage[key] ?? [];
  let recorded: ManageEntries = given;
  for (const family of families())
    recorded = family.pull?.adopted?.(recorded, addedBy.get(family.name) ?? []) ?? recorded;
  const custom = customObjectTypes(addedBy, project?.config.objectTypes ?? []);
  if (project !== undefined) {
    if (custom.length > 0)
      report.notes.push(
        `${custom.join(', ')} ${custom.length === 1 ? 'is a custom object type' : 'are custom object types'} the manifests now name: add ${custom.length === 1 ? 'it' : 'them'} to objectTypes: in ${project.config.file}, or validate refuses the name.`,
      );
    for (const file of created) {
      if (!matchedByGlobs(project.config, resolve(cwd, file.path)))
        report.notes.push(
          `${file.path} is not matched by the manifests globs of ${project.config.file}: add it there, or plan will not read it.`,
        );
    }
    const ctx = pullContext(scope, {
      desired: project.desired,
      includeBuiltIn: false,
      held: new Set(),
      notes: [],
    });
    for (const family of families()) {
      const note = family.pull?.unrecordedNote?.(
        project.config.file,
        recorded,
        addedBy.get(family.name) ?? [],
        ctx,
      );
      if (note !== undefined) report.notes.push(note);
    }
  } else if (created.length > 0 && !existsSync(join(cwd, CONFIG_FILE_NAME))) {
    const text = minimalProjectFile(
      cwd,
      outDir,
      schemaComment(cwd, cwd, 'config.schema.json'),
      recorded,
      custom,
    );
    await assertInsideProject(cwd, join(cwd, CONFIG_FILE_NAME), CONFIG_FILE_NAME);
    await writeFileAtomic(join(cwd, CONFIG_FILE_NAME), text);
    report.files.push({ path: CONFIG_FILE_NAME, status: 'created' });
  }
}

/**
 * `{groups: [tickets.support], prefixes: [support_]}` (the lists that hold entries), or a list: entries as
 * YAML flow text, for notes.
 */
export function flowYaml(value: Readonly<Record<string, readonly string[]>> | readonly string[]): string {
  const data = isList(value)
    ? value
    : Object.fromEntries(Object.entries(value).filter(([, list]) => list.length > 0));
  return stringify(data, { lineWidth: 0, flowCollectionPadding: false, collectionStyle: 'flow' }).trim();
}

function isList(value: unknown): value is readonly string[] {
  return Array.isArray(value);
}

/** The object types the resources a pull added name that validation would not know by name. */
function customObjectTypes(
  addedBy: ReadonlyMap<string, readonly string[]>,
  declared: readonly string[],
): string[] {
  const names = new Set<string>();
  for (const family of families()) {
    for (const name of family.pull?.objectTypesOf?.(addedBy.get(family.name) ?? []) ?? [])
      if (name !== '' && !isKnownObjectType(name, declared)) names.add(name);
  }
  return [...names].sort();
}
