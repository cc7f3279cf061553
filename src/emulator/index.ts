export { startEmulator, type RunningEmulator } from './server.js';
export type { EmulatorOptions } from './options.js';
