/**
 * A three-way merge of token lists (lines, or the characters of a line): `ours` and `theirs` both descend
 * from `base`. Where only one side changed a stretch of `base`, that side's version is taken; where both
 * changed it differently, `conflict` decides. Stretches are found by aligning each side with `base`
 * (diff's longest common subsequence): a token of `base` that both sides kept anchors the merge.
 *
 * Pull writes a manifest through it: `base` is the file as yaml would write it untouched, `ours` the
 * file as it is, `theirs` the file as yaml writes it after pull's edits. So every line pull did not
 * change stays exactly as the file had it, whatever yaml would have made of it.
 */
import { diffArrays } from 'diff';

/** How many differences an alignment may hold before the merge gives up (undefined is returned). */
const MAX_EDIT_LENGTH = 20_000;

export type Conflict = (base: string[], ours: string[], theirs: string[]) => string[];

/** `theirs` wins where both sides changed the same stretch. */
export const theirsWin: Conflict = (_base, _ours, theirs) => theirs;

export interface MergeOptions {
  /** what both sides changed differently becomes this; default: `theirs` */
  conflict?: Conflict;
  /**
   * what tokens are aligned by (default: the token itself): tokens with the same key anchor the merge,
   * and an anchor whose tokens differ is resolved like any stretch
   */
  key?: (token: string) => string;
}

/** The merged tokens, or undefined when the sides differ too much from `base` to be aligned. */
export function mergeThreeWay(
  base: readonly string[],
  ours: readonly string[],
  theirs: readonly string[],
  options: MergeOptions = {},
): string[] | undefined {
  const { conflict = theirsWin, key = (token: string) => token } = options;
  const baseKeys = base.map(key);
  const toOurs = alignment(baseKeys, ours.map(key));
  const toTheirs = alignment(baseKeys, theirs.map(key));
  if (toOurs === undefined || toTheirs === undefined) return undefined;
  const out: string[] = [];
  let b = 0;
  let o = 0;
  let t = 0;
  for (;;) {
    // the next token of base that both sides kept
    let stable = b;
    while (stable < base.length && ((toOurs[stable] ?? -1) < 0 || (toTheirs[stable] ?? -1) < 0)) stable += 1;
    const oursEnd = stable < base.length ? (toOurs[stable] ?? -1) : ours.length;
    const theirsEnd = stable < base.length ? (toTheirs[stable] ?? -1) : theirs.length;
    out.push(...resolve(base.slice(b, stable), ours.slice(o, oursEnd), theirs.slice(t, theirsEnd), conflict));
    if (stable >= base.length) return out;
    out.push(
      ...resolve(
        base.slice(stable, stable + 1),
        ours.slice(oursEnd, oursEnd + 1),
        theirs.slice(theirsEnd, theirsEnd + 1),
        conflict,
      ),
    );
    b = stable + 1;
    o = oursEnd + 1;
    t = theirsEnd + 1;
  }
}

function resolve(base: string[], ours: string[], theirs: string[], conflict: Conflict): string[] {
  if (same(ours, base) || same(ours, theirs)) return theirs;
  if (same(theirs, base)) return ours;
  return conflict(base, ours, theirs);
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((token, i) => token === b[i]);
}

/** For each index of `base`, the index of the same token in `other` (-1: not kept). */
function alignment(base: readonly string[], other: readonly string[]): number[] | undefined {
  const parts = diffArrays([...base], [...other], { maxEditLength: MAX_EDIT_LENGTH });
  if (parts === undefined) return undefined;
  const map = new Array<number>(base.length).fill(-1);
  let b = 0;
  let o = 0;
  for (const part of parts) {
    const count = part.value.length;
    if (part.added) o += count;
    else if (part.removed) b += count;
    else {
      for (let k = 0; k < count; k += 1) map[b + k] = o + k;
      b += count;
      o += count;
    }
  }
  return map;
}

/** Splits a text into lines, each with its line feed (the last one may have none). */
export function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/**
 * Lines both sides changed: when the stretch has as many lines on every side, line by line, and a line
 * both changed is merged character by character (`[net_45]` kept while the label before it changes);
 * otherwise the edited lines.
 */
export const mergeLineByLine: Conflict = (base, ours, theirs) => {
  if (base.length !== ours.length || base.length !== theirs.length) return theirs;
  return theirs.map((line, i) => {
    const was = base[i] ?? '';
    const written = ours[i] ?? '';
    if (written === was || written === line) return line;
    if (line === was) return written;
    // by code point: a merged line is checked as a whole afterwards (src/engine/pull/written-lines.ts)
    const chars = (text: string) => Array.from(text);
    return mergeThreeWay(chars(was), chars(written), chars(line))?.join('') ?? line;
  });
};
