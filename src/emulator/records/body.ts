/**
 * Small guards for request bodies and query strings. Bodies arrive as untyped JSON, so every handler
 * narrows them here and answers 400 with a message naming the field instead of failing later.
 */
import { validationError } from '../errors.js';
import { isJsonObject, type JsonObject } from '../request-values.js';

/** `obj[key]` only when it is the object's own key: names such as `constructor` never reach the prototype. */
export function requireBody(body: unknown): JsonObject {
  if (!isJsonObject(body))
    throw validationError('Invalid input JSON: the request body must be a JSON object.');
  return body;
}

/** An optional string field; anything else is a 400 naming the field. */
export function optionalString(obj: JsonObject, field: string, where = ''): string | undefined {
  const value = obj[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string')
    throw validationError(`Invalid input JSON: ${where}${field} must be a string.`);
  return value;
}

/** An optional array of strings (a missing one is undefined). */
export function optionalStringList(obj: JsonObject, field: string): string[] | undefined {
  const value = obj[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw validationError(`Invalid input JSON: ${field} must be an array of strings.`);
  }
  return value;
}

/**
 * A list query parameter: the official client repeats the key (`properties=a&properties=b`), others
 * send comma-separated lists (`properties=a,b`); both are accepted, also mixed.
 */
export function queryList(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const parts = Array.isArray(value) ? value : [value];
  return parts
    .filter((p): p is string => typeof p === 'string')
    .flatMap((p) => p.split(','))
    .map((p) => p.trim())
    .filter(Boolean);
}

export function queryBoolean(value: unknown, name: string): boolean {
  const last: unknown = Array.isArray(value) ? value.at(-1) : value;
  if (last === undefined || last === '') return false;
  if (last === 'true') return true;
  if (last === 'false') return false;
  throw validationError(`Query parameter ${name} must be true or false, got ${JSON.stringify(last)}.`);
}

export function queryString(value: unknown): string | undefined {
  const last: unknown = Array.isArray(value) ? value.at(-1) : value;
  return typeof last === 'string' && last !== '' ? last : undefined;
}

/** An integer in [min, max]; a missing value is the default, anything else a 400 saying the range. */
export function queryInteger(
  value: unknown,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const text = queryString(value);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw validationError(`Query parameter ${name} must be an integer from ${min} to ${max}, got '${text}'.`);
  }
  return n;
}
