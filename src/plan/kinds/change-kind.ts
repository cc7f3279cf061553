/**
 * What the registry knows about each change type: everything derived from `meta`. One descriptor per
 * type (`property-kinds.ts`, ...); `registry.ts` looks them up by `type`.
 */
import type { Change } from '../change-types.js';
import type { Phase } from '../phases.js';
import type { PlannedRequest } from '../requests/request-types.js';
import type { Assessment } from '../severity.js';

/** How a change reads in a summary; renderers map it to a symbol. */
export type ChangeAction = 'create' | 'update' | 'replace' | 'remove';

export const ACTION_SYMBOLS: Readonly<Record<ChangeAction, string>> = {
  create: '+',
  update: '~',
  replace: '-/+',
  remove: '-',
};

export interface ChangeKind<C extends Change> {
  action(meta: C['meta']): ChangeAction;
  address(meta: C['meta']): string;
  /** one line, no severity, no colour */
  message(meta: C['meta']): string;
  /** before rules run */
  severity(meta: C['meta']): Assessment;
  phase(meta: C['meta']): Phase;
  requests(meta: C['meta']): PlannedRequest[];
}

export function fieldNames(fields: readonly { field: string }[]): string {
  return fields.map((f) => f.field).join(', ');
}

/** `'a'`, `'a' and 'b'`, `'a', 'b' and 2 more` */
export function quoteList(values: readonly string[], max = 3): string {
  const quoted = values.slice(0, max).map((v) => `'${v}'`);
  if (values.length > max) return `${quoted.join(', ')} and ${values.length - max} more`;
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}
