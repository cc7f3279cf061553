/** The manifest part: reading, validating and modelling what the manifests declare. */
export { assertValid, loadProject, validatePaths, validateSources } from './validate.js';
export type { ValidationReport } from './validate.js';
export { loadProjectConfig, mergePolicy, resolveEnvironment } from './project/config.js';
export type { Diagnostic } from '../core/source/diagnostics.js';
export { DIAGNOSTIC_CODES } from '../core/source/codes.js';
export * from './model/model.js';
export { analyseFormula } from '../model/formula.js';
export type * from './schema/types.js';
