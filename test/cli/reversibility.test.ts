/**
 * Reversibility in the plan, through the CLI against the emulator over HTTP: every change of a plan says
 * whether `crm-schema rollback` can reverse it once applied, and why not. What the plan says is what a
 * rollback of its apply then does: a project changed by one change of every kind (and the rollback of that
 * rollback, for the kinds only a rollback makes) is planned, applied and rolled back, and the changes the
 * plan calls irreversible are exactly those the rollback refuses as `ROLLBACK_IRREVERSIBLE`, under a policy
 * that hides record values and one that shows them. An option merge says it in text, Markdown and JSON, a
 * saved plan carries it (edited, it is refused), and `policy.irreversible: deny` refuses it before any
 * write unless `allow:` or `--allow-irreversible` lets it through.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import { changeTypes } from '../../src/engine/plan/kinds/registry.js';
import { cliAgainst, writeFiles } from '../live/helpers.js';
import { liveProjectPerTest } from '../live/live-project.js';

const live = liveProjectPerTest('crm-schema-reversibility-');

const cli = (args: string[]) => cliAgainst(live.fx, live.dir)(args);

/** The emulator's whole state as text: equal before and after means nothing was written. */
const stateText = () => JSON.stringify(live.fx.emulator.state);

async function recordFiles(): Promise<string[]> {
  return (await readdir(join(live.dir, '.crm-schema', 'applies'))).sort();
}

async function planJson(args: string[] = []): Promise<{ code: number; plan: PlanDocument }> {
  const run = await cli(['plan', '--json', ...args]);
  return { code: run.code, plan: JSON.parse(run.stdout) as PlanDocument };
}

/** The addresses of the changes a plan says a rollback cannot reverse. */
function irreversibleIn(plan: PlanDocument): string[] {
  return [...new Set(plan.changes.filter((c) => !c.reversal.reversible).map((c) => c.address))].sort();
}

/** The addresses a rollback of `record` refuses as irreversible (its errors, nothing saved). */
async function refusedByRollback(record: string): Promise<string[]> {
  const run = await cli(['rollback', record, '--json']);
  const plan = JSON.parse(run.stdout) as PlanDocument;
  const refused = plan.diagnostics.filter((d) => d.code === 'ROLLBACK_IRREVERSIBLE');
  // nothing else stands in the way: no conflict, no other error
  expect(plan.diagnostics.filter((d) => d.level === 'error' && d.code !== 'ROLLBACK_IRREVERSIBLE')).toEqual(
    [],
  );
  expect(run.code).toBe(refused.length > 0 ? 1 : 0);
  return [...new Set(refused.map((d) => d.address ?? ''))].sort();
}

const PROJECT = (recordValues: 'show' | 'hide', policy = '') => `manifests: ['schema/*.yaml']
policy:
  destructive: allow
  recordValues: ${recordValues}
${policy}`;

const select = (name: string, label: string, options: string, fieldType = 'select') => `  - name: ${name}
    label: ${label}
    type: enumeration
    fieldType: ${fieldType}
    groupName: eq_routing
    options: ${options}
`;

/** v1: what v2 changes, one change of every kind a plan of the manifests makes. */
const V1 = {
  'schema/tickets.yaml': `kind: Properties
objectType: tickets
groups:
  - { name: eq_routing, label: Routing }
  - { name: eq_spare, label: Spare }
properties:
  - { name: eq_level, label: Level, type: string, fieldType: text, groupName: eq_routing }
  - { name: eq_note, label: Note, type: string, fieldType: text, groupName: eq_routing }
  - { name: eq_code, label: Code, type: string, fieldType: text, groupName: eq_routing }
  - { name: eq_count, label: Count, type: string, fieldType: text, groupName: eq_routing }
${select('eq_prio', 'Priority', '[{ label: Low, value: low }, { label: Urgent, value: urgent }, { label: Critical, value: critical }]')}${select('eq_single', 'Single', '[{ label: X, value: x }, { label: Y, value: y }]')}${select('eq_tags', 'Tags', '[{ label: A, value: a }, { label: B, value: b }, { label: C, value: c }]', 'checkbox')}`,
  'schema/associations.yaml': `kind: Associations
from: tickets
to: orders
types:
  - { label: Eq order, inverseLabel: Eq ticket, maxToObjectIds: 5 }
  - { label: Eq gone }
  - { label: Eq capped, maxToObjectIds: 3 }
`,
  'schema/shipped.yaml': `kind: EventProperties
eventName: eq_shipped
definition: { label: Eq shipped, primaryObject: CONTACT }
properties:
  - { name: carrier, label: Carrier, type: string }
  - { name: weight, label: Weight, type: string }
  - { name: old_field, label: Old field, type: string }
`,
};

