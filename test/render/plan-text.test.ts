import { describe, expect, it } from 'vitest';
import { renderPlanText } from '../../src/engine/render/plan/plan-text.js';
import { plan } from '../../src/engine/plan/plan.js';
import { desired, prop, state } from '../plan/fixtures.js';
import { bigPlan, emptyPlan, hostilePlan, reviewPlan, unmanagedOnlyPlan } from './plans.js';

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

describe('the text plan', () => {
  const review = reviewPlan();

  it('shows every change type, severities, word diffs, option lines and diagnostics (snapshot)', async () => {
    await expect(renderPlanText(review, { color: false })).toMatchFileSnapshot(
      './__snapshots__/review-plan.txt',
    );
  });

  it('with colour: the same text with ANSI codes (snapshot)', async () => {
    const coloured = renderPlanText(review, { color: true });
    expect(coloured).toMatch(ANSI);
    await expect(coloured).toMatchFileSnapshot('./__snapshots__/review-plan.color.txt');
  });

  it('without colour writes no escape code, and equals the coloured text stripped of its codes', () => {
    const plain = renderPlanText(review, { color: false });
    expect(plain).not.toContain('\u001b');
    // colour replaces the word-diff markers, so compare a plan without long text
    const hostile = hostilePlan();
    expect(renderPlanText(hostile, { color: true }).replace(ANSI, '')).toBe(
      renderPlanText(hostile, { color: false }),
    );
  });

  it('marks each change with its symbol and its address', () => {
    const lines = renderPlanText(review, { color: false }).split('\n');
    expect(lines).toContain('  +   Create group tickets.group:routing "Routing"');
    expect(lines).toContain('  ~   Update property tickets.score: calculationFormula');
    expect(lines).toContain(
      '  -/+ Replace property tickets.external_id (archive + create): hasUniqueValue cannot be changed in place',
    );
    expect(lines).toContain('  -   Archive property tickets.legacy_code');
    expect(lines).toContain('  -   Remove association limit tickets->orders:Old order (was 3)');
    expect(lines).toContain('  -   Delete event property event:order_shipped.old_field');
  });

  it('explains every dangerous and destructive change under it, with record counts', () => {
    const text = renderPlanText(review, { color: false });
    expect(text).toContain(
      [
        '  ~   Update property tickets.escalation_level: description, options',
        "      !! destructive: removes option 'legacy': 412 records still hold 'legacy' (give the option that takes over in replaces to rewrite them)",
      ].join('\n'),
    );
    expect(text).toContain(
      [
        '  -   Archive property tickets.legacy_code',
        '      !! destructive: archives the property: its values are no longer readable on records; 7 records hold a value',
      ].join('\n'),
    );
    expect(text).toContain(
      '      !! destructive: hasUniqueValue false -> true cannot be changed in place: the property is archived and created again, and values on records may be lost; 1 record holds a value',
    );
  });

  it('shows fields as old -> new with quoted values, so an empty string and a space differ', () => {
    const text = renderPlanText(review, { color: false });
    expect(text).toContain('      description: "" -> " "');
    expect(text).toContain('      type: "string" -> "number"');
    expect(text).toContain('      hasUniqueValue: false -> true');
  });

  it('shows a field that is not set as (unset)', () => {
    const replace = plan(
      desired(state({ properties: { tickets: [prop('ref', { referencedObjectType: 'orders' })] } })),
      state({ properties: { tickets: [prop('ref')] } }),
    );
    expect(renderPlanText(replace, { color: false }).split('\n').slice(0, 8)).toStrictEqual([
      'tickets (1 change)',
      '  -/+ Replace property tickets.ref (archive + create): referencedObjectType cannot be changed in place',
      '      !! destructive: referencedObjectType null -> "orders" cannot be changed in place: the property is archived and created again, and values on records may be lost',
      '      irreversible: referencedObjectType cannot be changed in place: the property is archived and created again, and the values it held are not brought back',
      '      refused by policy: destructive: deny of the default policy, and tickets.ref is not in its allow: list',
      '      to allow it: add tickets.ref to allow: of the default policy, set destructive: allow there, or plan and apply with --allow-destructive',
      '      referencedObjectType: (unset) -> "orders"',
      '',
    ]);
  });

  it('shows long text and formulas as a word diff', () => {
    const text = renderPlanText(review, { color: false });
    expect(text).toContain(
      [
        '      description:',
        '        How urgent the ticket is for the [-support team-]{+customer+}. Set by the first agent who reads the ticket{+,↵+}',
        '        {+and reviewed every morning+}.',
      ].join('\n'),
    );
    expect(text).toContain(
      ['      calculationFormula:', '        sla_hours * [-2-]{+3 + priority_weight+}'].join('\n'),
    );
    const coloured = renderPlanText(review, { color: true });
    expect(coloured).toContain('sla_hours * \u001b[31m2\u001b[39m\u001b[32m3 + priority_weight\u001b[39m');
  });

  it('lists option changes by value', () => {
    expect(renderPlanText(review, { color: false })).toContain(
      [
        '      options:',
        '        - legacy "Legacy" (412 records still hold it)',
        '        ~ urgent: position 4 -> 1, shown again, description "" -> "Call the customer"',
        '        ~ low: position 1 -> 2',
        '        ~ high: label "High" -> "Very high", position 2 -> 3',
        '        + critical "Critical"',
      ].join('\n'),
    );
  });

  it('groups changes by object type, association pair and event definition, in plan order', () => {
    const headings = renderPlanText(review, { color: false })
      .split('\n')
      .filter((line) => /^\S.*\(\d+ changes?\)$/.test(line));
    expect(headings).toStrictEqual([
      'tickets (13 changes)',
      'tickets->orders (6 changes)',
      'event:order_returned (2 changes)',
      'event:order_shipped (5 changes)',
    ]);
  });

  it('lists errors and warnings with their place and hint, then closes with the summary', () => {
    const text = renderPlanText(review, { color: false });
    expect(text).toContain(
      [
        'Errors:',
        '  error TOMBSTONE_CONFLICT: tickets.channel is both declared and marked archived',
        '    at schema/tickets.yaml:41:5',
        '    hint: Keep one of the two.',
      ].join('\n'),
    );
    expect(text).toContain(
      "  warning UNMANAGED_PROPERTY: tickets.support_stray is in the managed scope (prefix 'support_') but in no manifest",
    );
    expect(text.split('\n').slice(-2)).toStrictEqual([
      'Plan: 10 to create, 10 to update, 1 to replace, 1 to archive, 3 to delete, 1 to remove; 6 destructive (5 refused by policy), 4 dangerous, 1 refused with a change they depend on.',
      '1 error: fix it before applying this plan.',
    ]);
  });

  it('names the target and the account found there first, when the plan was made against one', () => {
    const target = { baseUrl: 'https://crm.example.com', environment: 'production' };
    const account = { id: 1000001, name: 'Acme', uiDomain: 'app.example.com' };
    expect(renderPlanText({ ...emptyPlan(), target: { ...target, account } }, { color: false })).toBe(
      'Plan for https://crm.example.com (environment production), account 1000001 (Acme)\n\n' +
        'No changes. The live account matches the manifests.',
    );
    const unknown = renderPlanText(
      { ...emptyPlan(), target: { baseUrl: 'https://crm.example.com' } },
      {
        color: false,
      },
    );
    expect(unknown.split('\n')[0]).toBe('Plan for https://crm.example.com, account unknown');
  });

  it('says so when there is nothing to do', () => {
    expect(renderPlanText(emptyPlan(), { color: false })).toBe(
      'No changes. The live account matches the manifests.',
    );
  });

  it('says what is left when the only findings are live resources that no manifest names', () => {
    const lines = renderPlanText(unmanagedOnlyPlan(), { color: false }).split('\n');
    expect(lines[0]).toBe('Warnings:');
    expect(lines.at(-1)).toBe(
      'No changes to apply; the account holds 2 resources in the managed scope that no manifest names (see Warnings).',
    );
  });

  it('shows every change of a big plan: the full plan lives in the job log', () => {
    const big = bigPlan(300);
    const lines = renderPlanText(big, { color: false }).split('\n');
    expect(big.changes.length).toBe(900);
    expect(lines.filter((l) => l.startsWith('  +   Create property')).length).toBe(300);
    expect(lines[lines.length - 1]).toBe(
      'Plan: 300 to create, 300 to update, 300 to archive; 300 destructive, 300 dangerous.',
    );
  });
});
