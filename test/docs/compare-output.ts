/**
 * A page's example output against what the tool printed. Lines must be equal, except for what changes
 * from run to run, on both sides alike (`normalise`): times, the emulator's port, correlation ids and
 * the run's temporary folder. A line `...` in the page stands for any run of lines (none included), so
 * a long output can be shown in part; nothing else may differ.
 */
import { diffArrays } from 'diff';
import type { PageLine } from './doc-blocks.js';

export const ELISION = '...';

/** What differs from run to run, replaced by a placeholder on both sides. */
const VARYING: readonly (readonly [RegExp, string])[] = [
  // moments: `2026-03-02T09:14:05.120Z`
  [/\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g, '<when>'],
  // apply record ids, a moment in a file name: `2026-03-02T09-14-05-120Z`
  [/\b\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z/g, '<when>'],
  // durations: `104 ms`, `1.2 s`
  [/\b\d+(?:\.\d+)? ?(?:ms|s)\b/g, '<time>'],
  // the emulator on a free port, in the page and in the output
  [/\bhttp:\/\/127\.0\.0\.1:\d+/g, 'http://127.0.0.1:<port>'],
  // correlation ids
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<id>'],
];

export function normalise(line: string): string {
  return VARYING.reduce((text, [pattern, placeholder]) => text.replace(pattern, placeholder), line);
}

/** How a page shows the scenario's temporary folder. */
export const TEMP_FOLDER = '/tmp/project';

/** The output's lines, the scenario's temporary folder written as a page shows it. */
export function outputLines(output: string, tempDirs: readonly string[] = []): string[] {
  let text = output;
  // the longest first: a real path may hold the path it was reached by
  for (const dir of [...tempDirs].sort((a, b) => b.length - a.length))
    text = text.split(dir).join(TEMP_FOLDER);
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

const same = (a: string, b: string): boolean => normalise(a) === normalise(b);

function matchesAt(segment: readonly PageLine[], actual: readonly string[], at: number): boolean {
  return (
    at + segment.length <= actual.length && segment.every((entry, i) => same(entry.text, actual[at + i]!))
  );
}

/** The page's lines split at each `...` line. */
function segments(expected: readonly PageLine[]): PageLine[][] {
  const parts: PageLine[][] = [[]];
  for (const entry of expected) {
    if (entry.text === ELISION) parts.push([]);
    else parts.at(-1)!.push(entry);
  }
  return parts;
}

/**
 * The output, elided where the page elides it: each `...` takes the lines up to the first place where
 * the page's next lines follow (the last part: up to the end), so that a page that matches gives back its
 * own lines, and one that does not gives the lines to compare it with.
 */
export function elideLike(expected: readonly PageLine[], actual: readonly string[]): string[] {
  const parts = segments(expected);
  const shown: string[] = [];
  let pos = 0;
  parts.forEach((part, index) => {
    const last = index === parts.length - 1;
    let at = pos;
    if (index > 0) {
      shown.push(ELISION);
      if (last) {
        // the page's last lines end the output (or, failing that, follow where they first appear)
        const end = Math.max(pos, actual.length - part.length);
        at = matchesAt(part, actual, end) ? end : (firstMatch(part, actual, pos) ?? end);
      } else {
        at = firstMatch(part, actual, pos) ?? pos;
      }
    }
    const end = last ? actual.length : Math.min(actual.length, at + part.length);
    shown.push(...actual.slice(at, end));
    pos = end;
  });
  return shown;
}

function firstMatch(part: readonly PageLine[], actual: readonly string[], from: number): number | undefined {
  if (part.length === 0) return actual.length;
  for (let at = from; at + part.length <= actual.length; at++) if (matchesAt(part, actual, at)) return at;
  return undefined;
}

export interface Comparison {
  equal: boolean;
  /** the lines that differ, with the page's line numbers; empty when equal */
  diff: string;
  /** the page's lines with the tool's changes: what the page should show (its own times and ports kept) */
  patched: string[];
}

const CONTEXT = 2;

/** Compares the page's output with the tool's; the diff names each page line (`- ` the page, `+ ` the tool). */
export function compareOutput(
  page: string,
  expected: readonly PageLine[],
  actual: readonly string[],
): Comparison {
  const shown = elideLike(expected, actual);
  const parts = diffArrays(
    expected.map((entry) => entry.text),
    shown,
    { comparator: (a: string, b: string) => same(a, b) },
  );
  const rows: { mark: ' ' | '-' | '+'; where: string; text: string }[] = [];
  const patched: string[] = [];
  let pageIndex = 0;
  const lastLine = expected.at(-1)?.line ?? 0;
  for (const part of parts) {
    for (const text of part.value) {
      if (part.added) {
        const before = expected[pageIndex]?.line ?? lastLine + 1;
        rows.push({ mark: '+', where: `${page}:${before}`, text });
        patched.push(text);
      } else {
        const entry = expected[pageIndex++]!;
        rows.push({ mark: part.removed ? '-' : ' ', where: `${page}:${entry.line}`, text: entry.text });
        if (!part.removed) patched.push(entry.text);
      }
    }
  }
  const changed = rows.map((row, i) => (row.mark === ' ' ? -1 : i)).filter((i) => i >= 0);
  if (changed.length === 0) return { equal: true, diff: '', patched };
  const near = (i: number) => changed.some((c) => Math.abs(c - i) <= CONTEXT);
  const out: string[] = [];
  rows.forEach((row, i) => {
    if (!near(i)) {
      if (out.at(-1) !== '  ⋮') out.push('  ⋮');
      return;
    }
    out.push(`${row.mark} ${row.where.padEnd(24)} ${row.text}`);
  });
  return { equal: false, diff: out.join('\n'), patched };
}
