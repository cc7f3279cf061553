/**
 * The API versions a target may speak: `legacy` (the `/crm/v3`, `/crm/v4`, `/events/v3` paths) or a
 * date version (`2026-03`, `2026-09`), named as the platform names them: a path segment after the API's
 * name (`/crm/properties/2026-03/{objectType}`). The route table builds every path from the version.
 */

export const DATE_VERSIONS = ['2026-03', '2026-09'] as const;
export const API_VERSIONS = ['legacy', ...DATE_VERSIONS] as const;

export type DateVersion = (typeof DATE_VERSIONS)[number];
export type ApiVersion = (typeof API_VERSIONS)[number];

/**
 * What a target without `apiVersion` speaks: the legacy paths, which every earlier release of this tool
 * used, so that upgrading the tool never moves a team's calls to another API on its own. `lint` warns
 * about it until the legacy paths stop being supported.
 */
export const DEFAULT_API_VERSION: ApiVersion = 'legacy';

/** What `init` writes: the newest date version this release speaks. */
export const NEWEST_API_VERSION: DateVersion = '2026-09';

/** When the platform stops supporting the legacy paths, per family, as its changelog says them. */
export const LEGACY_END = {
  /** the v4 association paths (labels, limits, record associations) */
  v4: '30 March 2027',
  /** the v1-v3 paths (properties, groups, records, events, account details); no day is given */
  v3: 'September 2027',
} as const;

/** `build` made once per API version (the route table, the write builders): the same object each time. */
export function perVersion<T>(build: (version: ApiVersion) => T): (version: ApiVersion) => T {
  const made = new Map<ApiVersion, T>();
  return (version) => {
    let value = made.get(version);
    if (value === undefined) {
      value = build(version);
      made.set(version, value);
    }
    return value;
  };
}

export function isApiVersion(value: unknown): value is ApiVersion {
  return typeof value === 'string' && (API_VERSIONS as readonly string[]).includes(value);
}

export function isDateVersion(version: ApiVersion): version is DateVersion {
  return version !== 'legacy';
}
