/** The manifest part: reading, validating and modelling what the manifests declare. */
export { assertValid, loadProject, validatePaths, validateSources } from './validate.js';
export type { ProjectResult, ReadFile, ValidateOptions, ValidationReport } from './validate.js';
export { CONFIG_FILE_NAME, loadProjectConfig, mergePolicy, resolveEnvironment } from './project/config.js';
export { DEFAULT_TOKEN_ENV } from '../core/token-env.js';
export type { EnvironmentConfig, ProjectConfig } from './project/config.js';
export type { Diagnostic, DiagnosticSeverity } from '../core/source/diagnostics.js';
export { DIAGNOSTIC_CODES } from '../core/source/codes.js';
export type { DiagnosticCode } from '../core/source/codes.js';
export * from './model/model.js';
export { analyseFormula } from '../model/formula.js';
export type * from './schema/types.js';
