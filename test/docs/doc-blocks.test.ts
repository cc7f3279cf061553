/** How the docs test reads a page's example blocks and compares them with what the tool printed. */
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareOutput, normalise, outputLines, TEMP_FOLDER } from './compare-output.js';
import { findExamples, type PageLine } from './doc-blocks.js';
import { shellWords } from './run-shown.js';
import { writeRewrites } from './update-pages.js';

const page = (...lines: string[]) => lines.join('\n');

/** The lines of a block as found on a page starting at line `from`. */
const lines = (from: number, ...texts: string[]): PageLine[] =>
  texts.map((text, i) => ({ line: from + i, text }));

describe('finding the example blocks of a page', () => {
  it('takes the scenario from the comment before the fence (a blank line between allowed) and splits the commands', () => {
    const text = page(
      '# Title',
      '<!-- example: tour -->',
      '',
      '```text',
      '$ crm-schema pull',
      'Pulled.',
      '',
      '$ git diff schema/tickets.yaml',
      '+ a line',
      '```',
    );
    const { blocks, problems } = findExamples('docs/x.md', text);
    expect(problems).toStrictEqual([]);
    expect(blocks).toStrictEqual([
      {
        page: 'docs/x.md',
        line: 4,
        indent: '',
        scenario: 'tour',
        commands: [
          { command: 'crm-schema pull', line: 5, expected: lines(6, 'Pulled.') },
          { command: 'git diff schema/tickets.yaml', line: 8, expected: lines(9, '+ a line') },
        ],
      },
    ]);
  });

  it('finds a `$ crm-schema` block without a comment (so that the test can say it lacks one), in a list too', () => {
    const text = page('- item', '', '  ```', '  $ crm-schema plan', '  Plan: 1 to create.', '  ```');
    const { blocks } = findExamples('docs/x.md', text);
    expect(blocks).toStrictEqual([
      {
        page: 'docs/x.md',
        line: 3,
        indent: '  ',
        scenario: undefined,
        commands: [{ command: 'crm-schema plan', line: 4, expected: lines(5, 'Plan: 1 to create.') }],
      },
    ]);
  });

  it('reads a block of output only, whose comment names the command', () => {
    const text = page(
      '<!-- example: review, output of: crm-schema plan --format markdown -->',
      '````text',
      '<!-- crm-schema-plan -->',
      '```diff',
      '+ x',
      '```',
      '````',
    );
    const { blocks, problems } = findExamples('docs/x.md', text);
    expect(problems).toStrictEqual([]);
    expect(blocks[0]!.commands).toStrictEqual([
      {
        command: 'crm-schema plan --format markdown',
        line: 1,
        expected: lines(3, '<!-- crm-schema-plan -->', '```diff', '+ x', '```'),
      },
    ]);
  });

  it('ignores other blocks, and example comments shown inside a block', () => {
    const text = page('```sh', 'crm-schema plan', '```', '```md', '<!-- example: tour -->', '```');
    expect(findExamples('docs/x.md', text)).toStrictEqual({ blocks: [], problems: [] });
  });

  it('says what is wrong with a comment', () => {
    const text = page(
      '<!-- example: tour -->',
      'Some text.',
      '',
      '<!-- example: Not A Name -->',
      '```',
      '$ crm-schema plan',
      '```',
      '<!-- example: tour -->',
      '```',
      'output without its command',
      '```',
      '<!-- example: tour, output of: crm-schema plan -->',
      '```',
      '$ crm-schema plan',
      '```',
    );
    const { problems } = findExamples('docs/x.md', text);
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(/^docs\/x\.md:4: cannot read "<!-- example: Not A Name -->"/);
    expect(problems[1]).toMatch(
      /^docs\/x\.md:9: the block after <!-- example: tour --> does not start with "\$ crm-schema"/,
    );
    expect(problems[2]).toMatch(/^docs\/x\.md:13: the block shows its own command/);
    expect(problems[3]).toMatch(/^docs\/x\.md:1: an example comment must come right before the fenced block/);
  });
});

