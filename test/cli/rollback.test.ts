/**
 * `crm-schema rollback RECORD` through the CLI against the emulator over HTTP, in the manner of an
 * update-then-rollback test: apply v1 of a project and write records, apply v2 (a label renamed, a
 * property archived, options remapped with `replaces`, a property renamed with `renamedFrom`, a limit
 * lowered), roll back the v2 record through a saved plan that apply verifies: the plan of v1 is empty and
 * every record value is back; the rollback of that rollback makes the plan of v2 empty again. Then what a
 * rollback must refuse: what cannot be reversed (named, located), a resource changed since the apply (a
 * conflict, not overwritten), a saved rollback plan whose account moved, a record of another account.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApplyRecord } from '../../src/engine/record/shape/record-shape.js';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import { runCli } from '../helpers/cli.js';
import { validateRecord } from '../helpers/record-schema.js';
import { rollbackDigest } from '../../src/engine/rollback/rollback-check.js';
import { recordDigest } from '../../src/engine/record/record-store.js';
import { cliAgainst, writeFiles } from '../live/helpers.js';
import { liveProjectPerTest } from '../live/live-project.js';

const PROJECT = (recordValues: 'show' | 'hide') => `manifests: ['schema/*.yaml']
policy:
  destructive: allow
  recordValues: ${recordValues}
`;

const V1 = {
  'schema/tickets.yaml': `kind: Properties
objectType: tickets
properties:
  - { name: rb_level, label: Level, type: string, fieldType: text, groupName: ticketinformation }
  - { name: rb_note, label: Note, type: string, fieldType: text, groupName: ticketinformation }
  - name: rb_priority
    label: Priority
    type: enumeration
    fieldType: select
    groupName: ticketinformation
    options:
      - { label: Low, value: low }
      - { label: Urgent, value: urgent }
      - { label: Critical, value: critical }
`,
  'schema/associations.yaml': `kind: Associations
from: tickets
to: orders
types:
  - { label: Rb order, inverseLabel: Rb ticket, maxToObjectIds: 5 }
`,
  'schema/events.yaml': `kind: EventProperties
eventName: rb_shipped
definition: { label: Rb shipped, primaryObject: CONTACT }
properties:
  - { name: carrier, label: Carrier, type: string }
`,
};

const V2 = {
  'schema/tickets.yaml': `kind: Properties
objectType: tickets
properties:
  - { name: rb_tier, renamedFrom: rb_level, label: Tier, type: string, fieldType: text, groupName: ticketinformation }
  - { name: rb_note, archived: true }
  - name: rb_priority
    label: Priority
    type: enumeration
    fieldType: select
    groupName: ticketinformation
    options:
      - { label: Low, value: low }
      - { label: P1, value: p1, replaces: [urgent, critical] }
`,
  'schema/associations.yaml': `kind: Associations
from: tickets
to: orders
types:
  - { label: Rb main order, renamedFrom: Rb order, inverseLabel: Rb ticket, maxToObjectIds: 2 }
`,
  'schema/events.yaml': V1['schema/events.yaml'],
};

const live = liveProjectPerTest('crm-schema-rollback-');

const cli = (args: string[]) => cliAgainst(live.fx, live.dir)(args, { GITHUB_ACTOR: 'octo-deployer' });

async function recordFiles(): Promise<string[]> {
  return (await readdir(join(live.dir, '.crm-schema', 'applies'))).filter((f) => f.endsWith('.json')).sort();
}

async function readRecordFile(name: string): Promise<ApplyRecord> {
  return JSON.parse(await readFile(join(live.dir, '.crm-schema', 'applies', name), 'utf8')) as ApplyRecord;
}

async function values(): Promise<Record<string, Record<string, string | null>>> {
  const page = await live.fx.client.records.list('tickets', {
    properties: ['subject', 'rb_level', 'rb_tier', 'rb_note', 'rb_priority'],
    limit: 100,
  });
  const out: Record<string, Record<string, string | null>> = {};
  for (const record of page.results) {
    const p = record.properties;
    out[String(p.subject)] = {
      rb_level: p.rb_level ?? null,
      rb_tier: p.rb_tier ?? null,
      rb_note: p.rb_note ?? null,
      rb_priority: p.rb_priority ?? null,
    };
  }
  return out;
}

/** v1 applied, three records written, v2 applied: the two records' names. */
async function v1ThenV2(recordValues: 'show' | 'hide' = 'show'): Promise<[string, string]> {
  await writeFiles(live.dir, { 'crm-schema.yaml': PROJECT(recordValues), ...V1 });
  const first = await cli(['apply', '--yes']);
  expect(first.code, first.stderr).toBe(0);
  await live.fx.client.records.batchCreate('tickets', [
    { properties: { subject: 'A', rb_level: 'gold', rb_priority: 'urgent', rb_note: 'n1' } },
    { properties: { subject: 'B', rb_level: 'silver', rb_priority: 'critical' } },
    { properties: { subject: 'C', rb_priority: 'low' } },
  ]);
  await writeFiles(live.dir, V2);
  const second = await cli(['apply', '--yes']);
  expect(second.code, second.stderr).toBe(0);
  const [one, two] = await recordFiles();
  return [one!, two!];
}