const V2 = {
  'schema/tickets.yaml': `kind: Properties
objectType: tickets
groups:
  - { name: eq_routing, label: Routing rules }
  - { name: eq_spare, archived: true }
  - { name: eq_fresh_group, label: Fresh }
properties:
  - { name: eq_tier, renamedFrom: eq_level, label: Tier, type: string, fieldType: text, groupName: eq_routing }
  - { name: eq_note, archived: true }
  - { name: eq_code, label: Code, type: string, fieldType: text, groupName: eq_routing, hasUniqueValue: true }
  - { name: eq_count, label: Count, type: number, fieldType: number, groupName: eq_routing }
  - { name: eq_fresh, label: Fresh, type: string, fieldType: text, groupName: eq_fresh_group }
  - { name: eq_old, label: Old, type: string, fieldType: text, groupName: eq_routing }
${select('eq_prio', 'Priority', '[{ label: Low, value: low }, { label: P1, value: p1, replaces: [urgent, critical] }]')}${select('eq_single', 'Single', '[{ label: Z, value: z, replaces: [x] }, { label: Y, value: y }]')}${select('eq_tags', 'Tags', '[{ label: X, value: x, replaces: [a] }, { label: B, value: b }, { label: C, value: c }]', 'checkbox')}`,
  'schema/associations.yaml': `kind: Associations
from: tickets
to: orders
types:
  - { label: Eq main order, renamedFrom: Eq order, inverseLabel: Eq ticket, maxToObjectIds: 2 }
  - { label: Eq gone, deleted: true }
  - { label: Eq capped }
  - { label: Eq new }
`,
  'schema/shipped.yaml': `kind: EventProperties
eventName: eq_shipped
definition: { label: Eq shipped (v2), primaryObject: CONTACT }
properties:
  - { name: carrier, label: Carrier name, type: string }
  - { name: weight, label: Weight, type: number }
  - { name: old_field, deleted: true }
  - { name: tracking, label: Tracking, type: string }
`,
  'schema/returned.yaml': `kind: EventProperties
eventName: eq_returned
definition: { label: Eq returned, primaryObject: CONTACT }
properties:
  - { name: reason, label: Reason, type: string }
`,
};

/** v1 applied, records written, a property archived by hand (v2 declares it again): the v2 plan. */
async function v1ThenV2Plan(recordValues: 'show' | 'hide'): Promise<PlanDocument> {
  await writeFiles(live.dir, { 'crm-schema.yaml': PROJECT(recordValues), ...V1 });
  const first = await cli(['apply', '--yes']);
  expect(first.code, first.stderr).toBe(0);
  const created = await live.fx.client.records.batchCreate('tickets', [
    { properties: { subject: 'T1', eq_level: 'gold', eq_prio: 'urgent', eq_single: 'x', eq_tags: 'a;b' } },
    { properties: { subject: 'T2', eq_prio: 'critical', eq_single: 'y', eq_tags: 'c' } },
  ]);
  expect(created.errors).toEqual([]);
  await live.fx.client.properties.create('tickets', {
    name: 'eq_old',
    label: 'Old',
    type: 'string',
    fieldType: 'text',
    groupName: 'eq_routing',
  });
  await live.fx.client.properties.archive('tickets', 'eq_old');
  await writeFiles(live.dir, V2);
  const { code, plan } = await planJson();
  expect(code, JSON.stringify(plan.diagnostics)).toBe(0);
  return plan;
}

