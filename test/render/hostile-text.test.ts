/**
 * Text from other people reaches every renderer neutralized: a live label or option value holding
 * escape sequences, carriage returns, backspaces or bidirectional overrides cannot move the cursor,
 * erase or conceal a line, or reorder what a reviewer reads; and a Markdown comment never mentions a
 * user or a team. Checked on each renderer, with and without colour, for random text too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dryRun } from '../../src/engine/apply/dry-run.js';
import { plan } from '../../src/engine/plan/plan.js';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import { renderDryRunText } from '../../src/engine/render/apply/apply-dry-run.js';
import { renderPlanJson } from '../../src/engine/render/plan/plan-json.js';
import { renderPlanMarkdown } from '../../src/engine/render/plan/plan-markdown.js';
import { renderPlanText } from '../../src/engine/render/plan/plan-text.js';
import { INVISIBLE_CLASS, neutralize } from '../../src/core/control-chars.js';
import { escapeJsonText, neutralizeDocument } from '../../src/engine/render/common/safe-text.js';
import { desired, prop, select, state } from '../plan/fixtures.js';

/** Colour codes are the only escape sequences a renderer may write itself. */
// eslint-disable-next-line no-control-regex -- matching escape sequences is the point
const SGR = /\u001b\[[0-9;]*m/g;
/** A character no reader sees: controls (tab and line feed aside), format characters, separators. */
const RAW = /(?![\t\n])[\p{Cc}\p{Cf}\u2028\u2029]/u;
const NOT_PRINTABLE = new RegExp(`[${INVISIBLE_CLASS}\\p{M}\\n\\\\]`, 'gu');

/** Cursor up and erase the line, then a carriage return and a concealing overwrite. */
const HIDE_PREVIOUS_LINE = 'Tier\u001b[1A\u001b[2K\rnothing to see\u001b[8m';
const BIDI = 'Order \u202Eredro\u202C \u2066x\u2069';

function hostileLivePlan(): PlanDocument {
  const live = state({
    properties: {
      tickets: [
        prop('tier', { label: HIDE_PREVIOUS_LINE, description: `bell\u0007 backspace\b\b\b ${BIDI}` }),
        prop('legacy_code', { label: `Legacy${BIDI}` }),
        select('stage', ['open', 'clo\u001b]0;title\u0007sed'], { label: 'Stage' }),
      ],
    },
  });
  const want = state({
    properties: { tickets: [prop('tier', { label: 'Tier' }), select('stage', ['open'], { label: 'Stage' })] },
  });
  return plan(desired(want, [{ kind: 'property', objectType: 'tickets', name: 'legacy_code' }]), live);
}

function expectNoRawControl(text: string): void {
  expect(RAW.exec(text.replace(SGR, ''))?.[0]).toBeUndefined();
}

describe('hostile text in the renderers', () => {
  const hostile = hostileLivePlan();

  it('the text plan, with or without colour, keeps every line and shows the controls escaped', () => {
    for (const color of [false, true]) {
      const text = renderPlanText(hostile, { color });
      expectNoRawControl(text);
      const plain = text.replace(SGR, '');
      // the destructive archive stays on its own line, whatever the label before it holds
      expect(plain).toMatch(/^ {2}- {3}Archive property tickets\.legacy_code$/m);
      // shown once, never escaped twice by the quoting of values
      expect(plain).toContain('label: "Tier␛[1A␛[2K␍nothing to see␛[8m" -> "Tier"');
      expect(plain).toContain('⟨U+202E⟩');
      expect(plain).toContain("removes option 'clo␛]0;title␇sed'");
    }
  });

  it("the account's name from its details stays on the target's one line, escaped, in every renderer", () => {
    const account = { id: 7, name: `Acme ${HIDE_PREVIOUS_LINE}\n@octocat ${BIDI}` };
    const withTarget = { ...hostile, target: { baseUrl: 'https://crm.example.com', account } };
    for (const color of [false, true]) {
      const first = renderPlanText(withTarget, { color }).split('\n')[0]!;
      expectNoRawControl(first);
      expect(first).toBe(
        'Plan for https://crm.example.com, account 7 (Acme Tier␛[1A␛[2K␍nothing to see␛[8m␊@octocat ' +
          'Order ⟨U+202E⟩redro⟨U+202C⟩ ⟨U+2066⟩x⟨U+2069⟩)',
      );
    }
    const markdown = renderPlanMarkdown(withTarget);
    expectNoRawControl(markdown);
    const targetLine = markdown.split('\n').find((line) => line.startsWith('Target: '))!;
    expect(targetLine).toContain('@&#8203;octocat');
    expect(renderPlanJson(withTarget)).toContain('"name": "Acme Tier\\u001b[1A');
  });

  it('the JSON plan keeps the values exactly (as \\u escapes) and has no raw control', () => {
    const json = renderPlanJson(hostile);
    expectNoRawControl(json);
    const parsed = JSON.parse(json) as { changes: { meta: unknown }[] };
    expect(JSON.stringify(parsed.changes)).toContain(JSON.stringify(HIDE_PREVIOUS_LINE).slice(1, -1));
  });

  it('the dry run shows the exact bodies, terminal-safe', () => {
    const text = renderDryRunText(dryRun(hostile));
    expectNoRawControl(text);
  });

  it('the Markdown comment neutralizes controls, and mentions of users and teams outside code', () => {
    const live = state({
      properties: {
        tickets: [select('tier', ['@octocat', '@acme/security-team', 'gold'], { label: 'Tier' })],
      },
    });
    const want = state({ properties: { tickets: [select('tier', ['gold'], { label: 'Tier' })] } });
    const markdown = renderPlanMarkdown(plan(desired(want), live));
    // GitHub notifies no one for text in code blocks and code spans; everywhere else, no mention
    const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
    expect(prose).toContain('@&#8203;octocat');
    expect(prose).toContain('@&#8203;acme/security-team');
    expect(prose).not.toMatch(/@[a-z]/i);
    expectNoRawControl(renderPlanMarkdown(hostile));
  });

  it('any text: neutralize leaves no control, keeps printable text, and one-line text has no line feed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const shown = neutralize(text);
        expect(RAW.exec(shown)?.[0]).toBeUndefined();
        expect(neutralize(text, { oneLine: true })).not.toContain('\n');
        // printable text passes unchanged: every invisible character and combining mark taken out (marks
        // are kept or shown by where they sit, tested below)
        const printable = text.replace(NOT_PRINTABLE, '');
        expect(neutralize(printable)).toBe(printable);
      }),
    );
  });

  it('any text: escapeJsonText is the same value, parsed, with no raw control', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = escapeJsonText(JSON.stringify(value));
        expect(RAW.exec(text)?.[0]).toBeUndefined();
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('the rarer invisible characters too: soft hyphen, word joiner, Mongolian vowel separator, tag letters', () => {
    const sly = 'Prio\u00ADrity\u2060\u180E \u{E0041}\u{E0042}';
    expect(neutralize(sly)).toBe('Prio⟨U+00AD⟩rity⟨U+2060⟩⟨U+180E⟩ ⟨U+E0041⟩⟨U+E0042⟩');
    const json = escapeJsonText(JSON.stringify({ label: sly }));
    expect(json).toBe('{"label":"Prio\\u00adrity\\u2060\\u180e \\udb40\\udc41\\udb40\\udc42"}');
    expect(JSON.parse(json)).toEqual({ label: sly });
  });

  it('neutralizeDocument keeps keys and shape, and line feeds only in values shown quoted', () => {
    const document = { message: 'a\nb\u001b', meta: { label: 'x\ny\u0007' }, list: ['\u202E'] };
    expect(neutralizeDocument(document)).toEqual({
      message: 'a␊b␛',
      meta: { label: 'x\ny␇' },
      list: ['⟨U+202E⟩'],
    });
  });
});

describe('characters that draw as nothing, and piled-up marks', () => {
  it('shows Hangul fillers and the blank Braille pattern as stand-ins', () => {
    expect(neutralize('P1\u3164')).toBe('P1⟨U+3164⟩');
    expect(neutralize('\u115F\u1160\uFFA0\u2800')).toBe('⟨U+115F⟩⟨U+1160⟩⟨U+FFA0⟩⟨U+2800⟩');
  });

  it('keeps up to three marks on a character, shows the rest and a mark with nothing to sit on', () => {
    expect(neutralize('Cafe\u0301 \u0915\u093F')).toBe('Cafe\u0301 \u0915\u093F');
    expect(neutralize('x\u0301\u0302\u0303\u0304')).toBe('x\u0301\u0302\u0303⟨U+0304⟩');
    expect(neutralize('\u0301 label')).toBe('⟨U+0301⟩ label');
  });
});
