/**
 * A change kind owns everything about itself, derived from the change's `meta`: the resource it acts on,
 * how it reads (address, message, details), how risky it is before rules look at records, when it runs
 * (phase, what it needs first), what it sends, and what "done" means on the live account. One module per
 * change type (`property-create.ts`, ...); `registry.ts` registers them and is the one place generic code
 * asks. Adding a kind is one module and its line in the registry.
 */
import type { WriteRequest } from '../../api/writes.js';
import type { SchemaState } from '../../model/schema-model.js';
import type { Change, FieldChange, RemovalCause } from '../change-types.js';
import type { Phase } from '../phases.js';
import type { Assessment } from '../severity.js';
import type { NormalizedOption } from '../../model/schema-model.js';
import type { ConflictResolution } from '../../model/desired-state.js';
import type { EndState } from './end-state.js';
import type { ResourceRef } from './resource.js';

/** How a change reads in a summary; renderers map it to a symbol. */
export type ChangeAction = 'create' | 'update' | 'replace' | 'remove';

export const ACTION_SYMBOLS: Readonly<Record<ChangeAction, string>> = {
  create: '+',
  update: '~',
  replace: '-/+',
  remove: '-',
};

/** What is shown under a change's line (renderers lay it out). */
export type ChangeDetail =
  /** changed fields, `old -> new` (long text as a word diff, option lists by value) */
  | { kind: 'fields'; fields: readonly FieldChange[] }
  /** the options of a created resource */
  | { kind: 'options'; options: readonly NormalizedOption[] }
  /** a value of a created resource, shown as written */
  | { kind: 'value'; field: string; value: string };

/**
 * What a change provides to others and needs from others, as keys (see `needs` in dependencies.ts): a
 * change runs after every change that provides a key it needs.
 */
export interface DependencyKeys {
  provides: string[];
  needs: string[];
}

/**
 * Data work a change does on records between its schema writes (apply, src/apply/migrate): its requests
 * but the last `after` run before it (the create of a renamed property), the last `after` once the work
 * checked out (the mark and the archive of the old property).
 *
 * - `copy`: every record's value of `from` copied to `to`; a value of `to` the copy did not write is a
 *   conflict, kept or overwritten as `onConflict` says (absent: the change fails before its last step);
 * - `rewrite`: every record holding an old option value of `name` rewritten to its new value (`multiple`:
 *   a checkbox property, whose value is a `;`-separated list).
 */
export type Migration = (
  | { kind: 'copy'; objectType: string; from: string; to: string; onConflict?: ConflictResolution }
  | {
      kind: 'rewrite';
      objectType: string;
      name: string;
      remaps: readonly { from: string; to: string }[];
      multiple: boolean;
    }
) & { after: number };

export interface EndStateContext {
  live: SchemaState;
  /** label address -> typeId, learned when labels were created */
  typeIds: ReadonlyMap<string, number>;
}

export interface ChangeKind<C extends Change> {
  /** the resource the change acts on */
  target(meta: C['meta']): ResourceRef;
  action(meta: C['meta']): ChangeAction;
  address(meta: C['meta']): string;
  /** one line, no severity, no colour */
  message(meta: C['meta']): string;
  /** before rules run */
  severity(meta: C['meta']): Assessment;
  phase(meta: C['meta']): Phase;
  /** the exact requests, in order */
  requests(meta: C['meta']): WriteRequest[];
  /** data work on records between the schema writes (see `Migration`); undefined: none this time */
  migration?(meta: C['meta']): Migration | undefined;
  /** the write makes something new: never sent twice blindly (a lost answer is read back first) */
  creates(meta: C['meta']): boolean;
  /** the write removes something: a 404 means its end state already holds */
  removes: boolean;
  /** whether `found` (the live target, or undefined) is what the change wants */
  endState(meta: C['meta'], found: unknown, ctx: EndStateContext): EndState;
  dependencies?(meta: C['meta']): Partial<DependencyKeys>;
  details?(meta: C['meta']): ChangeDetail[];
  /** the fields an update or replace changes (live -> declared) */
  fields?(meta: C['meta']): readonly FieldChange[];
  /** why a removal removes: a tombstone, the unmanaged policy, or a type change */
  cause?(meta: C['meta']): RemovalCause | 'type-change';
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
