export * from './defaults.js';
export * from './normalize-association.js';
export * from './normalize-event.js';
export * from './normalize-group.js';
export * from './normalize-options.js';
export * from './normalize-property.js';
export * from './object-types.js';
export type * from './schema-model.js';
export * from './schema-state.js';
