/**
 * The project file, crm-schema.yaml: read, checked (shape, then rules), and resolved into a
 * ProjectConfig with each environment's effective policy. A token never appears in this file, and
 * no message ever quotes what might be one.
 */
import { realPathOutside } from '../../../core/inside-folder.js';
import { dirname } from 'node:path';
import { CrmSchemaError } from '../../../core/errors.js';
import type { ShapeProblem } from '../schema/ajv-messages.js';
import { LITERAL_TOKEN_IN_TOKEN_ENV, looksLikeToken } from '../schema/ajv-messages.js';
import type { DiagnosticInput, DiagnosticSink } from '../../../core/source/diagnostics.js';
import { formatPath, locate } from '../../../core/source/locate.js';
import type { PathSegment } from '../../../core/source/locate.js';
import { parseYaml } from '../../../core/source/parse-yaml.js';
import type { ParsedDocument } from '../../../core/source/parse-yaml.js';
import { readSource } from '../../../core/source/read-source.js';
import { validators } from '../schema/schemas.js';
import { runSchema } from '../schema/shape.js';
import type { PolicyEntry, ProjectFile } from '../schema/config-shapes.js';
import { DEFAULT_POLICY, type Policy } from '../../model/policy.js';
import type { LintSettings } from '../lint/rules.js';
import { canonicalObjectType } from '../../model/object-types.js';
import type { SourceLocation } from '../../../core/source/source-location.js';
import { defined } from '../../../core/defined.js';
import { DEFAULT_TOKEN_ENV } from '../../../core/token-env.js';
import type { ApiVersion } from '../../../wire/api-version.js';

export const CONFIG_FILE_NAME = 'crm-schema.yaml';

export interface EnvironmentConfig {
  name: string;
  baseUrl: string;
  /** the NAME of the variable holding the token */
  tokenEnv: string;
  /** the id of the account the token must reach (`accountId`), when pinned */
  accountId?: number;
  /** the API version every call uses (`apiVersion`; absent: the default, legacy) */
  apiVersion?: ApiVersion;
  /** the project policy with this environment's overrides applied */
  policy: Policy;
  source: SourceLocation;
}

export interface ProjectConfig {
  /** absolute path of crm-schema.yaml */
  path: string;
  /** display path (relative to the working directory) */
  file: string;
  /** absolute folder the manifest globs are relative to */
  dir: string;
  manifests: string[];
  defaultEnvironment?: string;
  environments: Map<string, EnvironmentConfig>;
  policy: Policy;
  /** team conventions (`lint:`), object types canonical */
  lint: LintSettings;
  /** custom object types the manifests may name by name (`objectTypes:`) */
  objectTypes: string[];
  /** the folder apply writes its records to (`applyRecords:`, relative to the project folder), when set */
  applyRecords?: string;
  /** the git branch `history --push` publishes records to, when set (`recordsBranch:`) */
  recordsBranch?: string;
}

export interface ConfigLoad {
  /** the resolved config; undefined when the file has errors */
  config?: ProjectConfig;
  /** the parsed file, to point at its keys */
  document?: ParsedDocument;
  /** the manifest globs, when usable even though other parts have errors */
  manifests?: string[];
}

/** An environment's policy keys replace the project's, key by key. */
export function mergePolicy(base: Policy, override: PolicyEntry | undefined): Policy {
  if (!override) return base;
  return {
    destructive: override.destructive ?? base.destructive,
    dangerous: override.dangerous ?? base.dangerous,
    ...defined({ irreversible: override.irreversible ?? base.irreversible }),
    allow: override.allow ?? base.allow,
    unmanaged: override.unmanaged ?? base.unmanaged,
    recordValues: override.recordValues ?? base.recordValues,
    // an environment's manage scope replaces the project's whole: its keys are the families'
    manage: override.manage ? { ...override.manage } : base.manage,
  };
}

/** Reads and checks crm-schema.yaml; every problem goes to `sink`. */
export async function loadProjectConfig(
  path: string,
  file: string,
  sink: DiagnosticSink,
): Promise<ConfigLoad> {
  // a project file that is a link leading out of its folder is refused without reading it: its
  // problems would quote another file (a checkout's .git/config, a file of the system)
  const outside = await realPathOutside(dirname(path), path);
  if (outside !== undefined) {
    sink.inFile(file, {
      code: 'CONFIG_OUTSIDE_PROJECT',
      message: `the project file is a symbolic link to ${outside}, outside its folder; it was not read`,
      hint: 'make crm-schema.yaml a regular file in the project folder (or a link to a file inside it)',
    });
    return {};
  }
  const source = await readSource(path, file, sink);
  if (!source) return {};
  const [document, second] = parseYaml(source, sink);
  if (document === undefined) {
    if (!sink.items.some((d) => d.file === file && d.severity === 'error')) {
      sink.at(
        { file, line: 1, col: 1 },
        {
          code: 'MISSING_KEY',
          message: 'the project file is empty',
          hint: 'it needs at least manifests: ["schema/**/*.yaml"]',
        },
      );
    }
    return {};
  }
  if (second !== undefined) {
    sink.at(locate(second, []), {
      code: 'CONFIG_MULTIPLE_DOCUMENTS',
      message: 'the project file holds more than one document',
      hint: 'keep one document in crm-schema.yaml; manifests go in the files its globs name',
    });
  }
  const before = sink.errorCount;
  const blocking = runSchema(document, validators().config, '', sink, { override: tokenKeyOverride });
  const data = document.data as ProjectFile;
  const manifestsUsable = !blocking.some((p) => p.length === 0 || p[0] === 'manifests');
  const manifests = manifestsUsable && Array.isArray(data.manifests) ? data.manifests : undefined;
  if (blocking.length > 0) return { manifests, document };
  checkConfigRules(document, data, sink);
  if (sink.errorCount > before) return { manifests, document };
  return { manifests, document, config: resolveConfig(path, file, document, data) };
}

