/**
 * Placeholders in request bodies (`{ ref: <label address> }`) and their resolution at apply time, once
 * the label has been created and its typeId is known.
 */
import { CrmSchemaError } from '../../../core/errors.js';
import { isRef, refKey } from '../change-shapes.js';
import type { JsonValue } from '../../../core/json.js';

/** Every ref in a body, in order of appearance. */
export function refsIn(body: JsonValue | undefined): string[] {
  if (body === undefined || body === null || typeof body !== 'object') return [];
  if (isRef(body)) return [body.ref];
  const values = Array.isArray(body) ? body : Object.values(body);
  return values.flatMap((v) => refsIn(v));
}

/** A copy of `body` with each ref replaced by what `resolve` gives; an unresolved ref is an error. */
export function resolveRefs(body: JsonValue, resolve: (key: string) => number | undefined): JsonValue {
  if (body === null || typeof body !== 'object') return body;
  if (isRef(body)) {
    const value = resolve(refKey(body));
    if (value === undefined) {
      throw new CrmSchemaError(
        'PLAN_UNRESOLVED_REF',
        `The typeId of ${body.ref}${body.side === 'inverse' ? ' (its inverse direction)' : ''} is not known: its label was not created.`,
        {
          hint: 'Apply the label first; a request that needs it is skipped when its creation failed.',
          meta: { ref: body.ref },
        },
      );
    }
    return value;
  }
  if (Array.isArray(body)) return body.map((v) => resolveRefs(v, resolve));
  const out: { [key: string]: JsonValue } = {};
  for (const [key, value] of Object.entries(body)) out[key] = resolveRefs(value, resolve);
  return out;
}
