/**
 * Changes grouped by what they belong to, for reading: an object type (its properties and groups), an
 * association pair (its labels and limits) or an event definition. Groups come in the order their first
 * change has in the plan, and changes keep plan order within a group (the order apply runs them in).
 */
import type { ChangeOf, ChangeType } from '../plan/change-types.js';
import { pairKey } from '../model/normalize-association.js';
import type { PlannedChange } from '../plan/plan-document.js';
import type { Severity } from '../plan/severity.js';

export interface ChangeGroup {
  /** `tickets`, `tickets->orders`, `event:order_shipped` */
  title: string;
  changes: PlannedChange[];
}

type GroupKeyOf = { readonly [T in ChangeType]: (meta: ChangeOf<T>['meta']) => string };

const objectType = (m: { objectType: string }): string => m.objectType;
const pair = (m: { from: string; to: string }): string => pairKey(m.from, m.to);
const event = (m: { eventName: string }): string => `event:${m.eventName}`;

const GROUP_KEY: GroupKeyOf = {
  'property.create': objectType,
  'property.update': objectType,
  'property.archive': objectType,
  'property.replace': objectType,
  'group.create': objectType,
  'group.update': objectType,
  'group.archive': objectType,
  'label.create': pair,
  'label.update': pair,
  'label.delete': pair,
  'limit.set': pair,
  'limit.purge': pair,
  'eventDefinition.create': event,
  'eventProperty.create': event,
  'eventProperty.update': event,
  'eventProperty.delete': event,
};

export function groupKeyOf(change: PlannedChange): string {
  return (GROUP_KEY[change.type] as (meta: PlannedChange['meta']) => string)(change.meta);
}

export function groupChanges(changes: readonly PlannedChange[]): ChangeGroup[] {
  const groups = new Map<string, ChangeGroup>();
  for (const change of changes) {
    const title = groupKeyOf(change);
    let group = groups.get(title);
    if (group === undefined) {
      group = { title, changes: [] };
      groups.set(title, group);
    }
    group.changes.push(change);
  }
  return [...groups.values()];
}

/** Destructive changes first, then dangerous ones, each in plan order: what a reviewer must look at. */
export function needingAttention(changes: readonly PlannedChange[]): PlannedChange[] {
  const of = (severity: Severity) => changes.filter((c) => c.severity === severity);
  return [...of('destructive'), ...of('dangerous')];
}
