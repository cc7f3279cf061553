/**
 * Offsets to 1-based line and column, for files the fast reader parsed (yaml-fast.ts). It counts lines
 * as the `yaml` library's LineCounter does, so both readers give the same `file:line:col`: a line starts
 * at offset 0 and after every `\n` (a `\r\n` ends a line at its `\n`; the fast reader leaves files with
 * a lone `\r` to the `yaml` library). The column counts UTF-16 code units, from 1.
 */
export interface LinePositions {
  linePos(offset: number): { line: number; col: number };
}

export class LineIndex implements LinePositions {
  readonly #starts: number[] = [0];

  constructor(text: string) {
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) this.#starts.push(at + 1);
  }

  linePos(offset: number): { line: number; col: number } {
    const starts = this.#starts;
    let low = 0;
    let high = starts.length - 1;
    // the last line start at or before the offset
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] ?? Infinity) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, col: offset - (starts[low] ?? 0) + 1 };
  }
}
