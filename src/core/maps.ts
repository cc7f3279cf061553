/** The value under `key`, made with `make` and stored first when there is none. */
export function getOrCreate<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** Groups `items` by `keyOf`, each group in input order, the groups in order of first appearance. */
export function groupBy<T, K>(items: Iterable<T>, keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) getOrCreate(groups, keyOf(item), () => []).push(item);
  return groups;
}
