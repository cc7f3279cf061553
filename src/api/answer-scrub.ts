/**
 * Every parsed answer passes here before anything else sees it, whatever its status: the token is
 * replaced by `***` in every string (keys included), so a server echoing it in a label, a description or
 * an error message cannot get it into output, a plan file, a pulled manifest or a log. The walk is
 * iterative and refuses answers nested deeper than MAX_ANSWER_DEPTH (JSON.parse takes any depth, but
 * printing or saving such a value would overflow the stack).
 */

/** Deeper than any answer of the CRM API (they nest a few levels). */
export const MAX_ANSWER_DEPTH = 100;

export type Scrubbed = { ok: true; value: unknown } | { ok: false; problem: string };

/** `redact` is the transport's (token -> `***`); the value is changed in place and returned. */
export function scrubAnswer(value: unknown, redact: (text: string) => string): Scrubbed {
  if (typeof value === 'string') return { ok: true, value: redact(value) };
  if (typeof value !== 'object' || value === null) return { ok: true, value };
  const stack: [object, number][] = [[value, 1]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, depth] = next;
    if (depth > MAX_ANSWER_DEPTH) {
      return { ok: false, problem: `it is nested more than ${MAX_ANSWER_DEPTH} levels deep` };
    }
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (typeof item === 'string') {
          const clean = redact(item);
          if (clean !== item) node[i] = clean;
        } else if (typeof item === 'object' && item !== null) stack.push([item, depth + 1]);
      }
      continue;
    }
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      let member = record[key];
      if (typeof member === 'string') {
        const clean = redact(member);
        if (clean !== member) setOwn(record, key, (member = clean));
      } else if (typeof member === 'object' && member !== null) stack.push([member, depth + 1]);
      const cleanKey = redact(key);
      if (cleanKey !== key) {
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- renames a member of a parsed JSON answer
        delete record[key];
        setOwn(record, cleanKey, member);
      }
    }
  }
  return { ok: true, value };
}

/** An own data property, even for a key such as `__proto__` (plain assignment would set the prototype). */
function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
}
