/**
 * Small checks of untyped JSON (request bodies, path values, a state or seed file) shared by the emulator's
 * routes: each answers 400 with a message naming the field instead of failing later.
 */
import { validationError } from './errors.js';

export type JsonObject = Record<string, unknown>;

/** A JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The request body as an object, or a 400 saying what was expected. */
export function requireObjectBody(body: unknown, expected: string): JsonObject {
  if (isJsonObject(body)) return body;
  throw validationError(`The request body must be a JSON object: ${expected}.`);
}

export function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** A required non-empty string field, or a 400 naming the field. */
export function requireText(body: JsonObject, field: string): string {
  const value = body[field];
  if (typeof value === 'string' && value.trim() !== '') return value;
  throw invalidField(field, `'${field}' is required and must be a non-empty string.`);
}

/** An optional non-empty string field (absent or null: undefined). */
export function optionalText(body: JsonObject, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && value.trim() !== '') return value;
  throw invalidField(field, `'${field}' must be a non-empty string when given.`);
}

/** An association type id from a path segment or a body field. */
export function parseTypeId(value: unknown, where: string): number {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (isPositiveInteger(id)) return id;
  throw invalidField(
    where,
    `'${where}' must be a positive integer association type id; got ${JSON.stringify(value)}.`,
  );
}

export function invalidField(field: string, message: string) {
  return validationError(message, [{ message, in: field, code: 'INVALID_INPUT' }]);
}
