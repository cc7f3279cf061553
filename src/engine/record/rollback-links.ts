/**
 * Which apply a later apply rolled back, on evidence: a rollback's record names the record it reversed by
 * id and digest, and the link holds only when both records are in the store, neither is ambiguous, and the
 * digest is that of the record the store holds. A record file saying "I rolled X back" is not enough.
 */
import type { StoredRecord } from './record-store.js';

/** record id -> the id of the apply that rolled it back */
export function rollbackLinks(records: readonly StoredRecord[]): Map<string, string> {
  const byId = new Map(records.map((stored) => [stored.record.id, stored]));
  const links = new Map<string, string>();
  for (const rollback of records) {
    const { rollbackOf, rollbackDigest } = rollback.record;
    if (rollbackOf === undefined || rollbackDigest === undefined || rollback.ambiguous !== undefined)
      continue;
    const reversed = byId.get(rollbackOf);
    if (reversed === undefined || reversed.ambiguous !== undefined || reversed.digest !== rollbackDigest)
      continue;
    // the last rollback of a record names it
    links.set(rollbackOf, rollback.record.id);
  }
  return links;
}
