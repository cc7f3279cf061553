/**
 * The desired state (model/desired-state.ts: the normalised state, the tombstones, the source of each
 * declared resource keyed by its plan address, and each family's intents), built from the declarations
 * by each family (`ManifestPart.desire`). Pure.
 */
import type { DesiredBuilder } from '../../manifest-part.js';
import { families } from '../../installed.js';
import type { DesiredState } from '../../model/desired-state.js';
import { emptySchemaState } from '../../model/schema-model.js';
import type { Declarations } from './declarations.js';

export function toDesiredState(declarations: Declarations): DesiredState {
  const out: DesiredBuilder = {
    state: emptySchemaState(),
    tombstones: [],
    sources: new Map(),
    intents: new Map(),
  };
  for (const family of families()) {
    if (declarations.has(family.name)) family.manifest.desire(declarations.get(family.name), out);
  }
  return out;
}
