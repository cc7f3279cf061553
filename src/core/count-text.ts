/**
 * Counts in text, the same on every machine (no locale from the environment): `1,234`.
 *
 * Whole numbers are grouped here rather than by `Intl.NumberFormat`: building the first Intl formatter
 * loads ICU's number data, 15 to 20 ms of every command's start-up that prints or might print a count.
 * Anything else (a fraction, which no count is) still goes to Intl, made on first use.
 */
let intl: Intl.NumberFormat | undefined;

/** `1,234` */
export function formatCount(count: number): string {
  if (Number.isSafeInteger(count) && !Object.is(count, -0)) {
    const digits = String(Math.abs(count));
    const head = digits.length % 3 || 3;
    const groups = [digits.slice(0, head)];
    for (let i = head; i < digits.length; i += 3) groups.push(digits.slice(i, i + 3));
    return `${count < 0 ? '-' : ''}${groups.join(',')}`;
  }
  intl ??= new Intl.NumberFormat('en-US');
  return intl.format(count);
}

/** `1 change`, `2,000 changes` */
export function countOf(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