describe('what the plan says a rollback can reverse is what the rollback does', () => {
  for (const recordValues of ['hide', 'show'] as const) {
    it(`for every kind of change, with recordValues: ${recordValues}`, async () => {
      const plan = await v1ThenV2Plan(recordValues);
      const kinds = new Set(plan.changes.map((c) => c.type));
      const planned = irreversibleIn(plan);
      // an option merge, or a checkbox remap, is put back only from the values the record keeps
      const merges = recordValues === 'hide' ? ['tickets.eq_prio', 'tickets.eq_tags'] : [];
      expect(planned).toEqual(
        [
          'event:eq_returned',
          'event:eq_shipped.old_field',
          'event:eq_shipped.weight',
          'tickets->orders:Eq gone',
          'tickets.eq_code',
          ...merges,
        ].sort(),
      );
      for (const change of plan.changes)
        expect(change.reversal.reversible ? undefined : change.reversal.why, change.id).not.toBe('');

      const applied = await cli(['apply', '--yes']);
      expect(applied.code, applied.stderr).toBe(0);
      const [, v2Record] = await recordFiles();
      expect(await refusedByRollback(v2Record!)).toEqual(planned);

      // the rollback's own plan says the same of its changes: rolled back in turn (what --partial
      // leaves as it is aside), its rollback refuses exactly what it calls irreversible
      const partial = await cli(['rollback', v2Record!, '--partial', '--out', 'rollback.json', '--json']);
      expect(partial.code, partial.stderr).toBe(0);
      const rollbackPlan = JSON.parse(partial.stdout) as PlanDocument;
      for (const change of rollbackPlan.changes) kinds.add(change.type);
      const undo = await cli(['apply', 'rollback.json']);
      expect(undo.code, undo.stderr).toBe(0);
      const [, , rollbackRecord] = await recordFiles();
      expect(await refusedByRollback(rollbackRecord!)).toEqual(irreversibleIn(rollbackPlan));

      // every kind was planned, applied and rolled back here
      expect([...kinds].sort()).toEqual([...changeTypes()].sort());
    });
  }
});

const PRIORITY = (options: string) => `kind: Properties
objectType: tickets
properties:
${select('rb_priority', 'Priority', options).replace('groupName: eq_routing', 'groupName: ticketinformation')}`;

const MERGED = PRIORITY(
  '[{ label: Low, value: low }, { label: P1, value: p1, replaces: [urgent, critical] }]',
);

const WHY =
  "several old values go to one, and the apply record keeps the records' ids only (the target's policy hides record values): a rollback cannot tell which value each record held";

/** The priority property with its three options applied, two records holding the options merged later. */
async function beforeMerge(policy = ''): Promise<void> {
  await writeFiles(live.dir, {
    'crm-schema.yaml': PROJECT('hide', policy),
    'schema/tickets.yaml': PRIORITY(
      '[{ label: Low, value: low }, { label: Urgent, value: urgent }, { label: Critical, value: critical }]',
    ),
  });
  expect((await cli(['apply', '--yes'])).code).toBe(0);
  await live.fx.client.records.batchCreate('tickets', [
    { properties: { subject: 'A', rb_priority: 'urgent' } },
    { properties: { subject: 'B', rb_priority: 'critical' } },
  ]);
  await writeFiles(live.dir, { 'schema/tickets.yaml': MERGED });
}

async function priorities(): Promise<string[]> {
  const page = await live.fx.client.records.list('tickets', { properties: ['rb_priority'], limit: 100 });
  return page.results.map((r) => String(r.properties.rb_priority)).sort();
}

