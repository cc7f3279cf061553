/**
 * Validation end to end: read -> YAML -> shape -> meaning, every problem collected, and the
 * desired-state model of each project. `validatePaths` serves `crm-schema validate`; `loadProject`
 * serves plan, apply and drift; `validateSources` checks in-memory texts (tests, benchmarks).
 */
import { lintApiVersions } from './api-version-lint.js';
import { createHash } from 'node:crypto';
import { CrmSchemaError } from '../../core/errors.js';
import { at } from '../../core/must.js';
import { FILE_CONCURRENCY, mapLimit } from '../../core/map-limit.js';
import { collectUnits, displayPath } from './project/collect.js';
import type { ProjectUnit } from './project/collect.js';
import { loadProjectConfig } from './project/config.js';
import type { ProjectConfig } from './project/config.js';
import { DiagnosticSink, sortDiagnostics, withExcerpts } from '../../core/source/diagnostics.js';
import type { Diagnostic } from '../../core/source/diagnostics.js';
import { collectItems } from './collect-items.js';
import { emptyItems } from './model/items.js';
import { parseYaml } from '../../core/source/parse-yaml.js';
import { projectManifests } from './project/project-globs.js';
import { readSource } from '../../core/source/read-source.js';
import type { SourceText } from '../../core/source/read-source.js';
import { rules } from './rules/index.js';
import type { LintSettings } from './lint/rules.js';
import { runLint } from './lint/run-lint.js';
import { checkManifestShape } from './schema/shape.js';
import { buildModel } from './model/build-model.js';
import type { Declarations } from './model/declarations.js';

export interface ValidateOptions {
  /** folder paths are relative to, and shown relative to; default process.cwd() */
  cwd?: string;
  /** the project file (`--config`) */
  configPath?: string;
  /** every lint rule at its default severity, unless the project file says otherwise (`crm-schema lint`) */
  lintAll?: boolean;
  /** the project file alone, no manifest read (a rollback, which the manifests play no part in) */
  configOnly?: boolean;
}

/** A manifest file that was read, with a digest of its bytes as text. */
export interface ReadFile {
  file: string;
  sha256: string;
}

export interface ProjectResult {
  config?: ProjectConfig;
  model: Declarations;
  /** the manifest files, in the order checked */
  files: ReadFile[];
}

export interface ValidationReport {
  ok: boolean;
  /** every file checked (project files and manifests), display paths */
  files: string[];
  diagnostics: Diagnostic[];
  errorCount: number;
  warningCount: number;
  /** files with more problems than shown (`diagnostics` holds the first MAX_SHOWN_PER_FILE of each) */
  omitted: { file: string; count: number }[];
  projects: ProjectResult[];
}

/** Problems shown per file; past them, the report says how many more there are. */
export const MAX_SHOWN_PER_FILE = 100;

/** `crm-schema validate [PATHS...] [--config FILE]` */
export async function validatePaths(
  paths: readonly string[],
  options: ValidateOptions = {},
): Promise<ValidationReport> {
  const cwd = options.cwd ?? process.cwd();
  const { units, emptyFolders } = await collectUnits(paths, cwd, options.configPath);
  const sink = new DiagnosticSink();
  const files: string[] = [];
  const projects: ProjectResult[] = [];
  for (const folder of emptyFolders) {
    const file = displayPath(cwd, folder);
    files.push(file);
    sink.inFile(file, {
      code: 'NO_MANIFESTS',
      message: 'this folder holds no *.yaml or *.yml file',
      hint: 'check the path',
    });
  }
  for (const unit of units)
    projects.push(
      await validateUnit(unit, cwd, sink, files, {
        lintAll: options.lintAll === true,
        configOnly: options.configOnly === true,
      }),
    );
  return report(sink, files, projects);
}

/**
 * The project for plan / apply / drift: the config (`--config` or ./crm-schema.yaml) and the model
 * of its manifests. The report carries the diagnostics (warnings too) for the command to print;
 * `assertValid` turns errors into a CrmSchemaError.
 */
export async function loadProject(
  options: ValidateOptions = {},
): Promise<{ report: ValidationReport; config?: ProjectConfig; model: Declarations }> {
  const report = await validatePaths([], options);
  const project = at(report.projects, 0);
  return { report, model: project.model, ...(project.config ? { config: project.config } : {}) };
}

