/**
 * The summary table of `plan --env a --env b` as text: a column per count, two spaces apart, each as wide
 * as its name or its widest count, so that no two names or numbers run together.
 */
import { describe, expect, it } from 'vitest';
import { renderMultiPlanText } from '../../src/engine/render/plan/multi-plan.js';
import { emptyPlan, reviewPlan } from './plans.js';

const HEADER = 'environment  create  update  replace  remove  destructive  refused  errors';

/** The table: the lines before the first blank line. */
const table = (text: string) => text.slice(0, text.indexOf('\n\n')).split('\n');

/** Where each cell of a line ends (the column of its last character). */
const rightEdges = (line: string) => [...line.matchAll(/\S+/g)].map((m) => m.index + m[0].length);

describe('the summary table of several environments', () => {
  it('separates every column name, and puts each count under its name', () => {
    const review = reviewPlan();
    const text = renderMultiPlanText(
      [
        { environment: 'staging', plan: emptyPlan() },
        { environment: 'production', plan: review },
      ],
      false,
    );
    const [header, staging, production] = table(text);
    expect(header).toBe(HEADER);
    const s = review.summary;
    expect(production!.split(/\s+/)).toStrictEqual(
      ['production', s.create, s.update, s.replace, s.remove, s.destructive, s.refused, s.errors].map(String),
    );
    expect(staging).toBe(
      `staging      ${['create', 'update', 'replace', 'remove', 'destructive', 'refused', 'errors'].map((c) => '0'.padStart(c.length)).join('  ')}`,
    );
    // the counts end where their names end (the environment names, left-aligned, aside)
    for (const line of [staging!, production!])
      expect(rightEdges(line).slice(1)).toStrictEqual(rightEdges(header!).slice(1));
    expect(text).toContain('\n\n== staging ==\n');
    expect(text).toContain('\n\n== production ==\n');
  });

  it('widens a column for a count longer than its name, and the first column for a long environment name', () => {
    const big = emptyPlan();
    big.summary = { ...big.summary, create: 1_234_567 };
    const [header, row] = table(
      renderMultiPlanText([{ environment: 'production-eu-west', plan: big }], false),
    );
    // 'production-eu-west' is 18 characters, '1,234,567' 9
    expect(header).toBe(
      `environment${' '.repeat(7 + 2 + 3)}create  update  replace  remove  destructive  refused  errors`,
    );
    expect(row).toBe('production-eu-west  1,234,567       0        0       0            0        0       0');
  });
});
