/**
 * The kinds of resources a plan may leave unread (`notRead` in the plan document): event definitions and
 * their properties, whose only scope on the platform also writes them, so that a plan job's read-only
 * token holds none. A change belongs to one by the resource it acts on.
 */
import type { Change } from './change-types.js';
import { targetOf } from './kinds/registry.js';
import type { NOT_READ_FAMILIES } from './plan-document-shape.js';

export type NotReadFamily = (typeof NOT_READ_FAMILIES)[number];

/** The kind of resources `change` is of, when a plan may leave it unread. */
export function notReadFamilyOf(change: Change): NotReadFamily | undefined {
  const { kind } = targetOf(change);
  return kind === 'eventDefinition' || kind === 'eventProperty' ? 'events' : undefined;
}