/** Throws when the report has errors: `2 errors in 3 files` (print the diagnostics first). */
export function assertValid(report: ValidationReport): void {
  if (report.ok) return;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const message = `${plural(report.errorCount, 'error')} in ${plural(report.files.length, 'file')}`;
  throw new CrmSchemaError('MANIFEST_INVALID', message, {
    hint: 'run crm-schema validate to see every problem',
    meta: { errors: report.errorCount, warnings: report.warningCount, files: report.files.length },
  });
}

/** Checks in-memory manifest texts as one project (no project file). */
export function validateSources(sources: readonly SourceText[]): ValidationReport {
  const sink = new DiagnosticSink();
  const model = checkManifests(sources, sink);
  const files = sources.map((s) => s.file);
  return report(sink, files, [{ model, files: sources.map(readFile) }]);
}

async function validateUnit(
  unit: ProjectUnit,
  cwd: string,
  sink: DiagnosticSink,
  seen: string[],
  { lintAll, configOnly }: { lintAll: boolean; configOnly: boolean },
): Promise<ProjectResult> {
  let config: ProjectConfig | undefined;
  let manifestPaths = unit.files;
  if (unit.configPath !== undefined) {
    const file = displayPath(cwd, unit.configPath);
    seen.push(file);
    const loaded = await loadProjectConfig(unit.configPath, file, sink);
    config = loaded.config;
    if (lintAll && config !== undefined && loaded.document !== undefined)
      lintApiVersions(config, loaded.document, sink);
    if (unit.useGlobs && loaded.manifests && loaded.document && !configOnly) {
      manifestPaths = await projectManifests(
        { configPath: unit.configPath, file, manifests: loaded.manifests, document: loaded.document, cwd },
        sink,
      );
    }
  }
  const display = manifestPaths.map((p) => displayPath(cwd, p));
  seen.push(...display);
  // a few files at a time: thousands of manifests must not need thousands of open files
  const sources = await mapLimit(manifestPaths, FILE_CONCURRENCY, (p, i) =>
    readSource(p, at(display, i), sink),
  );
  const texts = sources.filter((s): s is SourceText => s !== undefined);
  const lint = config?.lint ?? { rules: {}, prefixes: {} };
  const model = checkManifests(texts, sink, { settings: lint, all: lintAll }, config?.objectTypes ?? []);
  return { ...(config ? { config } : {}), model, files: texts.map(readFile) };
}

/** Steps 1 to 3 over the texts of one project, then the lint rules it turns on (all of them for `lint`). */
function checkManifests(
  sources: readonly SourceText[],
  sink: DiagnosticSink,
  lint: { settings: LintSettings; all: boolean } = { settings: { rules: {}, prefixes: {} }, all: false },
  objectTypes: readonly string[] = [],
): Declarations {
  const items = emptyItems();
  for (const source of sources) {
    for (const document of parseYaml(source, sink)) {
      collectItems(document, checkManifestShape(document, sink), items);
      // the items hold the locations the model needs; a rule reporting a problem parses the text again
      document.release();
    }
  }
  const model = buildModel(items, sink);
  for (const rule of rules()) rule({ items, model, sink, objectTypes });
  runLint(items, lint.settings, sink, lint.all);
  return model;
}

function report(sink: DiagnosticSink, files: string[], projects: ProjectResult[]): ValidationReport {
  const sorted = sortDiagnostics(sink.items, files);
  const errorCount = sorted.filter((d) => d.severity === 'error').length;
  // the first problems of each file: a file of thousands of broken entries says what to fix first
  const perFile = new Map<string, number>();
  const shown = sorted.filter((d) => {
    const n = (perFile.get(d.file) ?? 0) + 1;
    perFile.set(d.file, n);
    return n <= MAX_SHOWN_PER_FILE;
  });
  const omitted = [...perFile]
    .filter(([, n]) => n > MAX_SHOWN_PER_FILE)
    .map(([file, n]) => ({ file, count: n - MAX_SHOWN_PER_FILE }));
  return {
    ok: errorCount === 0,
    files: [...new Set(files)],
    diagnostics: withExcerpts(shown, sink.texts),
    errorCount,
    warningCount: sorted.length - errorCount,
    omitted,
    projects,
  };
}

function readFile(source: SourceText): ReadFile {
  return { file: source.file, sha256: createHash('sha256').update(source.text).digest('hex') };
}