/** `rollback NAME --out FILE`, then `apply FILE`: both exit 0; the rollback plan's text. */
async function rollBack(name: string, file: string): Promise<string> {
  const planned = await cli(['rollback', name, '--out', file]);
  expect(planned.code, planned.stderr).toBe(0);
  const applied = await cli(['apply', file]);
  expect(applied.code, applied.stderr).toBe(0);
  return planned.stdout;
}

async function planOf(version: Record<string, string>): Promise<{ code: number; stdout: string }> {
  await writeFiles(live.dir, version);
  return cli(['plan', '--detailed-exitcode']);
}

describe('rollback', () => {
  it('rolls v2 back to v1 through a saved plan, values and all; the rollback of that rollback gives v2 again', async () => {
    const [, v2Record] = await v1ThenV2();
    const before = {
      A: { rb_level: 'gold', rb_tier: null, rb_note: 'n1', rb_priority: 'urgent' },
      B: { rb_level: 'silver', rb_tier: null, rb_note: null, rb_priority: 'critical' },
      C: { rb_level: null, rb_tier: null, rb_note: null, rb_priority: 'low' },
    };
    expect((await values()).A).toMatchObject({ rb_tier: 'gold', rb_priority: 'p1' });

    const text = await rollBack(v2Record, 'rollback.json');
    const v2Id = v2Record.replace(/\.json$/, '');
    expect(text).toMatch(new RegExp(`Rollback of apply ${v2Id} \\(\\S+, octo-deployer`));
    expect(text).toContain('Restore archived property tickets.rb_note');
    expect(text).toContain('Rename property tickets.rb_tier -> tickets.rb_level');
    expect(text).toContain('Put back the values of tickets.rb_priority on 2 records');
    expect(text).toContain('Relabel tickets->orders: "Rb main order" -> "Rb order"');
    expect(text).toContain('Set association limit tickets->orders:Rb order to 5 (was 2)');

    const v1Plan = await planOf(V1);
    expect(v1Plan.code, v1Plan.stdout).toBe(0);
    expect(v1Plan.stdout).toContain('No changes');
    expect(await values()).toEqual(before);

    // the rollback left its own record, which says what it rolled back
    const files = await recordFiles();
    expect(files).toHaveLength(3);
    const rollbackRecord = await readRecordFile(files[2]!);
    expect(rollbackRecord.rollbackOf).toBe(v2Record.replace(/\.json$/, ''));
    expect(validateRecord(rollbackRecord), JSON.stringify(validateRecord.errors)).toBe(true);
    expect(JSON.stringify(rollbackRecord)).not.toContain(live.fx.emulator.token);
    const history = await runCli(['history'], { cwd: live.dir });
    expect(history.stdout).toContain(`rolled back by ${rollbackRecord.id}`);

    await rollBack(files[2]!, 'again.json');
    const v2Plan = await planOf(V2);
    expect(v2Plan.code, v2Plan.stdout).toBe(0);
    expect(v2Plan.stdout).toContain('No changes');
    const now = await values();
    expect(now.A).toMatchObject({ rb_tier: 'gold', rb_priority: 'p1' });
    expect(now.B).toMatchObject({ rb_tier: 'silver', rb_priority: 'p1' });
    expect(now.C).toMatchObject({ rb_priority: 'low' });
  });

  it('rolls back with manifests broken by the deploy; once done, a rollback of the same record has nothing to do', async () => {
    const [, v2Record] = await v1ThenV2();
    await writeFiles(live.dir, {
      'schema/tickets.yaml': 'kind: Properties\nobjectType: tickets\nproperties: [ {',
    });
    const planned = await cli(['rollback', v2Record, '--out', 'rollback.json']);
    expect(planned.code, planned.stderr).toBe(0);
    const applied = await cli(['apply', 'rollback.json']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stderr).toContain(
      'The manifests have errors (listed above), but rollback.json is a rollback plan, which does not use them: applying it.',
    );
    expect((await values()).A).toMatchObject({ rb_level: 'gold', rb_priority: 'urgent' });
    // a plan made from the broken manifests is still refused
    expect((await cli(['plan'])).code).toBe(1);

    const again = await cli(['rollback', v2Record]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(
      'No changes. The account is as it was before the apply this plan reverses',
    );
  });

  it('refuses what cannot be reversed, naming the change and why; --partial rolls back the rest', async () => {
    const [v1Record] = await v1ThenV2('hide');
    await writeFiles(live.dir, V1);
    // v1 created an event definition: the API cannot delete one
    const refused = await cli(['rollback', v1Record]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(
      /error ROLLBACK_IRREVERSIBLE: event:rb_shipped cannot be rolled back: the API cannot delete an event definition/,
    );
    expect(refused.stderr).toContain('--partial');

    const partial = await cli(['rollback', v1Record, '--partial', '--json']);
    expect(partial.code, partial.stderr).toBe(0);
    const plan = JSON.parse(partial.stdout) as PlanDocument;
    expect(plan.diagnostics.map((d) => [d.level, d.code, d.address])).toContainEqual([
      'warning',
      'ROLLBACK_LEFT_AS_IS',
      'event:rb_shipped',
    ]);
    expect(plan.changes.map((c) => c.id)).toContain('eventProperty.delete event:rb_shipped.carrier');
    expect(plan.rollback?.partial).toBe(true);
    const markdown = await cli(['rollback', v1Record, '--partial', '--format', 'markdown']);
    expect(markdown.stdout).toContain(`Rollback of apply \`${v1Record.replace(/\.json$/, '')}\``);
    expect(markdown.stdout).toContain('--partial');
  });

  it('puts back a checkbox list exactly, even where the remap merged two old values into one', async () => {
    const tags = (options: string) => `kind: Properties
objectType: tickets
properties:
  - name: rb_tags
    label: Tags
    type: enumeration
    fieldType: checkbox
    groupName: ticketinformation
    options: ${options}
`;
    await writeFiles(live.dir, {
      'crm-schema.yaml': PROJECT('show'),
      'schema/tickets.yaml': tags('[{ label: A, value: a }, { label: B, value: b }, { label: C, value: c }]'),
    });
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    await live.fx.client.records.batchCreate('tickets', [
      { properties: { subject: 'T1', rb_tags: 'a;b' } },
      { properties: { subject: 'T2', rb_tags: 'c;a' } },
    ]);
    await writeFiles(live.dir, {
      'schema/tickets.yaml': tags('[{ label: X, value: x, replaces: [a, b] }, { label: C, value: c }]'),
    });
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    const tagsOf = async () => {
      const page = await live.fx.client.records.list('tickets', {
        properties: ['subject', 'rb_tags'],
        limit: 100,
      });
      return Object.fromEntries(page.results.map((r) => [r.properties.subject, r.properties.rb_tags]));
    };
    expect(await tagsOf()).toEqual({ T1: 'x', T2: 'c;x' });
    const [, v2Record] = await recordFiles();
    const planned = await cli(['rollback', v2Record!, '--out', 'rollback.json']);
    expect(planned.code, planned.stderr).toBe(0);
    expect((await cli(['apply', 'rollback.json'])).code).toBe(0);
    expect(await tagsOf()).toEqual({ T1: 'a;b', T2: 'c;a' });
  });

  it('a deleted label cannot come back with its record links: refused, and left as it is with --partial', async () => {
    await writeFiles(live.dir, { 'crm-schema.yaml': PROJECT('show'), ...V1 });
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    await writeFiles(live.dir, {
      'schema/associations.yaml':
        'kind: Associations\nfrom: tickets\nto: orders\ntypes:\n  - { label: Rb order, deleted: true }\n',
    });
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    const [, deleting] = await recordFiles();
    const refused = await cli(['rollback', deleting!]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(
      'error ROLLBACK_IRREVERSIBLE: tickets->orders:Rb order cannot be rolled back: the record associations that carried it were removed with it',
    );
    const partial = await cli(['rollback', deleting!, '--partial', '--json']);
    expect(partial.code, partial.stderr).toBe(0);
    expect((JSON.parse(partial.stdout) as PlanDocument).changes).toEqual([]);
  });

  it('refuses to put back a remap of several old values when the record kept ids only (policy hides values)', async () => {
    const [, v2Record] = await v1ThenV2('hide');
    const refused = await cli(['rollback', v2Record]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(
      'error ROLLBACK_IRREVERSIBLE: tickets.rb_priority cannot be rolled back: apply record',
    );
    expect(refused.stdout).toContain('holds the records it rewrote as ids only');
    // the plan of a hidden-values rollback quotes no record value
    const json = await cli(['rollback', v2Record, '--partial', '--json']);
    expect(json.stdout).not.toMatch(/gold|silver/);
  });

  it('reports a field changed since the apply as a conflict and does not overwrite it', async () => {
    const [, v2Record] = await v1ThenV2();
    // someone relabels the renamed property and sets the limit by hand after the deploy
    await live.fx.client.properties.update('tickets', 'rb_tier', { label: 'Tier (edited)' });
    const refused = await cli(['rollback', v2Record]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(
      /error ROLLBACK_CONFLICT: tickets\.rb_tier changed since apply \S+: it holds neither what that apply left nor what was there before \(changed: label\)/,
    );

    const partial = await cli(['rollback', v2Record, '--partial', '--out', 'partial.json']);
    expect(partial.code, partial.stderr).toBe(0);
    expect(partial.stdout).not.toContain('Rename property');
    const applied = await cli(['apply', 'partial.json']);
    expect(applied.code, applied.stderr).toBe(0);
    const tier = await live.fx.client.properties.get('tickets', 'rb_tier');
    expect(tier.label).toBe('Tier (edited)');
    expect((await values()).A).toMatchObject({ rb_tier: 'gold', rb_level: null, rb_priority: 'urgent' });
  });

  it('apply verifies a saved rollback plan: an account moved since, or an edited plan, is refused', async () => {
    const [, v2Record] = await v1ThenV2();
    const planned = await cli(['rollback', v2Record, '--out', 'rollback.json']);
    expect(planned.code, planned.stderr).toBe(0);
    const saved = JSON.parse(await readFile(join(live.dir, 'rollback.json'), 'utf8')) as PlanDocument;

    // the record the plan names edited: not the plan that was reviewed
    const edited = structuredClone(saved);
    edited.rollback!.recordDigest = `sha256:${'0'.repeat(64)}`;
    await writeFile(join(live.dir, 'edited.json'), JSON.stringify(edited));
    const refusedEdit = await cli(['apply', 'edited.json']);
    expect(refusedEdit.code).toBe(1);
    expect(refusedEdit.stderr).toContain('Cannot roll back apply');
    expect(refusedEdit.stderr).toContain('edited.json names it with digest sha256:000000000000');

    // the account moved after the rollback plan was made: a field the apply changed was edited
    await live.fx.client.properties.update('tickets', 'rb_tier', { label: 'Tier (edited)' });
    const refusedMoved = await cli(['apply', 'rollback.json']);
    expect(refusedMoved.code).toBe(1);
    expect(refusedMoved.stdout + refusedMoved.stderr).toContain('ROLLBACK_CONFLICT');
    expect((await values()).A).toMatchObject({ rb_tier: 'gold', rb_priority: 'p1' });
  });

  it('puts back only the fields the apply changed: a field edited by someone since keeps its value', async () => {
    const [, v2Record] = await v1ThenV2();
    // the deploy did not change rb_priority's label; someone changes it afterwards
    await live.fx.client.properties.update('tickets', 'rb_priority', { label: 'Priority (edited)' });
    await rollBack(v2Record, 'rollback.json');
    const priority = await live.fx.client.properties.get('tickets', 'rb_priority');
    expect(priority.label).toBe('Priority (edited)');
    expect(priority.options.map((o) => o.value)).toEqual(['low', 'urgent', 'critical']);
    expect((await values()).A).toMatchObject({ rb_priority: 'urgent' });
  });

  it('a record set since the apply to an option the rollback removes stops the put-back before the options change; it resumes once fixed', async () => {
    const [, v2Record] = await v1ThenV2();
    const created = await live.fx.client.records.batchCreate('tickets', [
      { properties: { subject: 'D', rb_priority: 'p1' } },
    ]);
    const planned = await cli(['rollback', v2Record, '--out', 'rollback.json']);
    expect(planned.code, planned.stderr).toBe(0);
    const failed = await cli(['apply', 'rollback.json']);
    expect(failed.code).toBe(1);
    expect(failed.stdout + failed.stderr).toContain(
      "1 record holds 'p1' in rb_priority, set since the apply",
    );
    // the listed records are back; p1 is still offered, so record D holds a valid value
    expect((await values()).A).toMatchObject({ rb_priority: 'urgent' });
    const priority = await live.fx.client.properties.get('tickets', 'rb_priority');
    expect(priority.options.map((o) => o.value)).toContain('p1');

    await live.fx.client.records.batchUpdate('tickets', [
      { id: created.results[0]!.id, properties: { rb_priority: 'low' } },
    ]);
    const resumed = await cli(['apply', 'rollback.json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    const after = await live.fx.client.properties.get('tickets', 'rb_priority');
    expect(after.options.map((o) => o.value)).toEqual(['low', 'urgent', 'critical']);
    expect((await values()).B).toMatchObject({ rb_priority: 'critical' });
  });

  it('never removes what only shares a name with what the apply made: a label deleted and made again since', async () => {
    await writeFiles(live.dir, { 'crm-schema.yaml': PROJECT('show'), ...V1 });
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    const [v1Record] = await recordFiles();
    const labels = await live.fx.client.associations.listLabels('tickets', 'orders');
    const made = labels.find((l) => l.label === 'Rb order')!;
    await live.fx.client.associations.deleteLabel('tickets', 'orders', made.typeId);
    const again = await live.fx.client.associations.createLabel('tickets', 'orders', {
      name: 'rb_order_again',
      label: 'Rb order',
      inverseLabel: 'Rb ticket',
    });
    const run = await cli(['rollback', v1Record!, '--partial', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const plan = JSON.parse(run.stdout) as PlanDocument;
    expect(plan.changes.map((c) => c.type)).not.toContain('label.delete');
    expect(plan.changes.map((c) => c.id)).toContain('property.archive tickets.rb_level');
    const now = await live.fx.client.associations.listLabels('tickets', 'orders');
    expect(now.map((l) => l.typeId)).toContain(again[0]!.typeId);
  });

  it('refuses a hostile record before any call: too deep, or a definition of the wrong shape', async () => {
    const [, v2Record] = await v1ThenV2();
    const record = await readRecordFile(v2Record);
    // written as text: building it as a value would exhaust the test's own stack
    const deep = `${'['.repeat(10_000)}"x"${']'.repeat(10_000)}`;
    const text = JSON.stringify({ ...record, changes: [{ ...record.changes[0], after: 'DEEP' }] });
    await writeFile(join(live.dir, 'deep.json'), text.replace('"DEEP"', deep));
    const tooDeep = await cli(['rollback', 'deep.json']);
    expect(tooDeep.code).toBe(1);
    expect(tooDeep.stderr).toContain(
      'deep.json is not an apply record: it is nested more than 64 levels deep',
    );

    const wrong = structuredClone(record);
    wrong.changes[0]!.before = { name: 5 };
    await writeFile(join(live.dir, 'wrong.json'), JSON.stringify(wrong));
    const shape = await cli(['rollback', 'wrong.json']);
    expect(shape.code).toBe(1);
    expect(shape.stderr).toMatch(
      /wrong\.json is not an apply record this version of crm-schema can roll back: changes\[0\]\.before/,
    );
    for (const output of [tooDeep.stderr, shape.stderr])
      expect(output).not.toMatch(/at .*\.js:\d+|unexpected failure/);
  });

  it('apply refuses a saved rollback plan whose record names another account', async () => {
    const [, v2Record] = await v1ThenV2();
    expect((await cli(['rollback', v2Record, '--out', 'rollback.json'])).code).toBe(0);
    const saved = JSON.parse(await readFile(join(live.dir, 'rollback.json'), 'utf8')) as PlanDocument;
    // the store's record of that id says another account (and the plan names that record exactly)
    const record = await readRecordFile(v2Record);
    record.target.account = { id: 42 };
    await writeFile(join(live.dir, '.crm-schema', 'applies', v2Record), JSON.stringify(record));
    saved.rollback!.recordDigest = recordDigest(record);
    saved.manifestDigest = rollbackDigest(saved.rollback!);
    await writeFile(join(live.dir, 'other.json'), JSON.stringify(saved));
    const run = await cli(['apply', 'other.json', '--dry-run']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('records an apply to account 42');
  });

  it('refuses a record of another account, and a file that is not a record', async () => {
    const [, v2Record] = await v1ThenV2();
    // a record of another account, in the store under an id of its own
    const record = await readRecordFile(v2Record);
    record.target.account = { id: 99 };
    record.id = `${record.id.slice(0, -12)}0000000000aa`;
    await writeFile(join(live.dir, '.crm-schema', 'applies', `${record.id}.json`), JSON.stringify(record));
    const other = await cli(['rollback', record.id]);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('records an apply to account 99, but the token now reaches account');

    record.target.account = undefined;
    (record.changes[0]!.meta as Record<string, unknown>).objectType = 42;
    await writeFile(join(live.dir, 'broken.json'), JSON.stringify(record));
    const broken = await cli(['rollback', 'broken.json']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(
      /broken\.json is not an apply record this version of crm-schema can roll back: changes\[0\]\.meta\.objectType/,
    );
    expect(broken.stderr).not.toMatch(/at .*\.js:\d+/);

    const missing = await cli(['rollback', 'no-such-record']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      'Cannot roll back apply no-such-record: no apply record of that id is in the record folder',
    );
  });
});
