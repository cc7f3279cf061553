/**
 * Validating a document whose lists are long, in time that grows with their length, not its square.
 * ajv's code for `allErrors` gathers the errors of each list item by concatenating arrays, so one call
 * over a list of tens of thousands of broken entries copies ever longer arrays (60,000 empty entries, or
 * one property with 40,000 empty options, took minutes). Here every list of objects longer than CHUNK, at
 * any depth, is validated a chunk at a time:
 *
 * - first the document with each such list cut to its first CHUNK items (at every depth);
 * - then, for each further chunk of each such list, a view of the document that holds that chunk in its
 *   place, the items around it as single-item lists, and the other long lists empty. Only the errors about
 *   the chunk's items are kept, their paths moved to the items' real places.
 *
 * So every item is validated once, in its own context, and the errors are those one call would give (each
 * chunk's in document order). A list-level keyword sees a list's first CHUNK items: the schemas put no
 * `uniqueItems` or `contains` on lists of objects (a test checks it), and lists of plain values are never
 * cut (their errors cost no concatenation).
 */
import type { ErrorObject, ValidateFunction } from 'ajv';

export const CHUNK = 200;

/** The errors of `data` (none: valid), a chunk of each long list at a time. */
export function validateInChunks(validate: ValidateFunction, data: unknown): ErrorObject[] {
  const errors: ErrorObject[] = [];
  // one by one: a chunk can hold more errors than a call's arguments may be
  for (const chunk of errorsInChunks(validate, data)) for (const error of chunk) errors.push(error);
  return errors;
}

/**
 * The same errors as `validateInChunks`, a view at a time: first those of the document with every long
 * list cut, then those of each further chunk of each long list. The errors about one item (not counting
 * its own long lists' further chunks) are all in one view.
 */
export function* errorsInChunks(validate: ValidateFunction, data: unknown): Generator<ErrorObject[]> {
  yield run(validate, cut(data));
  for (const { path, items } of longLists(data, [])) {
    const original = `${pointer(path)}/`;
    const inView = `${pointer(path.map((segment) => (typeof segment === 'number' ? 0 : segment)))}/`;
    for (let start = CHUNK; start < items.length; start += CHUNK) {
      const view = viewOf(data, path, 0, items.slice(start, start + CHUNK).map(cut));
      const errors: ErrorObject[] = [];
      for (const error of run(validate, view)) {
        // only what is about this chunk's items; the rest was said by another view
        if (!error.instancePath.startsWith(inView)) continue;
        errors.push({ ...error, instancePath: moved(error.instancePath, inView, original, start) });
      }
      yield errors;
    }
  }
}

type Segment = string | number;

function isLong(value: unknown): value is unknown[] {
  return (
    Array.isArray(value) &&
    value.length > CHUNK &&
    value.some((item) => typeof item === 'object' && item !== null)
  );
}

/** `value` with every long list cut to its first CHUNK items, at every depth (copies only what changes). */
function cut(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    if (!value.some((item) => typeof item === 'object' && item !== null)) return value;
    const items = value.length > CHUNK ? value.slice(0, CHUNK) : value;
    const mapped = items.map(cut);
    return mapped.some((item, i) => item !== items[i]) || items !== value ? mapped : value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, field] of Object.entries(value)) {
    const shaped = cut(field);
    if (shaped !== field) (copy ??= { ...(value as Record<string, unknown>) })[key] = shaped;
  }
  return copy ?? value;
}

/** Every long list in `value`, with its path, outermost first, in document order. */
function* longLists(value: unknown, path: Segment[]): Generator<{ path: Segment[]; items: unknown[] }> {
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    if (isLong(value)) yield { path, items: value };
    for (let i = 0; i < value.length; i++) yield* longLists(value[i], [...path, i]);
    return;
  }
  for (const [key, field] of Object.entries(value)) yield* longLists(field, [...path, key]);
}

/**
 * `value` as the view of one chunk sees it: along `path`, each list holds only the item on the path (then
 * at index 0), the list at its end holds `chunk`; everything else is cut, and other long lists are empty.
 */
function viewOf(value: unknown, path: readonly Segment[], depth: number, chunk: unknown[]): unknown {
  if (depth === path.length) return chunk;
  const segment = path[depth];
  if (Array.isArray(value)) return [viewOf(value[segment as number], path, depth + 1, chunk)];
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    copy[key] = key === segment ? viewOf(field, path, depth + 1, chunk) : isLong(field) ? [] : cut(field);
  }
  return copy;
}

function run(validate: ValidateFunction, data: unknown): ErrorObject[] {
  return validate(data) ? [] : [...(validate.errors ?? [])];
}

/** `/properties/0/options/3/label` of the view of a chunk starting at 200 is `/properties/7/options/203/label`. */
function moved(path: string, inView: string, original: string, start: number): string {
  const rest = path.slice(inView.length);
  const slash = rest.indexOf('/');
  const index = Number(slash < 0 ? rest : rest.slice(0, slash));
  return `${original}${index + start}${slash < 0 ? '' : rest.slice(slash)}`;
}

function pointer(path: readonly Segment[]): string {
  return path.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
