/** The manifest part: reading, validating and modelling what the manifests declare. */
export { assertValid, loadProject, validatePaths, validateSources } from './validate.js';
export type { ProjectResult, ReadFile, ValidateOptions, ValidationReport } from './validate.js';
export { CONFIG_FILE_NAME, loadProjectConfig, mergePolicy, resolveEnvironment } from './config.js';
export { DEFAULT_TOKEN_ENV } from '../core/token-env.js';
export type { EnvironmentConfig, ProjectConfig } from './config.js';
export type { Diagnostic, DiagnosticSeverity } from './diagnostics.js';
export { DIAGNOSTIC_CODES } from './codes.js';
export type { DiagnosticCode } from './codes.js';
export * from './model.js';
export { analyseFormula } from './formula.js';
export type * from './types.js';
