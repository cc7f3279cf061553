/**
 * The table of plan diagnostics in docs/how-a-plan-is-computed.md is the planner's code table: the engine's
 * codes and every family's, each with its level and summary, in the table's order, and nothing else.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { planCodes } from '../../src/engine/plan/plan-codes.js';
import { ROOT } from '../helpers/cli.js';

it('docs list every plan diagnostic code with its level and summary', () => {
  const docs = readFileSync(join(ROOT, 'docs', 'how-a-plan-is-computed.md'), 'utf8');
  const section = docs.slice(docs.indexOf('## Plan diagnostics'), docs.indexOf('## The plan document'));
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  expect(rows).toEqual(
    Object.entries(planCodes()).map(([code, info]) => [`\`${code}\``, info.level, info.summary]),
  );
});
