/**
 * Object types may be written by name (`tickets`) or by id (`0-5`). Entries keep what was written;
 * the model is keyed by a canonical key (the name, for the ids below) so that `tickets` and `0-5`
 * in two files are one object type. Ids not listed here stay as written: the planner resolves them
 * against the account.
 */

/** Well-known ids (reference §5, plus the three core objects of the platform). */
const NAMES_BY_ID: Readonly<Record<string, string>> = {
  '0-1': 'contacts',
  '0-2': 'companies',
  '0-3': 'deals',
  '0-5': 'tickets',
  '0-7': 'products',
  '0-69': 'subscriptions',
  '0-123': 'orders',
  '0-162': 'services',
  '0-410': 'courses',
};

/** The key an object type is grouped under in the desired-state model. */
export function objectTypeKey(written: string): string {
  return NAMES_BY_ID[written] ?? written;
}

/** The key of an association pair in the model: `tickets->orders`. */
export function pairKey(from: string, to: string): string {
  return `${objectTypeKey(from)}->${objectTypeKey(to)}`;
}
