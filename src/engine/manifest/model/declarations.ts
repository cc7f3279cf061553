/**
 * Each family's declarations: what the manifests declare, entry by entry, with the source location of
 * each, in the family's own shapes (build-model.ts makes them).
 */

/** family name -> its declarations */
export type Declarations = ReadonlyMap<string, unknown>;

/** A family's declarations (as its own manifest part made them). */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names its family's type
export function declarationsOf<D>(model: Declarations, family: string): D {
  const own = model.get(family);
  if (own === undefined) throw new Error(`internal error: no declarations of the family ${family}`);
  return own as D;
}
