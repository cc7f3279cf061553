/**
 * `--prefix`, `--group` and `--label` (of `init` and `pull`): the managed scope a command adopts, as the
 * project file writes it under `policy.manage`. A prefix or group value is a property name prefix or a
 * group name, optionally qualified by an object type (`tickets.support_`, `0-5.support_`, `deals.finance`);
 * a label value an object pair, optionally with a pattern of label text (`tickets->orders`,
 * `contacts->companies:Escalation *`). Object types are made canonical (`tickets`), so the entries are
 * those the planner reads.
 */
import { CrmSchemaError } from '../core/errors.js';
import { defined } from '../core/defined.js';
import { canonicalLabelEntry, parseLabelEntry } from '../model/label-scope.js';
import { canonicalObjectType } from '../model/object-types.js';
import { isPlatformName } from '../model/platform-names.js';
import type { Policy, ScopePolicy } from '../model/policy.js';
import { objectTypeScope } from '../plan/diff/manage-scope.js';

export type ManageEntries = Policy['manage'];

/** The form `policy.manage` entries take in the project file (its JSON Schema says the same). */
const ENTRY = /^(([a-z][a-z0-9_]*|[0-9]+-[0-9]+)\.)?[a-z][a-z0-9_]*$/;

export interface ScopeFlags {
  prefixes?: readonly string[];
  groups?: readonly string[];
  labels?: readonly string[];
}

/**
 * The entries the flags give, canonical and without repeats, in the order given (`labels` only when
 * given). `names`: how a value is introduced in an error (`--group`, or `group` for an answer to a
 * question).
 */
export function manageFromFlags(
  flags: ScopeFlags,
  names: { groups: string; prefixes: string } = { groups: '--group', prefixes: '--prefix' },
): ManageEntries {
  const labels = labelEntries(flags.labels ?? []);
  return {
    groups: entries(names.groups, 'group', flags.groups ?? []),
    prefixes: entries(names.prefixes, 'prefix', flags.prefixes ?? []),
    ...defined({ labels: labels.length > 0 ? labels : undefined }),
  };
}

/** Whether the entries own nothing at all (no group, prefix or label). */
export function isEmptyManage(manage: ManageEntries): boolean {
  return !ownsProperties(manage) && (manage.labels ?? []).length === 0;
}

/** Whether the entries own custom properties (a group or a prefix). */
export function ownsProperties(manage: Pick<ManageEntries, 'groups' | 'prefixes'>): boolean {
  return manage.groups.length + manage.prefixes.length > 0;
}

/** The entries as a policy the planner's scope predicate (`managedScope`) takes. */
export function scopePolicyOf(manage: ManageEntries): ScopePolicy {
  return { unmanaged: 'ignore', manage };
}

/** `--prefix tickets.support_ --group deals.finance`, for messages. */
export function describeManage(manage: Pick<ManageEntries, 'groups' | 'prefixes'>): string {
  return [...manage.prefixes.map((p) => `--prefix ${p}`), ...manage.groups.map((g) => `--group ${g}`)].join(
    ' ',
  );
}

/** `--label 'tickets->orders' --label 'contacts->companies:Escalation *'`, for messages. */
export function describeLabels(labels: readonly string[]): string {
  return labels.map((l) => `--label ${shellQuoted(l)}`).join(' ');
}

/** A value in single quotes as a shell reads it: a label entry holds `>`, which a shell takes for a redirection. */
export function shellQuoted(value: string): string {
  return `'${value.replaceAll("'", "'\\''")}'`;
}

/** `prefixes support_ and groups deals.finance`, for messages. */
export function scopeWords(manage: ManageEntries): string {
  const labels = manage.labels ?? [];
  return [
    ...(manage.prefixes.length > 0 ? [`prefixes ${manage.prefixes.join(', ')}`] : []),
    ...(manage.groups.length > 0 ? [`groups ${manage.groups.join(', ')}`] : []),
    ...(labels.length > 0 ? [`labels ${labels.join(', ')}`] : []),
  ].join(' and ');
}

/**
 * `manage` as the project file writes it: only the lists that hold entries, in the order groups,
 * prefixes, events, labels (written by the yaml library, never joined by hand).
 */
export function manageData(manage: ManageEntries): Record<string, readonly string[]> {
  const data: Record<string, readonly string[]> = {};
  if (manage.groups.length > 0) data.groups = manage.groups;
  if (manage.prefixes.length > 0) data.prefixes = manage.prefixes;
  if ((manage.events ?? []).length > 0) data.events = manage.events ?? [];
  if ((manage.labels ?? []).length > 0) data.labels = manage.labels ?? [];
  return data;
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

function labelEntries(values: readonly string[]): string[] {
  const out: string[] = [];
  for (const given of values) {
    const value = given.trim();
    if (parseLabelEntry(value) === undefined) {
      throw new CrmSchemaError(
        'SCOPE_FLAG_INVALID',
        `--label ${given}: expected an object pair, optionally with a pattern of label text.`,
        {
          hint:
            "For example --label 'tickets->orders' (every label of that pair), or --label 'contacts->companies:Escalation *' " +
            '(the labels whose text or inverse text matches; * any run of characters).',
        },
      );
    }
    const entry = canonicalLabelEntry(value);
    if (!out.includes(entry)) out.push(entry);
  }
  return out;
}

/**
 * The scope with the custom groups a pull wrote (`added`: addresses such as `tickets.group:support`)
 * that it does not cover yet: a manifest declaring a group owns it, so the project file names it
 * (`tickets.support` for the group holding the `support_...` properties). Built-in groups are never
 * written, so never added; nor is a name that breaks the platform's rules (pull never writes one).
 */
export function withWrittenGroups(manage: ManageEntries, added: readonly string[]): ManageEntries {
  const groups = [...manage.groups];
  for (const address of added) {
    const match = /^([^.]+)\.group:(.+)$/s.exec(address);
    if (match === null) continue;
    const [, objectType = '', name = ''] = match;
    if (!isPlatformName('group', name) || !ENTRY.test(`${objectType}.${name}`)) continue;
    const entry = `${objectType}.${name}`;
    if (
      objectTypeScope(scopePolicyOf(manage), objectType).group(name) === undefined &&
      !groups.includes(entry)
    )
      groups.push(entry);
  }
  return { ...manage, groups };
}
