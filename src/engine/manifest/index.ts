/** The manifest part: reading, validating and modelling what the manifests declare. */
export { assertValid, loadProject, validatePaths, validateSources } from './validate.js';
export type { ValidationReport } from './validate.js';
export { loadProjectConfig, mergePolicy, resolveEnvironment } from './project/config.js';
export type { Diagnostic } from '../../core/source/diagnostics.js';
export { DIAGNOSTIC_CODES, diagnosticCodes } from '../../core/source/codes.js';
export type { Declarations } from './model/declarations.js';
export { declarationsOf } from './model/declarations.js';
export type { ProjectFile } from './schema/config-shapes.js';
