/**
 * The output gate (src/core/output-gate.ts) and its two parts, pure:
 *
 * - secrets: the token the process holds (also as JSON escapes it) and credential shapes are masked, and
 *   ordinary text that merely looks alike is not; JSON stays JSON, with the same values but the masked;
 * - workflow commands: by a model of how a CI runner reads a log (a line is a command when it starts with
 *   `::` after white space, or holds `##[` or `##vso[` anywhere), no gated text holds one, whatever it
 *   held (generated); JSON parses back to the same value; Markdown renders to the same HTML outside code;
 *   text without a command is left exactly as it was, and so is every example output of the docs (the
 *   tool's own texts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { marked } from 'marked';
import { afterEach, describe, expect, it } from 'vitest';
import { findCredentialShape, maskCredentialShapes } from '../../src/core/credentials.js';
import { forFile, forTerminal, secretInText } from '../../src/core/output-gate.js';
import { forgetSecrets, keepSecret } from '../../src/core/secrets.js';
import { breakWorkflowCommands } from '../../src/core/workflow-commands.js';
import { findExamples } from '../docs/doc-blocks.js';

const ROOT = join(import.meta.dirname, '..', '..');

const PAT = 'pat-na1-0b7c2f4e-1a2b-4c3d-8e9f-0123456789ab';
const TOKEN = 'held-token-8f3a9c';

afterEach(() => {
  forgetSecrets();
});

/** A JSON value with each of its strings (keys too) masked on its own. */
function maskedValue(value: unknown): unknown {
  if (typeof value === 'string') return forFile(value);
  if (Array.isArray(value)) return value.map(maskedValue);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [forFile(k), maskedValue(v)]));
}

/**
 * What the gate takes for a command's start, more widely than a runner: lines also end at Unicode's line
 * separators, and colour sequences count as white space. Text with none of these is never changed.
 */