/** Keys that would hold a credential get their own error (and no "did you mean"). */
function tokenKeyOverride(problem: ShapeProblem): DiagnosticInput | undefined {
  if (problem.input.code !== 'UNKNOWN_KEY') return undefined;
  const key = String(problem.path.at(-1));
  if (!/token|secret|password|passwd|api[-_]?key|credential|bearer/i.test(key)) return undefined;
  return {
    code: 'LITERAL_TOKEN',
    message: `'${key}': a credential must not be written in the project file`,
    hint: 'remove it (and rotate it if it was committed); set tokenEnv: to the NAME of the variable that holds the token',
  };
}

function checkConfigRules(document: ParsedDocument, data: ProjectFile, sink: DiagnosticSink): void {
  const report = (path: PathSegment[], input: DiagnosticInput) => {
    sink.at(locate(document, path), { ...input, path: formatPath(path) });
  };
  for (const [name, environment] of Object.entries(data.environments ?? {})) {
    // a tokenEnv that is no variable name at all is already reported by the schema
    const tokenEnv = environment.tokenEnv;
    if (tokenEnv !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(tokenEnv) && looksLikeToken(tokenEnv)) {
      report(['environments', name, 'tokenEnv'], LITERAL_TOKEN_IN_TOKEN_ENV);
    }
    const problem = baseUrlProblem(environment.baseUrl);
    if (problem) report(['environments', name, 'baseUrl'], problem);
    // the schema took a whole number above 0; one past 2^53 is no id a comparison could match
    if (environment.accountId !== undefined && !Number.isSafeInteger(environment.accountId)) {
      report(['environments', name, 'accountId'], {
        code: 'INVALID_VALUE',
        message: "'accountId' is too large to be an account id",
        hint: "write the account's id as its details give it (portalId)",
      });
    }
  }
  if (
    data.defaultEnvironment !== undefined &&
    !Object.hasOwn(data.environments ?? {}, data.defaultEnvironment)
  ) {
    const names = Object.keys(data.environments ?? {});
    report(['defaultEnvironment'], {
      code: 'ENVIRONMENT_UNKNOWN',
      message: `defaultEnvironment '${data.defaultEnvironment}' names no environment`,
      hint: names.length > 0 ? `environments: ${names.join(', ')}` : 'declare it under environments:',
    });
  }
}

/** baseUrl: http(s), and no credentials in it (user:password@, or a key in the query). */
function baseUrlProblem(baseUrl: string): DiagnosticInput | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return {
      code: 'BASE_URL_INVALID',
      message: "'baseUrl' is not a URL",
      hint: 'for example https://api.example.com',
    };
  }
  if (url.username !== '' || url.password !== '' || /token|key|secret/i.test(url.search)) {
    return {
      code: 'LITERAL_TOKEN',
      message: "'baseUrl' carries credentials; the project file must not",
      hint: 'remove them from the URL (and rotate them); the token comes from the variable tokenEnv names',
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      code: 'BASE_URL_INVALID',
      message: `'baseUrl' must be an http or https URL, not ${url.protocol.replace(/:$/, '')}`,
    };
  }
  return undefined;
}

function resolveConfig(
  path: string,
  file: string,
  document: ParsedDocument,
  data: ProjectFile,
): ProjectConfig {
  const policy = mergePolicy(DEFAULT_POLICY, data.policy);
  const environments = new Map<string, EnvironmentConfig>();
  for (const [name, environment] of Object.entries(data.environments ?? {})) {
    environments.set(name, {
      name,
      baseUrl: environment.baseUrl.replace(/\/+$/, ''),
      tokenEnv: environment.tokenEnv ?? DEFAULT_TOKEN_ENV,
      ...defined({ accountId: environment.accountId, apiVersion: environment.apiVersion }),
      policy: mergePolicy(policy, environment.policy),
      source: locate(document, ['environments', name]),
    });
  }
  return {
    path,
    file,
    dir: dirname(path),
    manifests: data.manifests,
    ...defined({
      defaultEnvironment: data.defaultEnvironment,
      applyRecords: data.applyRecords,
      recordsBranch: data.recordsBranch,
    }),
    environments,
    policy,
    lint: lintSettings(data.lint),
    objectTypes: data.objectTypes ?? [],
  };
}

function lintSettings(entry: ProjectFile['lint']): LintSettings {
  const prefixes: Record<string, string[]> = {};
  for (const [objectType, list] of Object.entries(entry?.prefixes ?? {}))
    prefixes[canonicalObjectType(objectType)] = [
      ...(prefixes[canonicalObjectType(objectType)] ?? []),
      ...list,
    ];
  return { rules: { ...(entry?.rules ?? {}) }, prefixes };
}

/**
 * The environment a command targets: `name` (from --env), else the config's defaultEnvironment,
 * else none (the command then uses --base-url / CRM_BASE_URL and the project policy).
 */
export function resolveEnvironment(
  config: ProjectConfig,
  name: string | undefined,
): EnvironmentConfig | undefined {
  const wanted = name ?? config.defaultEnvironment;
  if (wanted === undefined) return undefined;
  const environment = config.environments.get(wanted);
  if (environment) return environment;
  const names = [...config.environments.keys()];
  throw new CrmSchemaError('ENVIRONMENT_UNKNOWN', `no environment '${wanted}' in ${config.file}`, {
    hint:
      names.length > 0
        ? `environments: ${names.join(', ')}`
        : `declare it under environments: in ${config.file}`,
  });
}
