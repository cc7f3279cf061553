/**
 * Every failure becomes the platform's error body with a fresh correlationId: handler errors
 * (EmulatorError), framework errors (bad JSON, wrong content type, oversized body), unknown routes and
 * unexpected exceptions (500, never a stack trace; the server stays up).
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
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

/**
 * JSON.parse's own words (with the position) for a body the parser refused; when JSON.parse takes it,
 * the parser refused a prototype-poisoning key.
 */
function jsonProblem(text: string): string {
  try {
    JSON.parse(text);
    return 'a "__proto__" or "constructor.prototype" key is not accepted.';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Longest path segment the router takes (fastify's default is 100). A record read by a unique value
 * (`idProperty`) puts that value in the path, and string values may be far longer than 100
 * characters; Node's header size limit (16 KiB) bounds the request line long before this.
 */
export const MAX_PATH_SEGMENT = 65_536;

/** Failures the router meets before any route or hook runs, and the reply each gets. */
const ROUTER_ERRORS: Record<string, () => EmulatorError> = {
  FST_ERR_BAD_URL: () =>
    new EmulatorError(400, 'VALIDATION_ERROR', 'The request path is not a valid URL: fix its %-encoding.'),
  FST_ERR_MAX_PARAM_LENGTH: () =>
    new EmulatorError(414, 'VALIDATION_ERROR', 'A segment of the request path is too long.'),
};

/** Node's HTTP parser failures (before fastify sees a request), by error code. */
const CLIENT_ERRORS: Record<string, [status: number, message: string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
  HPE_HEADER_OVERFLOW: [431, 'The request line and headers are larger than the server accepts (16 KiB).'],
};

/** A whole HTTP/1.1 response with the error body, for a socket with no request object. */
function rawErrorResponse(error: EmulatorError): string {
  const body = JSON.stringify(toErrorBody(error, randomUUID()));
  const reason = STATUS_CODES[error.statusCode] ?? 'Error';
  return (
    `HTTP/1.1 ${error.statusCode} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/**
 * Fastify constructor options that give the error body to failures outside the route handling: a bad
 * %-encoding in the path, an over-long path segment, and requests Node's HTTP parser refuses
 * (a malformed Content-Length, oversized headers, a timeout).
 */
export function errorServerOptions(): Pick<
  FastifyServerOptions,
  'frameworkErrors' | 'clientErrorHandler' | 'routerOptions'
> {
  return {
    routerOptions: { maxParamLength: MAX_PATH_SEGMENT },
    frameworkErrors: (error, _request, reply) => {
      const known =
        ROUTER_ERRORS[error.code]?.() ?? new EmulatorError(400, 'VALIDATION_ERROR', 'Bad request.');
      // the option's reply type is generic over route schemas; this reply has none
      void (reply as unknown as FastifyReply).status(known.statusCode).send(toErrorBody(known, randomUUID()));
    },
    clientErrorHandler: (error: NodeJS.ErrnoException, socket: Socket) => {
      // a reset connection has nobody left to answer
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
        400,
        'The request is not valid HTTP (check its Content-Length and headers).',
      ];
      if (socket.writable)
        socket.write(rawErrorResponse(new EmulatorError(status, 'VALIDATION_ERROR', message)));
      socket.destroy(error);
    },
  };
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
      if (!error) {
        done(null, value);
        return;
      }
      done(new EmulatorError(400, 'VALIDATION_ERROR', `Invalid input JSON: ${jsonProblem(text)}`));
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
