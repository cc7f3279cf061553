/**
 * A table lookup by a key that may come from a file or a server: only the table's own entries count, so
 * `__proto__`, `constructor` or `toString` read as missing, never as something inherited from Object.
 */
export function own<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
