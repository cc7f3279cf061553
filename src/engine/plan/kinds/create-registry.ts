/**
 * A registry of change kinds, made from a list of them: change type -> its kind. Pure; `registry.ts`
 * holds the one the product uses (from `all-kinds.ts`).
 */
import type { ChangeShape } from '../change-shapes.js';
import type { ChangeKind } from './change-kind.js';

export interface KindRegistry {
  /** the change types, in the order of the list */
  readonly types: readonly string[];
  readonly kinds: readonly ChangeKind<ChangeShape>[];
  /** the kind of a change type; an unknown type is an internal error (plan files are shape-checked first) */
  kindOf<C extends ChangeShape>(change: Pick<C, 'type'>): ChangeKind<C>;
}

/**
 * Each kind handles the changes of its own type, so the registry is keyed by that type; two kinds of the
 * same type are a mistake in the list.
 */
export function createRegistry(kinds: readonly ChangeKind<ChangeShape>[]): KindRegistry {
  const byType = new Map<string, ChangeKind<ChangeShape>>();
  for (const kind of kinds) {
    if (byType.has(kind.type)) throw new Error(`internal error: two change kinds of type ${kind.type}`);
    byType.set(kind.type, kind);
  }
  return {
    types: kinds.map((kind) => kind.type),
    kinds,
    kindOf<C extends ChangeShape>(change: Pick<C, 'type'>): ChangeKind<C> {
      const kind = byType.get(change.type);
      if (kind === undefined) throw new Error(`internal error: no change kind of type ${change.type}`);
      // a kind's members take its own meta: it is only ever asked about changes of its type
      return kind as unknown as ChangeKind<C>;
    },
  };
}
