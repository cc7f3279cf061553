/**
 * Changes to user association labels in the state: create a pair of types, relabel, delete (with the
 * record associations that use them).
 */
import type { AssociationLabelCreate, AssociationLabelUpdate } from '../../wire/api.js';
import { alreadyExists, EmulatorError, notFound, validationError } from '../errors.js';
import type { AssociationTypeState, EmulatorState, RecordAssociation } from '../state/model.js';
import { findType, isFromTo, isOfPair, pairName, typesOfPair, type ObjectPair } from './association-types.js';
import {
  LABEL_LIMIT_STATUS,
  MAX_USER_LABELS_PER_PAIR,
  nextFreeTypeId,
  userLabelCount,
} from './label-rules.js';

const USER_DEFINED = 'USER_DEFINED';

/** Creates the from->to and to->from types of a new label; returns them in that order. */
export function createLabel(
  state: EmulatorState,
  pair: ObjectPair,
  input: AssociationLabelCreate,
): [AssociationTypeState, AssociationTypeState] {
  const existing = typesOfPair(state, pair);
  const inverseLabel = input.inverseLabel ?? input.label;
  if (existing.some((t) => t.name === input.name)) {
    throw alreadyExists(
      `An association label named '${input.name}' already exists between ${pair.from.name} and ${pair.to.name}.`,
    );
  }
  assertLabelFree(existing, pair, 'forward', input.label);
  assertLabelFree(existing, pair, 'inverse', inverseLabel);
  const labels = userLabelCount(
    existing.filter((t) => t.category === USER_DEFINED && t.label !== null).length,
  );
  if (labels >= MAX_USER_LABELS_PER_PAIR) {
    throw new EmulatorError(
      LABEL_LIMIT_STATUS,
      'VALIDATION_ERROR',
      `${pair.from.name} and ${pair.to.name} already have ${MAX_USER_LABELS_PER_PAIR} association labels, ` +
        'the most allowed per object pair. Delete an unused label before creating another.',
      { subCategory: 'AssociationLabelError.LABEL_LIMIT_EXCEEDED' },
    );
  }

  const taken = (id: number) => findType(state, id) !== undefined;
  const forwardId = nextFreeTypeId(state.counters.associationType, taken);
  const inverseId = nextFreeTypeId(forwardId, taken);
  state.counters.associationType = inverseId;
  const forward: AssociationTypeState = {
    typeId: forwardId,
    category: USER_DEFINED,
    fromObjectTypeId: pair.from.objectTypeId,
    toObjectTypeId: pair.to.objectTypeId,
    label: input.label,
    name: input.name,
    inverseTypeId: inverseId,
  };
  const inverse: AssociationTypeState = {
    typeId: inverseId,
    category: USER_DEFINED,
    fromObjectTypeId: pair.to.objectTypeId,
    toObjectTypeId: pair.from.objectTypeId,
    label: inverseLabel,
    name: input.name,
    inverseTypeId: forwardId,
  };
  state.associationTypes[String(forwardId)] = forward;
  state.associationTypes[String(inverseId)] = inverse;
  return [forward, inverse];
}

/**
 * Relabels a user type and, when `inverseLabel` is given, its inverse. Name and ids never change.
 * Returns the types changed.
 */
export function updateLabel(
  state: EmulatorState,
  pair: ObjectPair,
  input: AssociationLabelUpdate,
): AssociationTypeState[] {
  const type = userTypeOfPair(state, pair, input.associationTypeId, 'changed');
  const inverse = type.inverseTypeId !== undefined ? findType(state, type.inverseTypeId) : undefined;
  const others = typesOfPair(state, pair).filter((t) => t !== type && t !== inverse);
  const direction = isFromTo(type, pair) ? 'forward' : 'inverse';
  assertLabelFree(others, pair, direction, input.label);
  if (input.inverseLabel !== undefined && inverse) {
    assertLabelFree(others, pair, direction === 'forward' ? 'inverse' : 'forward', input.inverseLabel);
  }
  type.label = input.label;
  if (input.inverseLabel === undefined || !inverse) return [type];
  inverse.label = input.inverseLabel;
  return [type, inverse];
}

/**
 * Deletes both directions of a user label, and removes the label from every record association that
 * uses either direction (the associations' other types, e.g. the unlabeled one, stay).
 * Returns the type ids deleted and the record association entries removed.
 */
export function deleteLabel(
  state: EmulatorState,
  pair: ObjectPair,
  typeId: number,
): { typeIds: number[]; removed: RecordAssociation[] } {
  const type = userTypeOfPair(state, pair, typeId, 'deleted');
  const removed = new Set([type.typeId]);
  if (type.inverseTypeId !== undefined) removed.add(type.inverseTypeId);
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- the emulator state is a JSON document (saved as is to the data file), not a Map
  for (const id of removed) delete state.associationTypes[String(id)];
  const kept: RecordAssociation[] = [];
  const dropped: RecordAssociation[] = [];
  for (const entry of state.recordAssociations) (removed.has(entry.typeId) ? dropped : kept).push(entry);
  state.recordAssociations = kept;
  return { typeIds: [...removed], removed: dropped };
}

/** A type of this pair (either direction) that users may change: 404 when missing, 400 when built in. */
function userTypeOfPair(
  state: EmulatorState,
  pair: ObjectPair,
  typeId: number,
  verb: string,
): AssociationTypeState {
  const type = findType(state, typeId);
  if (!type || !isOfPair(type, pair)) {
    throw notFound(
      `No association type ${typeId} exists between ${pair.from.name} and ${pair.to.name}. ` +
        `List them with GET .../${pair.from.name}/${pair.to.name}/labels.`,
    );
  }
  if (type.category !== USER_DEFINED) {
    throw validationError(
      `Association type ${typeId} (${pairName(pair)}) is ${type.category}; only USER_DEFINED labels can be ${verb}.`,
    );
  }
  return type;
}

/** 409 when a type in the given direction already carries `label` (exact, case-sensitive match). */
function assertLabelFree(
  types: readonly AssociationTypeState[],
  pair: ObjectPair,
  direction: 'forward' | 'inverse',
  label: string,
): void {
  const [from, to] = direction === 'forward' ? [pair.from, pair.to] : [pair.to, pair.from];
  const clash = types.find(
    (t) =>
      t.fromObjectTypeId === from.objectTypeId && t.toObjectTypeId === to.objectTypeId && t.label === label,
  );
  if (clash) {
    throw alreadyExists(
      `The association label '${label}' already exists from ${from.name} to ${to.name} (type ${clash.typeId}).`,
    );
  }
}
