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
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index], index);
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, () => worker());
  await Promise.all(workers);
  return results;
}

/** How many files are read at once. */
export const FILE_CONCURRENCY = 16;
