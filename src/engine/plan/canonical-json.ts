import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every level and `undefined` members dropped: equal values, equal text.
 * Written out directly (no sorted copy of the value): fingerprints hash one of these per change.
 */
export function canonicalJson(value: unknown): string {
  return write(value) ?? 'null';
}

/** `sha256:<hex>` of the canonical JSON of `value`: equal values, equal digest. */
export function canonicalDigest(value: unknown): string {
  return `sha256:${createHash('sha256').update(canonicalJson(value)).digest('hex')}`;
}

function write(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' || typeof value === 'symbol' ? undefined : JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((v) => write(v) ?? 'null').join(',')}]`;
  if (value instanceof Map) return write(Object.fromEntries(value));
  const record = value as Record<string, unknown>;
  let out = '';
  for (const key of Object.keys(record).sort()) {
    const member = write(record[key]);
    if (member === undefined) continue;
    out += `${out === '' ? '' : ','}${JSON.stringify(key)}:${member}`;
  }
  return `{${out}}`;
}
