/**
 * The flags of the families' manage keys (`--prefix`, `--group`, `--label` of `init` and `pull`): the
 * managed scope a command adopts, as the project file writes it under `policy.manage`. Each value is
 * checked and made canonical by its key's family (object types by their canonical names), so the entries
 * are those the planner reads.
 */
import type { ManageKey } from '../family.js';
import { families } from '../installed.js';
import type { ManageEntries, Policy, ScopePolicy } from '../model/policy.js';

export type { ManageEntries } from '../model/policy.js';

/** Every manage key of the installed families, in the order of the list. */
export function manageKeys(): ManageKey[] {
  return families().flatMap((family) => family.manage ?? []);
}

/** The manage keys that have a flag, in the order messages list them. */
function flaggedKeys(): (ManageKey & { flag: NonNullable<ManageKey['flag']> })[] {
  return manageKeys()
    .filter((k): k is ManageKey & { flag: NonNullable<ManageKey['flag']> } => k.flag !== undefined)
    .sort((a, b) => a.flag.rank - b.flag.rank);
}

/** The keys given together with `key` (its `together` group; the key alone without one). */
export function togetherWith(key: string): string[] {
  const own = manageKeys().find((k) => k.key === key);
  const group = own?.together ?? key;
  return manageKeys()
    .filter((k) => (k.together ?? k.key) === group)
    .map((k) => k.key);
}

/**
 * The entries the flags give (`values`: by flag name), canonical and without repeats, in the order given;
 * only the keys whose flag was given. `names`: how a value is introduced in an error (`--group`, or
 * `group` for an answer to a question).
 */
export function manageFromFlags(
  values: Readonly<Record<string, readonly string[] | undefined>>,
  names: (flag: string) => string = (flag) => `--${flag}`,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const { key, flag } of manageKeys()) {
    const given = flag === undefined ? undefined : values[flag.name];
    if (flag === undefined || given === undefined || given.length === 0) continue;
    const entries: string[] = [];
    for (const value of given) {
      const entry = flag.parse(value.trim(), `${names(flag.name)} ${value}`);
      if (!entries.includes(entry)) entries.push(entry);
    }
    out[key] = entries;
  }
  return out;
}

/** Whether the entries own nothing at all. */
export function isEmptyManage(manage: ManageEntries): boolean {
  return Object.values(manage).every((entries) => (entries ?? []).length === 0);
}

/** The entries as a policy the planner's scope questions take. */
export function scopePolicyOf(manage: ManageEntries): ScopePolicy {
  return { unmanaged: 'ignore', manage };
}

/** `--prefix tickets.support_ --group deals.finance`, for messages (the keys given, in that order). */
export function describeManage(manage: ManageEntries, keys?: readonly string[]): string {
  const words: string[] = [];
  for (const { key, flag } of flaggedKeys()) {
    if (keys !== undefined && !keys.includes(key)) continue;
    for (const entry of manage[key] ?? [])
      words.push(`--${flag.name} ${flag.quoted === true ? shellQuoted(entry) : entry}`);
  }
  return words.join(' ');
}

/** A value in single quotes as a shell reads it: a label entry holds `>`, which a shell takes for a redirection. */
export function shellQuoted(value: string): string {
  return `'${value.replaceAll("'", "'\\''")}'`;
}

/** `prefixes support_ and groups deals.finance`, for messages. */
export function scopeWords(manage: ManageEntries): string {
  return flaggedKeys()
    .flatMap(({ key }) => {
      const entries = manage[key] ?? [];
      return entries.length > 0 ? [`${key} ${entries.join(', ')}`] : [];
    })
    .join(' and ');
}

/** `manage` as the project file writes it: only the keys that hold entries, in the order of the families. */
export function manageData(manage: ManageEntries): Record<string, readonly string[]> {
  const data: Record<string, readonly string[]> = {};
  for (const { key } of manageKeys()) {
    const entries = manage[key] ?? [];
    if (entries.length > 0) data[key] = entries;
  }
  return data;
}

/** The scope with what the families adopt when a pull wrote `added` (a custom group a manifest now declares). */
export function withAdopted(manage: ManageEntries, added: readonly string[]): ManageEntries {
  let out = manage;
  for (const family of families()) out = family.pull?.adopted?.(out, added) ?? out;
  return out;
}

/** A policy's `manage` (canonical), for the flags' scope to be bounded by. */
export function manageOf(policy: Pick<Policy, 'manage'>): ManageEntries {
  return policy.manage;
}
