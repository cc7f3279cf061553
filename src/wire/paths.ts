/** Builds request paths: every path segment URL-encoded, query values joined as the API expects. */

import { at } from '../core/must.js';

export type QueryValue = string | number | boolean | readonly string[] | undefined;

/** Tagged template: `path\`/crm/v3/properties/${objectType}\`` encodes each interpolated segment. */
export function path(strings: TemplateStringsArray, ...segments: (string | number)[]): string {
  let out = at(strings, 0);
  for (const [i, segment] of segments.entries()) {
    out += encodeURIComponent(String(segment)) + at(strings, i + 1);
  }
  return out;
}

/** Appends a query; arrays become comma-separated lists (the API's form), undefined values are left out. */
export function withQuery(base: string, query: Readonly<Record<string, QueryValue>> = {}): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (Array.isArray(value) && value.length === 0) continue;
    parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(text).replaceAll('%2C', ',')}`);
  }
  return parts.length ? `${base}?${parts.join('&')}` : base;
}
