/** Counts in text, the same on every machine (no locale from the environment). */
const NUMBER = new Intl.NumberFormat('en-US');

/** `1,234` */
export function formatCount(count: number): string {
  return NUMBER.format(count);
}

/** `1 change`, `2,000 changes` */
export function countOf(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
