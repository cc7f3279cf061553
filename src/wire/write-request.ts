/**
 * A schema write as a request, declared once: the type the client's write builders (`writes.ts`) return
 * and a plan stores, and its part of the plan's JSON Schema.
 */
import { Type, anyJson, oneOfValues, shared, type Static } from '../core/json-schema.js';

export const WRITE_METHODS = ['POST', 'PATCH', 'PUT', 'DELETE'] as const;

export const WriteRequestShape = shared(
  'request',
  Type.Object(
    {
      method: oneOfValues(WRITE_METHODS, 'HTTP method.'),
      path: Type.String({ description: 'Path relative to the base URL.' }),
      body: Type.Optional(anyJson('JSON body, when the request has one.')),
      /**
       * Batchable: many such requests become one `POST {path}` with `{ inputs: [item, ...] }`. A request
       * whose own path is the batch endpoint (a limit: there is no single endpoint) is batchable too.
       */
      batch: Type.Optional(
        Type.Object(
          {
            path: Type.String({ description: 'Path of the batch endpoint.' }),
            item: anyJson("This request's item of the batch body's inputs array."),
          },
          {
            description: 'Present when apply may merge this request with others into one batch call.',
            additionalProperties: false,
          },
        ),
      ),
    },
    {
      description: 'One request exactly as it will be sent (bodies may hold refs resolved at apply time).',
      additionalProperties: false,
    },
  ),
);

export type WriteRequest = Static<typeof WriteRequestShape>;
