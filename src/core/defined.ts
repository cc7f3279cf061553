/**
 * `defined({ a, b })`: the members whose value is not `undefined`, for building JSON-able objects
 * without `a: undefined` members (a plan must survive a JSON round trip unchanged).
 */
export type Defined<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

export function defined<T extends object>(value: T): Defined<T> {
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) if (member !== undefined) out[key] = member;
  return out as Defined<T>;
}
