/**
 * A wildcard pattern matched against a whole text in linear-ish time (at most pattern x text steps, never
 * exponential): `*` any run of characters, and with `question` `?` any one character. The classic
 * two-pointer match, which only ever goes back to the last star. No regular expression is built from the
 * pattern, so no pattern of stars can make a match backtrack for hours.
 */
export function matchesWildcard(pattern: string, text: string, question = false): boolean {
  let t = 0;
  let p = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    if (
      p < pattern.length &&
      pattern[p] !== '*' &&
      ((question && pattern[p] === '?') || pattern[p] === text[t])
    ) {
      t += 1;
      p += 1;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p;
      mark = t;
      p += 1;
    } else if (star !== -1) {
      p = star + 1;
      mark += 1;
      t = mark;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === '*') p += 1;
  return p === pattern.length;
}