describe('comparing a page with the output', () => {
  it('lets times, ports, moments and correlation ids differ, and nothing else', () => {
    expect(normalise('Apply: 39 applied in 104 ms; took 1.2 s')).toBe(
      normalise('Apply: 39 applied in 7 ms; took 30 s'),
    );
    expect(normalise('3 calls to http://127.0.0.1:40843')).toBe(
      normalise('3 calls to http://127.0.0.1:4010'),
    );
    expect(normalise('at 2026-03-02T09:14:05.120Z')).toBe(normalise('at 2027-01-01T00:00:00Z'));
    expect(normalise('correlation 5a4f2c1e-0b7d-4e1a-9c3b-2d6f8e9a0b1c')).toBe(
      normalise('correlation 00000000-0000-4000-8000-000000000000'),
    );
    expect(normalise('Apply: 39 applied')).not.toBe(normalise('Apply: 38 applied'));
    expect(normalise('account 1000001')).not.toBe(normalise('account 1000002'));
    expect(normalise('http://crm.example.com:4010')).not.toBe(normalise('http://crm.example.com:4011'));
  });

  it('accepts equal output', () => {
    const result = compareOutput('p.md', lines(10, 'a', 'b in 3 ms'), ['a', 'b in 250 ms']);
    expect(result).toStrictEqual({ equal: true, diff: '', patched: ['a', 'b in 3 ms'] });
  });

  it('takes `...` for any run of lines, at the start, in the middle, at the end, or none', () => {
    const output = ['head', 'x', 'y', 'middle', 'z', 'tail'];
    for (const shown of [
      ['head', '...', 'middle', '...', 'tail'],
      ['...', 'tail'],
      ['head', '...'],
      ['head', 'x', '...', 'y', 'middle', 'z', 'tail'],
      ['...'],
    ]) {
      expect(compareOutput('p.md', lines(1, ...shown), output).equal, shown.join(' | ')).toBe(true);
    }
  });

  it('anchors the lines after the last `...` at the end of the output', () => {
    expect(compareOutput('p.md', lines(1, 'a', '...', 'z'), ['a', 'z', 'b', 'z']).equal).toBe(true);
    expect(compareOutput('p.md', lines(1, 'a', '...', 'z'), ['a', 'z', 'b']).equal).toBe(false);
  });

  it('fails on a line that differs, naming each page line, and compares the last lines with the end', () => {
    const shown = lines(
      20,
      'Plan for local',
      '',
      'tickets (2 changes)',
      '...',
      'Plan: 2 to create; 1 dangerous.',
    );
    const output = ['Plan for local', '', 'tickets (2 changes)', '  + one', '  + two', 'Plan: 2 to create.'];
    const result = compareOutput('docs/plan.md', shown, output);
    expect(result.equal).toBe(false);
    expect(result.diff.split('\n')).toStrictEqual([
      '  ⋮',
      '  docs/plan.md:22          tickets (2 changes)',
      '  docs/plan.md:23          ...',
      '- docs/plan.md:24          Plan: 2 to create; 1 dangerous.',
      '+ docs/plan.md:25          Plan: 2 to create.',
    ]);
    expect(result.patched).toStrictEqual([
      'Plan for local',
      '',
      'tickets (2 changes)',
      '...',
      'Plan: 2 to create.',
    ]);
  });

  it('fails on a line more at the end', () => {
    const result = compareOutput('p.md', lines(1, 'a', 'b'), ['a', 'b', 'Saved.']);
    expect(result.equal).toBe(false);
    expect(result.diff.split('\n')).toStrictEqual([
      '  p.md:1                   a',
      '  p.md:2                   b',
      '+ p.md:3                   Saved.',
    ]);
  });

  it('fails when the output is shorter than the page', () => {
    const result = compareOutput('p.md', lines(1, 'a', 'b'), ['a']);
    expect(result.equal).toBe(false);
    expect(result.diff).toContain('- p.md:2');
  });
});

describe("the output's lines", () => {
  it('writes the temporary folder as a page shows it, and drops the end of the last line only', () => {
    const output = 'No crm-schema.yaml in /tmp/crm-schema-docs-x1/sub.\n\nDone.\n';
    expect(outputLines(output, ['/tmp/crm-schema-docs-x1'])).toStrictEqual([
      `No crm-schema.yaml in ${TEMP_FOLDER}/sub.`,
      '',
      'Done.',
    ]);
  });
});

describe('reading a command line', () => {
  it('splits words as a shell does, with quotes', () => {
    expect(shellWords(`crm-schema pull --prefix 'a b' --x "c d"  e`)).toStrictEqual([
      'crm-schema',
      'pull',
      '--prefix',
      'a b',
      '--x',
      'c d',
      'e',
    ]);
    expect(() => shellWords(`crm-schema 'open`)).toThrow(/Unclosed quote/);
  });
});

describe('writing the output into a page (UPDATE_DOCS_EXAMPLES=1)', () => {
  it('replaces each output, bottom up, with the block indentation, and inserts under a bare command', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'crm-schema-docs-update-'));
    try {
      const text = page(
        '- a',
        '  ```',
        '  $ crm-schema plan',
        '  old 1',
        '  old 2',
        '  ```',
        '```',
        '$ crm-schema drift',
        '```',
      );
      writeFileSync(join(dir, 'p.md'), text);
      const { blocks } = findExamples('p.md', text);
      const [planned, drifted] = blocks.map((b) => b.commands[0]!);
      writeRewrites(dir, [
        {
          page: 'p.md',
          first: planned!.expected[0]!.line,
          count: 2,
          indent: '  ',
          lines: ['new 1', '', 'new 2'],
        },
        { page: 'p.md', first: drifted!.line + 1, count: 0, indent: '', lines: ['No drift.'] },
      ]);
      expect(readFileSync(join(dir, 'p.md'), 'utf8')).toBe(
        page(
          '- a',
          '  ```',
          '  $ crm-schema plan',
          '  new 1',
          '',
          '  new 2',
          '  ```',
          '```',
          '$ crm-schema drift',
          'No drift.',
          '```',
        ),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
