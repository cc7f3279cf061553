/**
 * Errors raised by emulator handlers. A handler throws an `EmulatorError`; the server's error handler
 * turns it into the platform's error body with a fresh correlationId. Batch handlers turn them into
 * batch error items with `toBatchErrorItem`.
 */
import type { BatchErrorItem, ErrorBody, ErrorDetail } from '../wire/api.js';

export interface EmulatorErrorExtra {
  subCategory?: string;
  errors?: ErrorDetail[];
  context?: Record<string, string[]>;
  links?: Record<string, string>;
  /** extra top-level body fields (e.g. the 429 body's `policyName`) */
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export class EmulatorError extends Error {
  readonly statusCode: number;
  readonly category: string;
  readonly extra: EmulatorErrorExtra;

  constructor(statusCode: number, category: string, message: string, extra: EmulatorErrorExtra = {}) {
    super(message);
    this.name = 'EmulatorError';
    this.statusCode = statusCode;
    this.category = category;
    this.extra = extra;
  }
}

export function isEmulatorError(value: unknown): value is EmulatorError {
  return value instanceof Error && (value as { name?: unknown }).name === 'EmulatorError';
}

export const notFound = (message: string, extra: EmulatorErrorExtra = {}): EmulatorError =>
  new EmulatorError(404, 'OBJECT_NOT_FOUND', message, extra);

export const validationError = (
  message: string,
  errors: ErrorDetail[] = [],
  extra: Omit<EmulatorErrorExtra, 'errors'> = {},
): EmulatorError =>
  new EmulatorError(400, 'VALIDATION_ERROR', message, { ...extra, ...(errors.length ? { errors } : {}) });

export const alreadyExists = (message: string, subCategory?: string): EmulatorError =>
  new EmulatorError(409, 'OBJECT_ALREADY_EXISTS', message, subCategory ? { subCategory } : {});

export const conflict = (message: string, extra: EmulatorErrorExtra = {}): EmulatorError =>
  new EmulatorError(409, 'CONFLICT', message, extra);

export function toErrorBody(error: EmulatorError, correlationId: string): ErrorBody {
  const { subCategory, errors, context, links, body } = error.extra;
  return {
    status: 'error',
    message: error.message,
    correlationId,
    category: error.category,
    ...(subCategory !== undefined ? { subCategory } : {}),
    ...(errors !== undefined ? { errors } : {}),
    ...(context !== undefined ? { context } : {}),
    ...(links !== undefined ? { links } : {}),
    ...body,
  };
}

/** A batch error item. `context` carries the failing input (e.g. `{ name: ['x'] }`). */
export function toBatchErrorItem(
  error: EmulatorError,
  context: Record<string, string[]> = {},
): BatchErrorItem {
  return {
    status: 'error',
    category: error.category,
    message: error.message,
    ...(error.extra.subCategory !== undefined ? { subCategory: error.extra.subCategory } : {}),
    context: { ...error.extra.context, ...context },
    errors: error.extra.errors ?? [],
    links: error.extra.links ?? {},
  };
}