describe('an option merge', () => {
  it('is shown irreversible, with why, in text, Markdown and JSON', async () => {
    await beforeMerge();
    const text = await cli(['plan']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      [
        "  ~   Remap options of tickets.rb_priority: 'urgent' and 'critical' -> 'p1' (records rewritten, then the old options retired)",
        `      irreversible: ${WHY}`,
      ].join('\n'),
    );
    const markdown = await cli(['plan', '--format', 'markdown']);
    expect(markdown.stdout).toContain(
      '#### Irreversible (1)\n\nOnce applied, `crm-schema rollback` cannot reverse these:\n\n' +
        `- \`~\` \`tickets.rb_priority\`: ${WHY}\n`,
    );
    expect(markdown.stdout).toContain(`  - **irreversible:** ${WHY}\n`);
    // above the collapsed details, where a reviewer sees it without opening anything
    expect(markdown.stdout.indexOf('#### Irreversible')).toBeLessThan(markdown.stdout.indexOf('<details>'));
    const { plan } = await planJson();
    expect(plan.changes.map((c) => [c.id, c.reversal])).toEqual([
      ['property.remap tickets.rb_priority', { reversible: false, why: WHY }],
    ]);
  });

  it('a saved plan carries it: one whose statement was edited is refused before any write', async () => {
    await beforeMerge();
    const saved = await cli(['plan', '--out', 'plan.json']);
    expect(saved.code, saved.stderr).toBe(0);
    const plan = JSON.parse(await readFile(join(live.dir, 'plan.json'), 'utf8')) as PlanDocument;
    expect(plan.changes[0]!.reversal).toEqual({ reversible: false, why: WHY });
    plan.changes[0]!.reversal = { reversible: true };
    await writeFile(join(live.dir, 'edited.json'), JSON.stringify(plan));
    const before = stateText();
    const refused = await cli(['apply', 'edited.json']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `property.remap tickets.rb_priority: reversal: the plan says reversible, now irreversible (${WHY})`,
    );
    expect(stateText()).toBe(before);
  });

  it('with irreversible: deny, apply refuses it before any write; allow: or --allow-irreversible lets it through', async () => {
    await beforeMerge('  irreversible: deny\n');
    const { code, plan } = await planJson();
    expect(code).toBe(1);
    expect(plan.changes[0]!.policy).toEqual({
      decision: 'refuse',
      rule: 'irreversible',
      reason: 'irreversible: deny of the project, and tickets.rb_priority is not in its allow: list',
      allow:
        'add tickets.rb_priority to allow: of the project, set irreversible: allow there, or plan and apply with --allow-irreversible',
    });
    const text = await cli(['plan']);
    expect(text.stdout).toContain(
      '      refused by policy: irreversible: deny of the project, and tickets.rb_priority is not in its allow: list',
    );

    const before = stateText();
    for (const flags of [[], ['--allow-destructive', '--allow-dangerous']]) {
      const refused = await cli(['apply', '--yes', ...flags]);
      expect(refused.code, refused.stdout).toBe(1);
      expect(refused.stderr).toContain(
        'property.remap tickets.rb_priority: refused by policy: irreversible: deny of the project',
      );
      expect(refused.stderr).toContain('--allow-irreversible');
    }
    expect(stateText()).toBe(before);
    expect(await priorities()).toEqual(['critical', 'urgent']);

    // allowed by name: the plan applies it, and says why
    await writeFiles(live.dir, {
      'crm-schema.yaml': PROJECT('hide', '  irreversible: deny\n  allow: [tickets.rb_priority]\n'),
    });
    const named = await planJson();
    expect(named.code).toBe(0);
    expect(named.plan.changes[0]!.policy).toMatchObject({
      decision: 'apply',
      rule: 'allowed-by-name',
      reason: 'irreversible, allowed by name in allow: of the project',
    });

    // the flag: a plan saved with it needs it on apply too, then applies
    await writeFiles(live.dir, { 'crm-schema.yaml': PROJECT('hide', '  irreversible: deny\n') });
    const saved = await cli(['plan', '--allow-irreversible', '--out', 'plan.json']);
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stdout).toContain('allowed: irreversible, allowed by --allow-irreversible');
    const without = await cli(['apply', 'plan.json']);
    expect(without.code).toBe(1);
    expect(without.stderr).toContain('plan.json was made with --allow-irreversible');
    expect(stateText()).toBe(before);
    const applied = await cli(['apply', 'plan.json', '--allow-irreversible']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(await priorities()).toEqual(['p1', 'p1']);
    expect((await planJson()).plan.changes).toEqual([]);
  });
});
