/**
 * Object types may be written by name (`tickets`) or by id (`0-5`). Entries keep what was written;
 * the model is keyed by a canonical key (the name, for the ids below) so that `tickets` and `0-5`
 * in two files are one object type. Ids not in the model's well-known table stay as written: the
 * planner resolves them against the account.
 */
import { WELL_KNOWN_OBJECT_TYPES } from '../model/object-types.js';

/** Well-known ids to names; only ids are mapped: a name keeps the spelling it was written with. */
const NAMES_BY_ID: ReadonlyMap<string, string> = new Map(
  WELL_KNOWN_OBJECT_TYPES.map((t) => [t.objectTypeId, t.name]),
);

/** The key an object type is grouped under in the desired-state model. */
export function objectTypeKey(written: string): string {
  return NAMES_BY_ID.get(written) ?? written;
}

/** The key of an association pair in the model: `tickets->orders`. */
export function pairKey(from: string, to: string): string {
  return `${objectTypeKey(from)}->${objectTypeKey(to)}`;
}
