/**
 * Wire types of the CRM's interface: the one contract shared by the API client (`src/api/`), the planner
 * and the emulator (`src/emulator/`), one file per resource, all exported from here. Field names are the
 * API's own. Response types carry an index signature where the platform may add fields we do not model:
 * unknown response fields are kept, never dropped.
 */
export * from './api-properties.js';
export * from './api-records.js';
export * from './api-associations.js';
export * from './api-events.js';
export * from './api-account.js';
