/**
 * Every failure becomes the reference §2 error body with a fresh correlationId: handler errors
 * (EmulatorError), framework errors (bad JSON, wrong content type, oversized body), unknown routes and
 * unexpected exceptions (500, never a stack trace; the server stays up).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
import { EmulatorError, isEmulatorError, toErrorBody } from './errors.js';

type FrameworkErrorMapper = (error: FastifyError, bodyLimit: number) => EmulatorError;

const badJson: FrameworkErrorMapper = (error) =>
  new EmulatorError(400, 'VALIDATION_ERROR', `Invalid input JSON: ${error.message}`);

/** Framework error codes and the reply each gets. */
const FRAMEWORK_ERRORS: Record<string, FrameworkErrorMapper> = {
  FST_ERR_CTP_BODY_TOO_LARGE: (_error, bodyLimit) =>
    new EmulatorError(
      413,
      'VALIDATION_ERROR',
      `Request body is larger than the limit of ${bodyLimit} bytes.`,
    ),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new EmulatorError(
      415,
      'VALIDATION_ERROR',
      'Unsupported Content-Type: send the body as application/json.',
    ),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new EmulatorError(400, 'VALIDATION_ERROR', 'Request body size did not match Content-Length.'),
  FST_ERR_CTP_INVALID_JSON_BODY: badJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: badJson,
};

function fromFrameworkError(error: FastifyError, bodyLimit: number): EmulatorError | undefined {
  const mapper = FRAMEWORK_ERRORS[error.code];
  if (mapper) return mapper(error, bodyLimit);
  // a JSON.parse failure of the body parser, or a route's schema validation failure
  if (error instanceof SyntaxError) return badJson(error, bodyLimit);
  if (error.validation) return new EmulatorError(400, 'VALIDATION_ERROR', error.message);
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return new EmulatorError(status, 'VALIDATION_ERROR', error.message);
  }
  return undefined;
}

/** JSON.parse's own words (with the position) for a body the parser refused. */
function jsonProblem(text: string): string | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : undefined;
  }
}

export interface ErrorHandlingSettings {
  bodyLimit: number;
  log?: (line: string) => void;
}

export function installErrorHandling(app: FastifyInstance, settings: ErrorHandlingSettings): void {
  const { bodyLimit, log } = settings;

  // Only JSON bodies are accepted (anything else: 415); an empty JSON body counts as no body, since
  // some clients send `Content-Type: application/json` on bodyless calls (DELETE).
  app.removeAllContentTypeParsers();
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, (error, value) => {
      if (!error) return done(null, value);
      done(
        new EmulatorError(
          400,
          'VALIDATION_ERROR',
          `Invalid input JSON: ${jsonProblem(text) ?? error.message}`,
        ),
      );
    });
  });

  app.setErrorHandler((error: FastifyError | EmulatorError, request, reply) => {
    let known = isEmulatorError(error) ? error : fromFrameworkError(error, bodyLimit);
    if (!known) {
      log?.(`internal error on ${request.method} ${request.url}: ${error.message}`);
      known = new EmulatorError(500, 'INTERNAL_ERROR', 'Internal error.');
    }
    for (const [name, value] of Object.entries(known.extra.headers ?? {})) void reply.header(name, value);
    return reply.status(known.statusCode).send(toErrorBody(known, randomUUID()));
  });

  app.setNotFoundHandler((request, reply) => {
    const error = new EmulatorError(
      404,
      'OBJECT_NOT_FOUND',
      `Unable to find route: ${request.method} ${request.url}`,
    );
    return reply.status(404).send(toErrorBody(error, randomUUID()));
  });
}
