/**
 * Validating a document whose lists are long, in time that grows with their length, not its square.
 * ajv's code for `allErrors` gathers the errors of each list item by concatenating arrays, so one call
 * over a list of tens of thousands of broken entries copies ever longer arrays (60,000 empty entries
 * took minutes). Here the document is validated with each long list cut to its first CHUNK items, then
 * each further CHUNK items of each list on their own, their errors' paths moved to the items' real
 * places: the same errors one call would give, in document order. `errorsInChunks` hands them over a
 * chunk at a time, so a caller that handles each chunk's errors keeps none of them for long (60,000
 * broken entries make hundreds of thousands of errors).
 */
import type { ErrorObject, ValidateFunction } from 'ajv';

export const CHUNK = 200;

/** The errors of `data` (none: valid), validated with `validate` a chunk of `lists` at a time. */
export function validateInChunks(
  validate: ValidateFunction,
  data: unknown,
  lists: readonly string[],
): ErrorObject[] {
  const errors: ErrorObject[] = [];
  for (const chunk of errorsInChunks(validate, data, lists)) errors.push(...chunk);
  return errors;
}

/**
 * The same errors as `validateInChunks`, in the same order, a chunk at a time: first those of the document
 * with each long list cut to its first CHUNK items, then those of each further chunk of each list. The
 * errors about one list item are all in one chunk.
 */
export function* errorsInChunks(
  validate: ValidateFunction,
  data: unknown,
  lists: readonly string[],
): Generator<ErrorObject[]> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    yield run(validate, data);
    return;
  }
  const record = data as Record<string, unknown>;
  const long = lists.filter((key) => Array.isArray(record[key]) && (record[key] as unknown[]).length > CHUNK);
  if (long.length === 0) {
    yield run(validate, data);
    return;
  }
  const head: Record<string, unknown> = { ...record };
  for (const key of long) head[key] = (record[key] as unknown[]).slice(0, CHUNK);
  yield run(validate, head);
  for (const key of long) {
    const items = record[key] as unknown[];
    for (let start = CHUNK; start < items.length; start += CHUNK) {
      const part = { ...head, [key]: items.slice(start, start + CHUNK) };
      const prefix = `/${escapePointer(key)}/`;
      const errors: ErrorObject[] = [];
      for (const error of run(validate, part)) {
        // only what is about this chunk's items; the rest was said by the first call
        if (!error.instancePath.startsWith(prefix)) continue;
        errors.push({ ...error, instancePath: moved(error.instancePath, prefix, start) });
      }
      yield errors;
    }
  }
}

function run(validate: ValidateFunction, data: unknown): ErrorObject[] {
  return validate(data) ? [] : [...(validate.errors ?? [])];
}

/** `/properties/3/name` of a chunk starting at 200 is `/properties/203/name`. */
function moved(path: string, prefix: string, start: number): string {
  const rest = path.slice(prefix.length);
  const slash = rest.indexOf('/');
  const index = Number(slash < 0 ? rest : rest.slice(0, slash));
  return `${prefix}${index + start}${slash < 0 ? '' : rest.slice(slash)}`;
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
