/**
 * The kinds of resources a plan may leave unread (`notRead` in the plan document): those a family says
 * have only a scope that also writes them (event definitions), so that a plan job's read-only token
 * holds none. A change belongs to one by the resource it acts on.
 */
import type { Change } from './change-types.js';
import { families, resourceTypeOf } from '../installed.js';
import type { SchemaState } from '../model/schema-model.js';
import { targetOf } from './kinds/registry.js';

/** The name of the kind of resources `change` is of (its family's), when a plan may leave it unread. */
export function notReadFamilyOf(change: Change): string | undefined {
  return resourceTypeOf(targetOf(change)).family.notReadName;
}

/** What a plan says it left unread: the names of the families the live read could not read. */
export function notReadOf(live: SchemaState): { notRead?: string[] } {
  const names = families().flatMap((family) =>
    live.notRead.has(family.name) && family.notReadName !== undefined ? [family.notReadName] : [],
  );
  return names.length === 0 ? {} : { notRead: names };
}
