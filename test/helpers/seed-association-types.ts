/**
 * Test helper: puts a pair of association types (one per direction) straight into an emulator's
 * state, with type ids far above those the emulator hands out, so tests do not depend on the
 * built-in association types or on the label endpoints.
 */
import type { AssociationTypeState, EmulatorState } from '../../src/emulator/state/model.js';

let nextTypeId = 900_000;

export interface AssociationPairSeed {
  from: string;
  to: string;
  /** null (default): the unlabeled type of the pair */
  label?: string | null;
  name?: string;
  category?: string;
  maxToObjectIds?: number;
  inverseMaxToObjectIds?: number;
}

/** Returns [forward, inverse]. */
export function seedAssociationPair(
  state: EmulatorState,
  seed: AssociationPairSeed,
): [AssociationTypeState, AssociationTypeState] {
  const forwardId = (nextTypeId += 2);
  const inverseId = forwardId + 1;
  const common = { category: seed.category ?? (seed.label ? 'USER_DEFINED' : 'PLATFORM_DEFINED') };
  const forward: AssociationTypeState = {
    ...common,
    typeId: forwardId,
    fromObjectTypeId: seed.from,
    toObjectTypeId: seed.to,
    label: seed.label ?? null,
    inverseTypeId: inverseId,
    ...(seed.name ? { name: seed.name } : {}),
    ...(seed.maxToObjectIds !== undefined ? { maxToObjectIds: seed.maxToObjectIds } : {}),
  };
  const inverse: AssociationTypeState = {
    ...common,
    typeId: inverseId,
    fromObjectTypeId: seed.to,
    toObjectTypeId: seed.from,
    label: seed.label ?? null,
    inverseTypeId: forwardId,
    ...(seed.name ? { name: `${seed.name}_inverse` } : {}),
    ...(seed.inverseMaxToObjectIds !== undefined ? { maxToObjectIds: seed.inverseMaxToObjectIds } : {}),
  };
  state.associationTypes[String(forwardId)] = forward;
  state.associationTypes[String(inverseId)] = inverse;
  return [forward, inverse];
}
