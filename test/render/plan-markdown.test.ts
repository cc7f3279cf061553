import { describe, expect, it } from 'vitest';
import {
  MARKDOWN_MAX_LENGTH,
  PLAN_COMMENT_MARKER,
  renderPlanMarkdown,
} from '../../src/engine/render/plan/plan-markdown.js';
import { plan } from '../../src/engine/plan/plan.js';
import { desired, select, state } from '../plan/fixtures.js';
import { bigPlan, emptyPlan, hostilePlan, reviewPlan, unmanagedOnlyPlan } from './plans.js';

/** Fences open and close in pairs, and every <details> closes before the next one opens. */
function structureProblems(markdown: string): string[] {
  const problems: string[] = [];
  let fence: string | undefined;
  let details = 0;
  markdown.split('\n').forEach((line, index) => {
    const marker = /^\s*(`{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (marker !== undefined && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      return;
    }
    if (marker !== undefined) fence = marker;
    if (line.startsWith('<details>')) {
      if (details > 0) problems.push(`line ${index + 1}: <details> inside <details>`);
      details += 1;
    }
    if (line.startsWith('</details>')) {
      if (details === 0) problems.push(`line ${index + 1}: </details> without <details>`);
      details -= 1;
    }
  });
  if (fence !== undefined) problems.push('a code block is not closed');
  if (details !== 0) problems.push('a <details> is not closed');
  return problems;
}

/** The text outside code blocks and code spans: where Markdown and HTML are parsed. */
function proseOf(markdown: string): string {
  return markdown.replace(/^ *(`{3,})[^\n]*\n[\s\S]*?^ *\1$/gm, '').replace(/(`+)[^`][\s\S]*?\1/g, '');
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe('the Markdown plan', () => {
  const review = reviewPlan();
  const markdown = renderPlanMarkdown(review);

  it('renders the review plan (snapshot)', async () => {
    await expect(markdown).toMatchFileSnapshot('./__snapshots__/review-plan.md');
    expect(structureProblems(markdown)).toStrictEqual([]);
  });

  it('starts with the marker a workflow finds its comment by, then the title and summary', () => {
    expect(markdown.split('\n').slice(0, 6)).toStrictEqual([
      PLAN_COMMENT_MARKER,
      '### crm-schema plan',
      '',
      '**Plan: 10 to create, 10 to update, 1 to replace, 1 to archive, 3 to delete, 1 to remove; 6 destructive (5 refused by policy), 4 dangerous, 1 refused with a change they depend on.**',
      '',
      '**1 error: fix it before applying this plan.**',
    ]);
    expect(PLAN_COMMENT_MARKER).toBe('<!-- crm-schema-plan -->');
  });

  it('counts changes by action and severity in a table', () => {
    expect(markdown).toContain(
      [
        '| change | safe | dangerous | destructive | total |',
        '| --- | ---: | ---: | ---: | ---: |',
        '| `+` create | 10 | 0 | 0 | 10 |',
        '| `~` update | 5 | 4 | 1 | 10 |',
        '| `-/+` replace | 0 | 0 | 1 | 1 |',
        '| `-` archive | 0 | 0 | 1 | 1 |',
        '| `-` delete | 0 | 0 | 3 | 3 |',
        '| `-` remove | 1 | 0 | 0 | 1 |',
        '| **total** | **16** | **4** | **6** | **26** |',
      ].join('\n'),
    );
  });

  it('lists destructive, then dangerous changes first, with their reasons', () => {
    const section = markdown.slice(
      markdown.indexOf('#### Needs attention'),
      markdown.indexOf('#### Warnings'),
    );
    const entries = section.split('\n').filter((l) => l.startsWith('- '));
    expect(
      entries.map((e) => /^- \*\*(!!? \w+)(?:, refused)?\*\* `[^`]+` `([^`]+)`/.exec(e)?.slice(1).join(' ')),
    ).toStrictEqual([
      '!! destructive tickets.external_id',
      '!! destructive tickets.escalation_level',
      '!! destructive event:order_shipped.weight',
      '!! destructive event:order_shipped.old_field',
      '!! destructive tickets->orders:Old order',
      '!! destructive tickets.legacy_code',
      '! dangerous tickets.sla_hours',
      '! dangerous tickets.support_tier',
      '! dangerous tickets->orders:PLATFORM_DEFINED/27',
      '! dangerous event:order_shipped.carrier',
    ]);
    expect(section).toContain(
      "- **!! destructive, refused** `~` `tickets.escalation_level`: removes option 'legacy': 412 records still hold 'legacy' (give the option that takes over in replaces to rewrite them)",
    );
    expect(markdown.indexOf('#### Needs attention')).toBeLessThan(markdown.indexOf('#### Changes'));
  });

  it('puts each object type, pair and event in a collapsed section', () => {
    expect(markdown.split('\n').filter((l) => l.startsWith('<details>'))).toStrictEqual([
      '<details><summary>tickets (13 changes, 3 destructive, 2 dangerous)</summary>',
      '<details><summary>tickets-&gt;orders (6 changes, 1 destructive, 1 dangerous)</summary>',
      '<details><summary>event:order_returned (2 changes)</summary>',
      '<details><summary>event:order_shipped (5 changes, 2 destructive, 1 dangerous)</summary>',
    ]);
  });

  it('shows field changes, word diffs and option changes in diff blocks', () => {
    expect(markdown).toContain(
      [
        '- `~` Update property `tickets.escalation_level`: description, options',
        "  - **!! destructive:** removes option 'legacy': 412 records still hold 'legacy' (give the option that takes over in replaces to rewrite them)",
        '  - **refused by policy:** destructive: deny of environment production, and tickets.escalation\\_level is not in its allow: list',
        '  - **to allow it:** add tickets.escalation\\_level to allow: of environment production, set destructive: allow there, or plan and apply with --allow-destructive',
        '  ```diff',
        '  @@ description @@',
        '  - How urgent the ticket is for the [-support team-]. Set by the first agent who reads the ticket.',
        '  + How urgent the ticket is for the {+customer+}. Set by the first agent who reads the ticket{+,↵+}',
        '  + {+and reviewed every morning+}.',
        '  @@ options @@',
        '  - legacy "Legacy" (412 records still hold it)',
        '  ! urgent: position 4 -> 1, shown again, description "" -> "Call the customer"',
        '  ! low: position 1 -> 2',
        '  ! high: label "High" -> "Very high", position 2 -> 3',
        '  + critical "Critical"',
        '  ```',
      ].join('\n'),
    );
    expect(markdown).toContain(
      ['  ```diff', '  - description: ""', '  + description: " "', '  ```'].join('\n'),
    );
  });

  it('shows at most 100 lines of one diff block', () => {
    const values = Array.from({ length: 150 }, (_, i) => `v${i}`);
    const manyOptions = plan(
      desired(state({ properties: { tickets: [select('tier', values)] } })),
      state({ properties: { tickets: [select('tier', [])] } }),
    );
    const lines = renderPlanMarkdown(manyOptions).split('\n');
    const start = lines.indexOf('  ```diff');
    const end = lines.indexOf('  ```', start);
    expect(end - start - 1).toBe(101);
    expect(lines.slice(start + 1, start + 3)).toStrictEqual(['  @@ options @@', '  + v0 "V0"']);
    expect(lines[end - 2]).toBe('  + v98 "V98"');
    expect(lines[end - 1]).toBe('  @@ … 51 more lines @@');
  });

  it('escapes Markdown and HTML in user text', () => {
    const hostile = renderPlanMarkdown(hostilePlan());
    expect(structureProblems(hostile)).toStrictEqual([]);
    // a label with backticks gets a longer code span; the pipe cannot split anything outside a table
    expect(hostile).toContain('- `+` Create association label ``tickets->orders:Order `#1` | <main>``');
    expect(hostile).toContain(
      '- `+` Create property `tickets.a_b` "\\*bold\\* \\_it\\_ \\[link\\](http://x) \\# h &lt;script>" (enumeration/select, 3 options)',
    );
    // inside a code block text is literal
    expect(hostile).toContain('  + label: "Tier | <b>gold</b> `x`"');
    expect(proseOf(hostile).match(/<(?!!-- crm-schema-plan -->|\/?details>|\/?summary>)/g)).toBeNull();
    expect(hostile).toContain('<details><summary>tickets-&gt;orders (2 changes, 1 destructive)</summary>');
  });

  it('draws the association graph of the label and limit changes, and only when the plan has some', () => {
    const graph = markdown.slice(markdown.indexOf('#### Association labels and limits'));
    expect(graph).toMatch(/^#### Association labels and limits\n\n```mermaid\nflowchart LR\n/);
    // the changed edges are marked
    expect(graph.slice(0, graph.indexOf('```\n', 10))).toMatch(/\[(new|changed|removed)\]/);
    for (const plan of [emptyPlan(), unmanagedOnlyPlan(), hostilePlan()]) {
      const text = renderPlanMarkdown(plan);
      const touches = plan.changes.some((c) => c.type.startsWith('label.') || c.type.startsWith('limit.'));
      expect(text.includes('```mermaid'), plan.changes.map((c) => c.type).join()).toBe(touches);
    }
  });

  it('says so when there is nothing to do', () => {
    expect(renderPlanMarkdown(emptyPlan())).toBe(
      `${PLAN_COMMENT_MARKER}\n### crm-schema plan\n\n**No changes. The live account matches the manifests.**\n`,
    );
  });

  it('says what is left when the only findings are live resources that no manifest names', () => {
    const markdown = renderPlanMarkdown(unmanagedOnlyPlan());
    expect(markdown).toContain(
      '**No changes to apply; the account holds 2 resources in the managed scope that no manifest names (see Warnings).**\n',
    );
    expect(markdown).toContain('#### Warnings (2)');
    expect(markdown).not.toContain('The live account matches the manifests');
  });

  it('names the target and its account when the plan has one', () => {
    const target = { baseUrl: 'https://crm.example.com', environment: 'staging' };
    const named = {
      ...target,
      account: { id: 1000001, name: 'Acme *staging*', uiDomain: 'app.example.com' },
    };
    expect(renderPlanMarkdown({ ...emptyPlan(), target: named })).toContain(
      'Target: `https://crm.example.com` (environment `staging`), account `1000001` (Acme \\*staging\\*)\n',
    );
    const hostOnly = { ...target, account: { id: 1000001, uiDomain: 'app.example.com' } };
    expect(renderPlanMarkdown({ ...emptyPlan(), target: hostOnly })).toContain(
      'Target: `https://crm.example.com` (environment `staging`), account `1000001` (app.example.com)\n',
    );
    // the account's details could not be read
    expect(renderPlanMarkdown({ ...emptyPlan(), target })).toContain(
      'Target: `https://crm.example.com` (environment `staging`), account unknown\n',
    );
  });

  it('cuts a plan of thousands of changes below 60,000 characters between whole sections', () => {
    const big = bigPlan(1500);
    const text = renderPlanMarkdown(big);
    expect(big.changes.length).toBe(4500);
    expect(MARKDOWN_MAX_LENGTH).toBe(60_000);
    expect(text.length).toBeLessThan(60_000);
    expect(text.length).toBeGreaterThan(55_000);
    expect(structureProblems(text)).toStrictEqual([]);
    expect(count(text, '<details>')).toBe(count(text, '</details>'));
    expect(count(text, '```') % 2).toBe(0);
    expect(count(text, '```')).toBeGreaterThan(100);
    // the attention list is capped; the cut section says how much of it is shown
    expect(text).toContain('- … and 2,950 more destructive or dangerous changes\n');
    expect(text).toMatch(
      /<summary>orders \(1,500 changes, 500 destructive, 500 dangerous; the first \d+ shown\)<\/summary>/,
    );
    const shown = count(text, '\n- `');
    expect(
      text.endsWith(
        `\n… ${(4500 - shown - 50).toLocaleString('en-US')} more changes not shown (the comment is limited to 60,000 characters); see the full plan in the job log or the plan artifact.\n`,
      ),
    ).toBe(true);
  });

  it('keeps within a smaller limit too, and never cuts when the plan fits', () => {
    for (const limit of [1_500, 2_500, 4_000, 6_000]) {
      const text = renderPlanMarkdown(review, { maxLength: limit });
      expect(text.length).toBeLessThan(limit);
      expect(structureProblems(text)).toStrictEqual([]);
      expect(text).toContain(`(the comment is limited to ${limit.toLocaleString('en-US')} characters)`);
    }
    expect(markdown).not.toContain('not shown');
  });
});
