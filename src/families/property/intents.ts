/**
 * What property manifests say beside the properties themselves, kept in the desired state under the
 * property family's name: renames, option remaps, and what a rename or remap does with a value it did
 * not write.
 */
import type { ConflictResolution, DesiredState } from '../../engine/model/desired-state.js';

export interface PropertyIntents {
  /** renames: the new property's address -> the internal name it is renamed from */
  renames: ReadonlyMap<string, string>;
  /** option remaps: a property's address -> (old option value -> the value that replaces it) */
  remaps: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /**
   * a rename's or remap's decision on values it did not write (`onConflict`), keyed by the property's
   * address: `keep` them or `overwrite` them; absent, such values are conflicts that refuse the change
   */
  onConflict: ReadonlyMap<string, ConflictResolution>;
}

const NONE: PropertyIntents = { renames: new Map(), remaps: new Map(), onConflict: new Map() };

export const PROPERTY_INTENTS = 'property';

export function propertyIntents(desired: Pick<DesiredState, 'intents'>): PropertyIntents {
  return (desired.intents?.get(PROPERTY_INTENTS) as PropertyIntents | undefined) ?? NONE;
}

interface Building {
  renames: Map<string, string>;
  remaps: Map<string, ReadonlyMap<string, string>>;
  onConflict: Map<string, ConflictResolution>;
}

/** The property family's intents being built (made empty on first use). */
function building(intents: Map<string, unknown>): Building {
  let own = intents.get(PROPERTY_INTENTS) as Building | undefined;
  if (own === undefined) {
    own = { renames: new Map(), remaps: new Map(), onConflict: new Map() };
    intents.set(PROPERTY_INTENTS, own);
  }
  return own;
}

/** Adds what a declared property's entry says beside its definition: its rename, remaps and onConflict. */
export function addIntent(
  intents: Map<string, unknown>,
  address: string,
  entry: {
    renamedFrom?: string;
    remaps?: ReadonlyMap<string, string>;
    onConflict?: ConflictResolution;
  },
): void {
  const own = building(intents);
  if (entry.renamedFrom !== undefined) own.renames.set(address, entry.renamedFrom);
  if (entry.remaps !== undefined) own.remaps.set(address, entry.remaps);
  if (entry.onConflict !== undefined) own.onConflict.set(address, entry.onConflict);
}

/** Adds a rename (a rollback's read of a rename back). */
export function addRename(intents: Map<string, unknown>, address: string, from: string): void {
  building(intents).renames.set(address, from);
}