// eslint-disable-next-line no-control-regex -- ESC starts a colour sequence
const COLOURED_LINE_START = /^(?:[\s\u0085]|\u001b\[[0-9;]*m)*::/u;

function wideCommands(text: string): boolean {
  return (
    text.split(/\r\n|\r|\n|\u2028|\u2029/).some((line) => COLOURED_LINE_START.test(line)) ||
    /##(?:vso)?\[/.test(text)
  );
}

/** How a CI runner reads a log: the lines it would take as commands. */
function runnerCommands(log: string): string[] {
  return log.split(/\r\n|\r|\n/).filter((line) => /^[\s\u0085]*::/u.test(line) || /##(?:vso)?\[/.test(line));
}

describe('secrets', () => {
  it('masks the token held, also as a JSON string holds it', () => {
    keepSecret(TOKEN);
    keepSecret('tok"en\\with-quotes');
    expect(forTerminal(`a ${TOKEN} b`)).toBe('a *** b');
    expect(forFile(JSON.stringify({ d: `x tok"en\\with-quotes y ${TOKEN}` }))).toBe('{"d":"x *** y ***"}');
    expect(secretInText(`.${TOKEN}.`)).toBe('the access token');
  });

  it('masks credential shapes the process does not hold', () => {
    const cases: [string, string][] = [
      [`token ${PAT} here`, 'token *** here'],
      [PAT.toUpperCase(), '***'],
      ['Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.abc123', 'Authorization: Bearer ***'],
      ['bearer 0123456789abcdefXYZ', 'bearer ***'],
      ['https://x.example/a?access_token=abcdef123456&b=1', 'https://x.example/a?access_token=***&b=1'],
      ['GET /v1?hapikey=1b2c3d4e-aaaa-bbbb-cccc-1234567890ab', 'GET /v1?hapikey=***'],
      ['refresh_token=r.efresh-4567 client_secret=s3cr3t-value', 'refresh_token=*** client_secret=***'],
    ];
    for (const [text, masked] of cases) {
      expect(maskCredentialShapes(text), text).toBe(masked);
      expect(findCredentialShape(text), text).toBeDefined();
      expect(forTerminal(text)).toBe(masked);
    }
  });

  it('leaves text that only looks alike', () => {
    for (const text of [
      'The Bearer token the integration sends',
      'Bearer authenticationrequired',
      'a pat-on-the-back, pat-na1-notauuid',
      'see ?hapikey=demo in the old docs',
      'access_token=*** was masked already',
      'x = y; a==b',
    ]) {
      expect(forTerminal(text), text).toBe(text);
      expect(secretInText(text), text).toBeUndefined();
    }
  });

  it('keeps JSON valid: a masked document parses to the same values, the secrets masked', () => {
    keepSecret(TOKEN);
    const secretish = fc.constantFrom(
      PAT,
      TOKEN,
      'Bearer abcdef0123456789',
      'access_token=abcdefgh1',
      '"',
      '\\',
      ' ',
      '\n',
      '\t',
      '\u0001',
      '\u2028',
      'x',
      '=',
      'Bearer ',
      'hapikey=',
    );
    const value = fc.jsonValue({
      maxDepth: 3,
      stringUnit: fc.oneof(secretish, fc.string({ unit: 'binary', maxLength: 3 })),
    });
    fc.assert(
      fc.property(value, (v) => {
        for (const json of [JSON.stringify(v), JSON.stringify(v, null, 2)]) {
          const parsed = JSON.parse(forFile(json)) as unknown;
          expect(parsed).toEqual(maskedValue(JSON.parse(json)));
          expect(JSON.stringify(parsed)).not.toContain(TOKEN);
          expect(JSON.stringify(parsed)).not.toContain(PAT);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('workflow commands', () => {
  const HOSTILE = [
    '::error::pwned',
    '  ::warning file=a.ts,line=1::x',
    '\t::add-mask::secret',
    '\u00a0\u2003::stop-commands::tok',
    '\u001b[31m::error::coloured',
    'before\r::error::after a carriage return',
    'x ##[group]y',
    '##[endgroup]',
    'a ##vso[task.setvariable variable=x]1',
    '###[x] ####[',
  ];

  it('breaks every command a runner would read, in text and in Markdown', () => {
    for (const text of HOSTILE) {
      const broken = breakWorkflowCommands(text);
      expect(runnerCommands(broken), JSON.stringify(broken)).toEqual([]);
      expect(wideCommands(text)).toBe(true);
    }
    expect(breakWorkflowCommands('  ::error::x\n##[group]y')).toBe('  \\::error::x\n#\\#[group]y');
  });

  it('whatever the text: no command left, and text without one unchanged', () => {
    const part = fc.oneof(
      fc.constantFrom(
        ':',
        '::',
        '#',
        '##',
        '[',
        'vso[',
        ' ',
        '\t',
        '\n',
        '\r',
        '\r\n',
        '\u00a0',
        '\u2028',
        '\u0085',
        '\u001b[1m',
        'x',
      ),
      fc.string({ unit: 'binary', maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        const broken = breakWorkflowCommands(text);
        expect(runnerCommands(broken)).toEqual([]);
        if (!wideCommands(text)) expect(broken).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('JSON: parses back to the same value, with no command left', () => {
    const hostileString = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: 'binary', maxLength: 8 }));
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3, stringUnit: hostileString }), (value) => {
        for (const json of [JSON.stringify(value), JSON.stringify(value, null, 2)]) {
          const broken = forTerminal(json, 'json');
          expect(runnerCommands(broken)).toEqual([]);
          expect(JSON.parse(broken)).toEqual(JSON.parse(json));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('Markdown renders the same outside code (in code, the backslash shows)', () => {
    const inline = HOSTILE.filter((text) => !text.startsWith('\t'));
    for (const text of [...inline, 'a table | ::x | ##[y]', '- ::error::in a list\n- ##[group] too']) {
      const broken = breakWorkflowCommands(text);
      expect(marked.parse(broken)).toBe(marked.parse(text));
    }
  });

  it('leaves the tool’s own texts alone: every example output of the docs', () => {
    const pages = [
      'README.md',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((n) => n.endsWith('.md'))
        .map((n) => `docs/${n}`),
    ];
    let checked = 0;
    for (const page of pages) {
      for (const block of findExamples(page, readFileSync(join(ROOT, page), 'utf8')).blocks) {
        for (const command of block.commands) {
          const output = command.expected.map((line) => line.text).join('\n');
          expect(forTerminal(output), `${page}:${command.line}`).toBe(output);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});
