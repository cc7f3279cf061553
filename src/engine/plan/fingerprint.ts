/**
 * Fingerprints: per change, a digest of the live resource it was computed from (`sha256:<hex>` of the
 * canonical JSON of the normalised resource), or `absent`. Hashing is pure; finding the resource is
 * generic (the change's target).
 */
import type { SchemaState } from '../model/schema-model.js';
import { canonicalDigest } from './canonical-json.js';
import type { Change } from './change-types.js';
import { liveResourceFor } from './kinds/registry.js';

export const ABSENT = 'absent';

export function fingerprint(resource: unknown): string {
  if (resource === undefined) return ABSENT;
  return canonicalDigest(resource);
}

export function fingerprintFor(change: Change, live: SchemaState): string {
  return fingerprint(liveResourceFor(change, live));
}
