export { startEmulator, type RunningEmulator } from './server.js';
export { FAULT_KINDS, type EmulatorOptions, type FaultKind, type FaultWeights } from './options.js';
export { scopes, unknownScopes, type TokenGrant } from './auth.js';
export { changed, type EmulatorContext, type StateChange } from './context.js';
export type { EmulatorState } from './state/model.js';
