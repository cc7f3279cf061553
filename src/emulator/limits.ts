/**
 * The limits the emulated CRM enforces, in one place. The emulator keeps its own copy rather than
 * sharing crm-schema's: it is an independent implementation of the CRM, so a limit the tool gets wrong
 * shows up against it.
 */

/** Inputs of one batch request. */
export const MAX_BATCH_INPUTS = 100;

/** Options of one enumeration property (object or event). */
export const MAX_OPTIONS = 5_000;

/** Properties with a unique value per object type. */
export const MAX_UNIQUE_PROPERTIES = 10;

/** Properties of one event definition. */
export const MAX_EVENT_PROPERTIES = 500;
