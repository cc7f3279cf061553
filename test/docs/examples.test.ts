/**
 * The docs show real output. Every fenced block of README.md and docs/*.md whose first line is
 * `$ crm-schema ...` names, in a comment before it, the scenario that reproduces it
 * (test/docs/scenarios/); the command is run there (the CLI's own `main`, in this process) and what it
 * prints must be what the page shows, times, ports, ids and temp folders aside, `...` standing for any
 * lines. A change to the output that forgets the docs fails here, naming the page and line. How to add an
 * example: docs/development.md.
 */
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { compareOutput, outputLines } from './compare-output.js';
import { findExamples, type ExampleBlock } from './doc-blocks.js';
import { runShown } from './run-shown.js';
import type { ScenarioRun } from './scenario.js';
import { SCENARIOS } from './scenarios/index.js';
import { UPDATING, writeRewrites, type Rewrite } from './update-pages.js';

const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];
const found = PAGES.map((page) => findExamples(page, readFileSync(join(ROOT, page), 'utf8')));
const blocks = found.flatMap((page) => page.blocks);

const rewrites: Rewrite[] = [];
afterAll(() => {
  if (UPDATING) writeRewrites(ROOT, rewrites);
});

const known = (name: string | undefined): name is string =>
  name !== undefined && Object.hasOwn(SCENARIOS, name);

describe('the example outputs of the docs', () => {
  it('are found: the README and the manual hold example blocks', () => {
    expect(blocks.filter((b) => b.page === 'README.md').length).toBeGreaterThanOrEqual(5);
    expect(new Set(blocks.map((b) => b.page)).size).toBeGreaterThanOrEqual(8);
  });

  it('each name the scenario that reproduces them, in a comment right before the block', () => {
    expect(found.flatMap((page) => page.problems)).toStrictEqual([]);
    const unnamed = blocks
      .filter((block) => !known(block.scenario))
      .map((block) =>
        block.scenario === undefined
          ? `${block.page}:${block.line}: no <!-- example: SCENARIO --> before this block`
          : `${block.page}:${block.line}: no scenario '${block.scenario}' in test/docs/scenarios/`,
      );
    expect(unnamed).toStrictEqual([]);
  });

  it('use every scenario the test defines', () => {
    const used = new Set(blocks.map((block) => block.scenario));
    expect(Object.keys(SCENARIOS).filter((name) => !used.has(name))).toStrictEqual([]);
  });
});

async function check(block: ExampleBlock, run: ScenarioRun): Promise<string[]> {
  const failures: string[] = [];
  for (const shown of block.commands) {
    const output = await runShown(shown.command, run);
    const lines = outputLines(output, [run.cwd, realpathSync(run.cwd)]);
    const result = compareOutput(block.page, shown.expected, lines);
    if (result.equal) continue;
    if (UPDATING) {
      const first = shown.expected[0]?.line ?? shown.line + 1;
      rewrites.push({
        page: block.page,
        first,
        count: shown.expected.length,
        indent: block.indent,
        lines: result.patched,
      });
      continue;
    }
    failures.push(
      [
        `${block.page}:${shown.line}: \`${shown.command}\` prints something else than the page shows` +
          ` (scenario ${block.scenario}: ${SCENARIOS[block.scenario!]!.description})`,
        '- the page, + the tool (times, ports, ids and temp folders aside; a line `...` in the page stands for any lines):',
        result.diff,
        '',
        'The tool printed:',
        ...lines,
      ].join('\n'),
    );
  }
  return failures;
}

for (const page of PAGES) {
  const onPage = blocks.filter((block) => block.page === page && known(block.scenario));
  if (onPage.length === 0) continue;
  describe(page, () => {
    // one run of each scenario the page names, its blocks in page order
    for (const name of new Set(onPage.map((block) => block.scenario!))) {
      describe(`scenario ${name}`, () => {
        let run: ScenarioRun | undefined;
        beforeAll(async () => {
          run = await SCENARIOS[name]!.start();
        }, 120_000);
        afterAll(async () => {
          await run?.close();
        });
        for (const block of onPage.filter((b) => b.scenario === name)) {
          const title = block.commands.map((c) => c.command).join('; ');
          it(`${page}:${block.line} ${title}`, async () => {
            const failures = await check(block, run!);
            if (failures.length > 0) assert.fail(failures.join('\n\n'));
          }, 60_000);
        }
      });
    }
  });
}
