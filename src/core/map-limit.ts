/**
 * `Promise.all(items.map(fn))` with at most `limit` calls running at once: reading thousands of files
 * this way keeps the number of open files small (a shell's `ulimit -n 256` is enough).
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  // one iterator shared by the workers: each takes the next item when free
  const queue = items.entries();
  const worker = async (): Promise<void> => {
    for (const [index, item] of queue) results[index] = await fn(item, index);
  };
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, () => worker());
  await Promise.all(workers);
  return results;
}

/** How many files are read at once. */
export const FILE_CONCURRENCY = 16;
