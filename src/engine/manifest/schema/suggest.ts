/** "Did you mean ...?" for typos in keys and values. */

import { at } from '../../../core/must.js';

/** Edit distance (insert, delete, substitute, swap of neighbours), case-insensitive. */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  const rows = s.length + 1;
  const cols = t.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i += 1) {
    const row = at(d, i);
    const above = at(d, i - 1);
    for (let j = 1; j < cols; j += 1) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(at(above, j) + 1, at(row, j - 1) + 1, at(above, j - 1) + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        best = Math.min(best, at(at(d, i - 2), j - 2) + 1);
      }
      row[j] = best;
    }
  }
  return at(at(d, rows - 1), cols - 1);
}

/**
 * The closest candidate within a distance that scales with the word, or undefined. A candidate the
 * word starts (`Property` for `Properties`) counts as close.
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const stem = word.toLowerCase().replace(/(ies|y|s)$/, '');
  const prefixed = candidates.find((c) => stem.length >= 4 && c.toLowerCase().startsWith(stem));
  if (prefixed) return prefixed;
  const limit = Math.max(1, Math.floor(word.length / 3));
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= limit ? best : undefined;
}
