/**
 * What the date-versioned property endpoints ask of a body beyond the legacy ones: every option of a
 * create carries its `displayOrder`, and a batch read names `archived` and `dataSensitivity`. A body
 * without them is a 400 VALIDATION_ERROR for the whole request, as a body that breaks the endpoint's
 * schema is.
 */
import type { ErrorDetail } from '../../wire/api.js';
import { validationError } from '../errors.js';
import { isJsonObject } from '../request-values.js';

/** Throws when an option of a create body has no `displayOrder` (`where`: `inputs[2].` in a batch). */
export function requireOptionOrders(body: unknown, where = ''): void {
  if (!isJsonObject(body) || !Array.isArray(body.options)) return;
  const errors: ErrorDetail[] = [];
  body.options.forEach((option: unknown, i) => {
    if (isJsonObject(option) && option.displayOrder === undefined) {
      const field = `${where}options[${i}].displayOrder`;
      errors.push({ message: `${field} is required.`, code: 'REQUIRED_FIELD', in: field });
    }
  });
  const first = errors[0];
  if (first !== undefined) throw validationError(`Invalid input JSON: ${first.message}`, errors);
}

/** Throws when a batch create's input has an option without `displayOrder`. */
export function requireBatchOptionOrders(body: unknown): void {
  if (!isJsonObject(body) || !Array.isArray(body.inputs)) return;
  body.inputs.forEach((input: unknown, i) => {
    requireOptionOrders(input, `inputs[${i}].`);
  });
}

/** Throws when a batch read body leaves out `archived` or `dataSensitivity`. */
export function requireBatchReadFields(body: unknown): void {
  if (!isJsonObject(body)) return;
  const missing = (['archived', 'dataSensitivity', 'inputs'] as const).filter(
    (key) => body[key] === undefined,
  );
  if (missing.length === 0) return;
  throw validationError(
    `Invalid input JSON: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required.`,
    missing.map((key) => ({ message: `${key} is required.`, code: 'REQUIRED_FIELD', in: key })),
  );
}
