/**
 * `--prefix` and `--group` (of `init` and `pull`): the managed scope a command adopts, as the project
 * file writes it under `policy.manage`. Each value is a property name prefix or a group name, optionally
 * qualified by an object type (`tickets.support_`, `0-5.support_`, `deals.finance`); a qualifier is made
 * canonical (`tickets`), so the entries are those the planner reads.
 */
import { stringify } from 'yaml';
import { CrmSchemaError } from '../core/errors.js';
import { canonicalObjectType } from '../model/object-types.js';
import type { Policy, ScopePolicy } from '../model/policy.js';
import { objectTypeScope } from '../plan/diff/manage-scope.js';

export type ManageEntries = Policy['manage'];

/** The form `policy.manage` entries take in the project file (its JSON Schema says the same). */
const ENTRY = /^(([a-z][a-z0-9_]*|[0-9]+-[0-9]+)\.)?[a-z][a-z0-9_]*$/;

export interface ScopeFlags {
  prefixes?: readonly string[];
  groups?: readonly string[];
}

/**
 * The entries the flags give, canonical and without repeats, in the order given. `names`: how a value is
 * introduced in an error (`--group`, or `group` for an answer to a question).
 */
export function manageFromFlags(
  flags: ScopeFlags,
  names: { groups: string; prefixes: string } = { groups: '--group', prefixes: '--prefix' },
): ManageEntries {
  return {
    groups: entries(names.groups, 'group', flags.groups ?? []),
    prefixes: entries(names.prefixes, 'prefix', flags.prefixes ?? []),
  };
}

export function isEmptyManage(manage: ManageEntries): boolean {
  return manage.groups.length + manage.prefixes.length === 0;
}

/** The entries as a policy the planner's scope predicate (`managedScope`) takes. */
export function scopePolicyOf(manage: ManageEntries): ScopePolicy {
  return { unmanaged: 'ignore', manage };
}

/** `--prefix tickets.support_ --group deals.finance`, for messages. */
export function describeManage(manage: ManageEntries): string {
  return [...manage.prefixes.map((p) => `--prefix ${p}`), ...manage.groups.map((g) => `--group ${g}`)].join(
    ' ',
  );
}

/** `prefixes support_ and groups deals.finance`, for messages. */
export function scopeWords(manage: ManageEntries): string {
  return [
    ...(manage.prefixes.length > 0 ? [`prefixes ${manage.prefixes.join(', ')}`] : []),
    ...(manage.groups.length > 0 ? [`groups ${manage.groups.join(', ')}`] : []),
  ].join(' and ');
}

/** `manage:` and its lists, as the project file writes them (only the lists that hold entries). */
export function manageLines(manage: ManageEntries, indent: string): string[] {
  const list = (values: readonly string[]) =>
    `[${values.map((v) => stringify(v, { lineWidth: 0 }).trim()).join(', ')}]`;
  const lines = [`${indent}manage:`];
  if (manage.groups.length > 0) lines.push(`${indent}  groups: ${list(manage.groups)}`);
  if (manage.prefixes.length > 0) lines.push(`${indent}  prefixes: ${list(manage.prefixes)}`);
  return lines;
}

function entries(name: string, kind: 'group' | 'prefix', values: readonly string[]): string[] {
  const out: string[] = [];
  for (const given of values) {
    const value = given.trim();
    if (!ENTRY.test(value)) {
      throw new CrmSchemaError(
        'SCOPE_FLAG_INVALID',
        `${name} ${given}: expected a lowercase name, optionally after an object type and a dot.`,
        {
          hint:
            kind === 'prefix'
              ? 'For example support_, or tickets.support_ for the tickets object type only.'
              : 'For example escalation, or tickets.escalation for the tickets object type only.',
        },
      );
    }
    const dot = value.indexOf('.');
    const entry = dot < 0 ? value : `${canonicalObjectType(value.slice(0, dot))}.${value.slice(dot + 1)}`;
    if (!out.includes(entry)) out.push(entry);
  }
  return out;
}

/**
 * The scope with the custom groups a pull wrote (`added`: addresses such as `tickets.group:support`)
 * that it does not cover yet: a manifest declaring a group owns it, so the project file names it
 * (`tickets.support` for the group holding the `support_...` properties). Built-in groups are never
 * written, so never added.
 */
export function withWrittenGroups(manage: ManageEntries, added: readonly string[]): ManageEntries {
  const groups = [...manage.groups];
  for (const address of added) {
    const match = /^([^.]+)\.group:(.+)$/.exec(address);
    if (match === null) continue;
    const [, objectType = '', name = ''] = match;
    const entry = `${objectType}.${name}`;
    if (
      objectTypeScope(scopePolicyOf(manage), objectType).group(name) === undefined &&
      !groups.includes(entry)
    )
      groups.push(entry);
  }
  return { ...manage, groups };
}
