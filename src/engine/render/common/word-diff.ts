/**
 * Word diffs of long text (descriptions, formulas), built on `diff`'s `diffWordsWithSpace`, so that a
 * one-word edit in a paragraph is found at a glance. Two views:
 *
 * - inline (text output): one text with removed words as `[-...-]` and added ones as `{+...+}` (or in
 *   red and green, by the caller's style), like `git diff --word-diff`;
 * - two-sided (Markdown ```diff blocks): changed lines as `-` / `+` lines, with the changed words marked
 *   the same way inside them, so that GitHub colours the lines and the words are still findable.
 *
 * Both keep one unchanged line around each change and collapse longer unchanged runs to `…`.
 *
 * A diff costs time that grows with the square of the edits, so it is bounded: past MAX_EDITS edits (or
 * MAX_DIFF_CHARS characters a side, checked before any diff is tried) the two values are shown whole, the
 * old one removed and the new one added, as a line diff would show them.
 */
import { at } from '../../../core/must.js';
import { diffArrays, diffWordsWithSpace } from 'diff';

export type WordPartKind = 'same' | 'added' | 'removed';

export interface WordPart {
  kind: WordPartKind;
  text: string;
}

/** How each kind of part is written: markers, or colours. */
export type WordStyle = Readonly<Record<WordPartKind, (text: string) => string>>;

export const WORD_MARKERS: WordStyle = {
  same: (text) => text,
  added: (text) => `{+${text}+}`,
  removed: (text) => `[-${text}-]`,
};

/** Shown in place of a removed or added line break, which would otherwise be invisible. */
const LINE_BREAK = '↵';
export const COLLAPSED = '…';

/** Edits a word diff may find before the values are shown whole instead. */
export const MAX_EDITS = 2_000;
/** Characters a side past which no diff is tried at all. */
export const MAX_DIFF_CHARS = 50_000;

export function wordDiff(old: string, next: string): WordPart[] {
  const changes =
    old.length > MAX_DIFF_CHARS || next.length > MAX_DIFF_CHARS
      ? undefined
      : diffWordsWithSpace(old, next, { maxEditLength: MAX_EDITS });
  if (changes === undefined) return whole(old, next);
  return changes.map((c) => ({
    kind: c.added ? 'added' : c.removed ? 'removed' : 'same',
    text: c.value,
  }));
}

/** The old value removed and the new one added, whole. */
function whole(old: string, next: string): WordPart[] {
  return [
    ...(old === '' ? [] : [{ kind: 'removed' as const, text: old }]),
    ...(next === '' ? [] : [{ kind: 'added' as const, text: next }]),
  ];
}

/** The inline view, one string per line. */
export function inlineWordDiff(old: string, next: string, style: WordStyle = WORD_MARKERS): string[] {
  const lines = splitLines(wordDiff(old, next));
  const kept = collapse(lines, (line) => line.some((part) => part.kind !== 'same'));
  return kept.map((line) => (line === null ? COLLAPSED : renderParts(line, style)));
}

export interface DiffLine {
  sign: ' ' | '-' | '+';
  text: string;
}

/** The two-sided view: lines compared first, then the words of each changed run of lines. */
export function twoSidedWordDiff(old: string, next: string, style: WordStyle = WORD_MARKERS): DiffLine[] {
  const oldLines = old.split('\n');
  const nextLines = next.split('\n');
  const runs = (old.length > MAX_DIFF_CHARS || next.length > MAX_DIFF_CHARS
    ? undefined
    : diffArrays(oldLines, nextLines, { maxEditLength: MAX_EDITS })) ?? [
    { value: oldLines, removed: true, added: false, count: oldLines.length },
    { value: nextLines, removed: false, added: true, count: nextLines.length },
  ];
  const lines: DiffLine[] = [];
  for (let i = 0; i < runs.length; i += 1) {
    const run = at(runs, i);
    const following = runs[i + 1];
    if (run.removed && following?.added === true) {
      // a replaced run of lines: mark the words that differ on each side
      const parts = wordDiff(run.value.join('\n'), following.value.join('\n'));
      for (const line of splitLines(parts.filter((p) => p.kind !== 'added'))) {
        lines.push({ sign: '-', text: renderParts(line, style) });
      }
      for (const line of splitLines(parts.filter((p) => p.kind !== 'removed'))) {
        lines.push({ sign: '+', text: renderParts(line, style) });
      }
      i += 1;
    } else {
      const sign = run.removed ? '-' : run.added ? '+' : ' ';
      for (const text of run.value) lines.push({ sign, text });
    }
  }
  return collapse(lines, (line) => line.sign !== ' ').map((line) => line ?? { sign: ' ', text: COLLAPSED });
}

function renderParts(parts: readonly WordPart[], style: WordStyle): string {
  return parts.map((part) => style[part.kind](part.text)).join('');
}

/** Parts split at line breaks; a changed line break shows as `↵` at the end of its line. */
function splitLines(parts: readonly WordPart[]): WordPart[][] {
  const lines: WordPart[][] = [[]];
  // neighbours of one kind become one part: `{+, and+}`, not `{+,+}{+ and+}`
  const push = (kind: WordPartKind, text: string): void => {
    const line = at(lines, lines.length - 1);
    const last = line[line.length - 1];
    if (last?.kind === kind) last.text += text;
    else line.push({ kind, text });
  };
  for (const part of parts) {
    part.text.split('\n').forEach((piece, index) => {
      if (index > 0) {
        if (part.kind !== 'same') push(part.kind, LINE_BREAK);
        lines.push([]);
      }
      if (piece !== '') push(part.kind, piece);
    });
  }
  return lines;
}

/**
 * Keeps the changed items and `context` items either side; every unchanged run of two or more items
 * beyond that becomes one `null` (shown as `…`).
 */
export function collapse<T>(items: readonly T[], changed: (item: T) => boolean, context = 1): (T | null)[] {
  const keep = new Array<boolean>(items.length).fill(false);
  items.forEach((item, index) => {
    if (!changed(item)) return;
    for (let k = Math.max(0, index - context); k <= Math.min(items.length - 1, index + context); k += 1) {
      keep[k] = true;
    }
  });
  const out: (T | null)[] = [];
  let hidden: T[] = [];
  const flushHidden = (): void => {
    // one hidden line would cost as much as showing it
    if (hidden.length === 1) out.push(...hidden);
    else if (hidden.length > 1) out.push(null);
    hidden = [];
  };
  for (const [index, item] of items.entries()) {
    if (keep[index] === true) {
      flushHidden();
      out.push(item);
    } else {
      hidden.push(item);
    }
  }
  flushHidden();
  return out;
}
