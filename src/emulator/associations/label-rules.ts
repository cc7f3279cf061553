/**
 * Pure rules of user association labels, as the platform applies them: the internal name rules,
 * the per-pair cap, the id of a new type, and the parsing of create / update bodies.
 */
import type { AssociationLabelCreate, AssociationLabelUpdate } from '../../wire/api.js';
import {
  invalidField,
  optionalText,
  parseTypeId,
  requireObjectBody,
  requireText,
} from '../request-values.js';

/** The platform's cap on user labels per object pair (its docs say 10; observed: 50). */
export const MAX_USER_LABELS_PER_PAIR = 50;

/** Status the platform answers when a pair already holds MAX_USER_LABELS_PER_PAIR labels. */
export const LABEL_LIMIT_STATUS = 437;

/** Why a label's internal name is refused, or null when it is fine. */
export function labelNameProblem(name: string): string | null {
  if (name.trim() === '') return 'must not be empty';
  if (name.includes('-')) return 'must not contain a hyphen (-)';
  if (/^\d/.test(name)) return 'must not start with a digit';
  return null;
}

/**
 * The first free id after `counter`. Ids above the counter may already be taken (a seed file can bring
 * types with its own ids), so this skips taken ones instead of trusting the counter alone.
 */
export function nextFreeTypeId(counter: number, isTaken: (id: number) => boolean): number {
  let id = counter + 1;
  while (isTaken(id)) id++;
  return id;
}

/** Number of user labels in an unordered pair, given its user-defined types (two per label). */
export function userLabelCount(userDefinedTypes: number): number {
  return Math.ceil(userDefinedTypes / 2);
}

export function parseLabelCreate(body: unknown): AssociationLabelCreate {
  const input = requireObjectBody(body, '{ name, label, inverseLabel? }');
  const name = typeof input.name === 'string' ? input.name : '';
  const problem = labelNameProblem(name);
  if (problem !== null) {
    throw invalidField(
      'name',
      `The association label name ${JSON.stringify(input.name ?? null)} is invalid: it ${problem}. ` +
        "Use letters, digits and underscores, e.g. 'primary_order'.",
    );
  }
  const label = requireText(input, 'label');
  const inverseLabel = optionalText(input, 'inverseLabel');
  return { name, label, ...(inverseLabel !== undefined ? { inverseLabel } : {}) };
}

export function parseLabelUpdate(body: unknown): AssociationLabelUpdate {
  const input = requireObjectBody(body, '{ associationTypeId, label, inverseLabel? }');
  const associationTypeId = parseTypeId(input.associationTypeId, 'associationTypeId');
  const label = requireText(input, 'label');
  const inverseLabel = optionalText(input, 'inverseLabel');
  return { associationTypeId, label, ...(inverseLabel !== undefined ? { inverseLabel } : {}) };
}
