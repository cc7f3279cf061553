/**
 * The association labels a project owns: `manage.labels` of its policy. An entry names an object pair,
 * or an object pair and a pattern of label text:
 *
 * - `tickets->orders`: every user label of that object pair, in both directions, with the limits on them,
 *   and the limits on the pair's built-in association types;
 * - `contacts->companies:Escalation *`: the user labels of that object pair whose text in either direction
 *   (the text or the inverse text) matches the pattern (`*` any run of characters, nothing else special;
 *   letter case counts), with the limits on them.
 *
 * Object types are written as manifests write them, by name or id (`tickets`, `0-5`, `2-123`); the
 * direction an entry is written in does not matter. A label is owned by its texts: the platform never
 * returns a label's internal name on reads, only its texts and type ids. Pure.
 */
import { matchesWildcard } from '../../core/wildcard.js';
import { canonicalObjectType } from '../../engine/model/object-types.js';
import type { ScopePolicy } from '../../engine/model/policy.js';

const OBJECT_TYPE = '[a-z][a-z0-9_]*|[0-9]+-[0-9]+';

/**
 * The form of an entry, as the project file's JSON Schema says it: two object types joined by `->`,
 * optionally `:` and a pattern that neither starts nor ends with a space.
 */
export const LABEL_ENTRY_SOURCE = `^(${OBJECT_TYPE})->(${OBJECT_TYPE})(?::(\\S(?:.*\\S)?))?$`;
const LABEL_ENTRY = new RegExp(LABEL_ENTRY_SOURCE, 'u');

/** The longest entry accepted (the pattern is matched against label texts from the account). */
export const LABEL_ENTRY_MAX_LENGTH = 500;

export interface LabelEntry {
  /** as written */
  entry: string;
  /** canonical object type names, in the direction written */
  from: string;
  to: string;
  /** the pattern of label text; undefined: the whole pair */
  pattern?: string;
}

export function parseLabelEntry(value: string): LabelEntry | undefined {
  if (value.length > LABEL_ENTRY_MAX_LENGTH) return undefined;
  const match = LABEL_ENTRY.exec(value);
  if (match === null) return undefined;
  const [, from = '', to = '', pattern] = match;
  const entry: LabelEntry = { entry: value, from: canonicalObjectType(from), to: canonicalObjectType(to) };
  if (pattern !== undefined) entry.pattern = pattern;
  return entry;
}

/** `0-5->0-123:Primary *` -> `tickets->orders:Primary *`; a value that is no entry is returned as it is. */
export function canonicalLabelEntry(value: string): string {
  const entry = parseLabelEntry(value);
  if (entry === undefined) return value;
  return labelEntryText(entry.from, entry.to, entry.pattern);
}

/** `tickets->orders`, or `tickets->orders:Primary order`. */
export function labelEntryText(from: string, to: string, pattern?: string): string {
  return `${from}->${to}${pattern === undefined ? '' : `:${pattern}`}`;
}

/**
 * The entry that adopts exactly the label with `text` (and any label its text matches, when it holds a
 * `*`); undefined when the text cannot be an entry's pattern (a space at either end, a line break).
 */
export function entryForText(from: string, to: string, text: string): string | undefined {
  const entry = labelEntryText(from, to, text);
  return parseLabelEntry(entry) === undefined ? undefined : entry;
}

/** An entry as YAML writes it in single quotes (`'contacts->companies:Escalation *'`), for hints. */
export function quotedEntry(entry: string): string {
  return `'${entry.replaceAll("'", "''")}'`;
}

export interface LabelScope {
  /** whether the policy has any entry: without, labels have no owner */
  active: boolean;
  /** the object pairs the entries name, each once, in the direction first written */
  pairs: readonly { from: string; to: string }[];
  /** whether an entry names the object pair of `from -> to` (either way round) */
  namesPair(from: string, to: string): boolean;
  /**
   * Why a user label of the object pair whose texts are `texts` (its text and its inverse text, either
   * unknown) is in scope (`labels 'tickets->orders'`), undefined when it is not.
   */
  label(from: string, to: string, texts: readonly (string | undefined)[]): string | undefined;
  /** Why the limits on the pair's built-in types are in scope: an entry for the whole object pair. */
  wholePair(from: string, to: string): string | undefined;
}

export function labelScope(entries: readonly string[]): LabelScope {
  const parsed = entries.flatMap((value) => {
    const entry = parseLabelEntry(value);
    return entry === undefined ? [] : [entry];
  });
  const byPair = new Map<string, LabelEntry[]>();
  const pairs: { from: string; to: string }[] = [];
  for (const entry of parsed) {
    const key = objectPair(entry.from, entry.to);
    const list = byPair.get(key);
    if (list === undefined) {
      byPair.set(key, [entry]);
      pairs.push({ from: entry.from, to: entry.to });
    } else {
      list.push(entry);
    }
  }
  const of = (from: string, to: string) =>
    byPair.get(objectPair(canonicalObjectType(from), canonicalObjectType(to))) ?? [];
  const why = (entry: LabelEntry) => `labels ${quotedEntry(entry.entry)}`;
  return {
    active: parsed.length > 0,
    pairs,
    namesPair: (from, to) => of(from, to).length > 0,
    label: (from, to, texts) => {
      const known = texts.filter((t): t is string => t !== undefined);
      const found = of(from, to).find(({ pattern }) =>
        pattern === undefined ? true : known.some((text) => matchesWildcard(pattern, text)),
      );
      return found === undefined ? undefined : why(found);
    },
    wholePair: (from, to) => {
      const found = of(from, to).find((entry) => entry.pattern === undefined);
      return found === undefined ? undefined : why(found);
    },
  };
}

/** The object pair whatever the direction (canonical names). */
function objectPair(a: string, b: string): string {
  return a < b ? `${a}<->${b}` : `${b}<->${a}`;
}

/**
 * Whether the policy names the association labels it owns (`manage.labels`): then every label and limit a
 * manifest names must lie inside them; without, labels have no owner and a manifest may name any.
 */
export function hasLabelScope(policy: Pick<ScopePolicy, 'manage'>): boolean {
  return (policy.manage.labels ?? []).length > 0;
}
