/**
 * The lines under a change in the text output: each changed field as `old -> new`, long text as an
 * inline word diff, option lists as `+` / `-` / `~` lines by value. Colour comes from the caller's chalk
 * (level 0 writes none); without colour the word diff marks words with `[-...-]` and `{+...+}`.
 */
import type { ChalkInstance } from 'chalk';
import type { OptionSign } from '../common/option-diff.js';
import type { Detail } from './plan-details.js';
import { formatValue } from '../common/plan-values.js';
import { inlineWordDiff, WORD_MARKERS, type WordStyle } from '../common/word-diff.js';
import type { JsonValue } from '../../../core/json.js';

const INDENT = '  ';

type DetailWriter = { readonly [K in Detail['kind']]: (d: Extract<Detail, { kind: K }>) => string[] };

export function textDetailLines(details: readonly Detail[], chalk: ChalkInstance): string[] {
  const writers = detailWriters(chalk);
  return details.flatMap((d) => (writers[d.kind] as (d: Detail) => string[])(d));
}

function detailWriters(chalk: ChalkInstance): DetailWriter {
  const value = (v: JsonValue): string => (v === null ? chalk.dim(formatValue(v)) : formatValue(v));
  const sign: Readonly<Record<OptionSign, (text: string) => string>> = {
    '+': chalk.green,
    '-': chalk.red,
    '~': chalk.yellow,
  };
  // with colour the words stand out by colour alone; without, by git's word-diff markers
  const words: WordStyle =
    chalk.level > 0
      ? { same: (t) => t, added: (t) => chalk.green(t), removed: (t) => chalk.red(t) }
      : WORD_MARKERS;
  return {
    field: (d) => [`${d.field}: ${value(d.old)} -> ${value(d.new)}`],
    text: (d) => [`${d.field}:`, ...inlineWordDiff(d.old, d.new, words).map((line) => INDENT + line)],
    options: (d) => [
      `${d.field}:`,
      ...d.lines.map((line) => `${INDENT}${sign[line.sign](`${line.sign} ${line.text}`)}`),
    ],
    value: (d) => [`${d.field}: ${d.text}`],
  };
}
