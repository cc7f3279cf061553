/**
 * The API families the emulator serves side by side, on the same state: the legacy paths and each date
 * version's, each with its own status codes where the platform's differ. The paths come from the route
 * table (src/wire/routes.ts); this module adds what only the emulator needs: fastify's `:param` form, the
 * legacy aliases the platform also answers under, and the per-version differences.
 */
import { API_VERSIONS } from '../../wire/api-version.js';
import { routeFamily, type RouteFamily } from '../../wire/routes.js';

export type { RouteFamily } from '../../wire/routes.js';

/** Every family, the legacy one first. */
export const FAMILIES: readonly RouteFamily[] = API_VERSIONS.map(routeFamily);

export function isDated(family: RouteFamily): boolean {
  return family.version !== 'legacy';
}

/** The prefixes of the association labels and record association batches (legacy: also `/crm/associations/v4`). */
export function associationPrefixes(family: RouteFamily): string[] {
  return isDated(family) ? [family.associations] : [family.associations, '/crm/associations/v4'];
}

/** The prefixes of the limit configuration (legacy: also under `/crm/v4/associations`, the official client's). */
export function limitPrefixes(family: RouteFamily): string[] {
  return isDated(family)
    ? [family.limits]
    : [family.limits, '/crm/v4/associations/definitions/configurations'];
}

/** Whether record writes on this family's paths are checked against the account's required-property rules. */
export function enforcesWriteRules(family: RouteFamily): boolean {
  return isDated(family) && family.version >= '2026-09';
}

/**
 * How an archive-type association batch (record associations archive, limits purge) answers: 204 with
 * no body on the legacy paths, 200 with a batch body on the date-versioned ones.
 */
export function archiveAnswersBatch(family: RouteFamily): boolean {
  return isDated(family);
}
