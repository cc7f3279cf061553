/**
 * The CRM's limits, in one place: the validation rules, the client's batching, the planner's batch
 * requests and the data check all take them from here. (The emulator keeps its own copy on purpose: it
 * is an independent implementation of the CRM, so that a limit copied wrong here shows up in tests.)
 */

/** Inputs per batch call (create, read, update, archive of properties, records, limits). */
export const BATCH_SIZE = 100;

/** Record ids per call of the v4 association batch read. */
export const ASSOCIATION_READ_BATCH_SIZE = 1000;

/** Options of one enumeration property. */
export const MAX_OPTIONS = 5000;

/** Properties with `hasUniqueValue: true` per object type. */
export const MAX_UNIQUE_PROPERTIES = 10;

/** User labels per object pair (a label and its inverse count once). */
export const MAX_LABELS_PER_PAIR = 50;

/** Properties of one custom event definition. */
export const MAX_EVENT_PROPERTIES = 500;

/** Filter groups of one search request. */
export const MAX_SEARCH_FILTER_GROUPS = 5;
