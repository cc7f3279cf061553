/**
 * Finished renames stay finished, through the CLI against the emulator over HTTP:
 *
 * - a revert of a finished rename (the manifests declare the old name again, and not the new one) does not
 *   restore the old property with the values from before the rename: the plan marks it dangerous and
 *   refuses it until the manifests decide, saying where the newer values are; drift says the same. The
 *   rename the other way round (`renamedFrom` on the old name) brings the newer values back;
 * - a rename rolled back (`crm-schema rollback`) can be applied again: its new name, archived by the
 *   rollback with the mark of a rename to the old name, is restored and the values copied over the stale
 *   ones it held; a value the old name never held is a conflict, left until `onConflict` decides; a run
 *   stopped after the restore resumes as this rename.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import type { DriftDocument } from '../../src/engine/drift/drift-report.js';
import { cliAgainst, writeFiles } from '../live/helpers.js';
import { liveProjectPerTest } from '../live/live-project.js';

const live = liveProjectPerTest('crm-schema-finished-renames-');

const cli = (args: string[]) => cliAgainst(live.fx, live.dir)(args);

const PROJECT = `manifests: ['schema/*.yaml']\n`;

const tickets = (properties: string) => `kind: Properties\nobjectType: tickets\nproperties:\n${properties}`;

const entry = (name: string, label: string, extra = '') =>
  `  - { name: ${name}, label: ${label}, type: number, fieldType: number, groupName: ticketinformation${extra} }\n`;

/** The emulator's whole state as text: equal before and after means nothing was written. */
const stateText = () => JSON.stringify(live.fx.emulator.state);

async function planJson(): Promise<{ code: number; plan: PlanDocument }> {
  const run = await cli(['plan', '--json']);
  return { code: run.code, plan: JSON.parse(run.stdout) as PlanDocument };
}

/** Each record's value of the active property `name`, by subject. */
async function valuesOf(name: string): Promise<Record<string, string | undefined>> {
  const page = await live.fx.client.records.list('tickets', { properties: ['subject', name], limit: 100 });
  const value = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? undefined : v);
  return Object.fromEntries(
    page.results.map((r) => [String(r.properties.subject), value(r.properties[name])]),
  );
}

async function setValue(subject: string, name: string, value: string): Promise<void> {
  const page = await live.fx.client.records.list('tickets', { properties: ['subject'], limit: 100 });
  const record = page.results.find((r) => r.properties.subject === subject)!;
  await live.fx.client.records.update('tickets', record.id, { [name]: value });
}

async function archivedDescription(name: string): Promise<string> {
  const property = await live.fx.client.properties.get('tickets', name, { archived: true });
  expect(property.archived).toBe(true);
  return property.description;
}

describe('a revert of a finished rename', () => {
  it('is not a plain restore: dangerous, refused until you decide, nothing written, drift says it; the rename the other way round brings the newer values back', async () => {
    await writeFiles(live.dir, {
      'crm-schema.yaml': PROJECT,
      'schema/tickets.yaml': tickets(entry('support_seats', 'Seats')),
    });
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    await live.fx.client.records.batchCreate('tickets', [
      { properties: { subject: 'T1', support_seats: '5' } },
      { properties: { subject: 'T2', support_seats: '10' } },
    ]);
    const withRename = tickets(entry('support_seat_count', 'Seat count', ', renamedFrom: support_seats'));
    await writeFiles(live.dir, { 'schema/tickets.yaml': withRename });
    const renamed = await cli(['apply', '--yes']);
    expect(renamed.code, renamed.stderr).toBe(0);
    expect(await archivedDescription('support_seats')).toBe('crm-schema: renamed to support_seat_count');
    await setValue('T1', 'support_seat_count', '99');

    // the commit without the rename is deployed: support_seats declared again, support_seat_count not
    await writeFiles(live.dir, { 'schema/tickets.yaml': tickets(entry('support_seats', 'Seats')) });
    const { code, plan } = await planJson();
    expect(code).toBe(1);
    expect(plan.changes).toHaveLength(1);
    const [restore] = plan.changes;
    expect(restore).toMatchObject({
      type: 'property.restore',
      address: 'tickets.support_seats',
      message:
        'Restore archived property tickets.support_seats "Seats" (number/number), with the values records held before it was renamed to tickets.support_seat_count',
      severity: 'dangerous',
      reason:
        'the rename to tickets.support_seat_count archived it: the values it brings back are those from before that rename, and the values written since are on tickets.support_seat_count',
      policy: {
        decision: 'refuse',
        rule: 'conflict',
        reason:
          'tickets.support_seats was renamed to tickets.support_seat_count by a rename that finished: restoring it brings back the values records held before the rename, while the values written since are on tickets.support_seat_count',
      },
    });
    expect(restore!.policy.allow).toContain('declare support_seats with renamedFrom: support_seat_count');
    expect(restore!.policy.allow).toContain('crm-schema rollback RECORD');
    const text = await cli(['plan']);
    expect(text.stdout).toContain('      ! dangerous: the rename to tickets.support_seat_count archived it');
    expect(text.stdout).toContain('      refused until you decide: tickets.support_seats was renamed to');
    expect(text.stdout).toContain(
      '      to decide: to bring the values of tickets.support_seat_count back under',
    );

    // no allowance silences it: nothing is written
    const before = stateText();
    for (const flags of [['--yes'], ['--yes', '--allow-destructive', '--allow-dangerous']]) {
      const refused = await cli(['apply', ...flags]);
      expect(refused.code, refused.stdout).toBe(1);
      expect(refused.stderr).toContain('refused until you decide');
    }
    expect(stateText()).toBe(before);

    const drift = await cli(['drift', '--json']);
    expect(drift.code, drift.stderr).toBe(2);
    const report = JSON.parse(drift.stdout) as DriftDocument;
    expect(report.missing).toEqual([
      {
        address: 'tickets.support_seats',
        kind: 'property',
        note: 'archived by the rename to tickets.support_seat_count, which finished: restoring it brings back the values from before the rename (newer values are on tickets.support_seat_count)',
      },
    ]);
    const driftText = await cli(['drift']);
    expect(driftText.stdout).toContain(
      '+ tickets.support_seats (property): declared, not in the account; archived by the rename to tickets.support_seat_count',
    );

    // the decision: the rename the other way round copies the newer values back
    await writeFiles(live.dir, {
      'schema/tickets.yaml': tickets(entry('support_seats', 'Seats', ', renamedFrom: support_seat_count')),
    });
    const back = await planJson();
    expect(back.code).toBe(0);
    expect(back.plan.changes.map((c) => [c.id, c.message, c.policy.decision])).toEqual([
      [
        'property.rename tickets.support_seats',
        'Rename property tickets.support_seat_count -> tickets.support_seats: restore tickets.support_seats (archived when it was renamed to support_seat_count), copy every value over the ones it held then, archive the old',
        'apply',
      ],
    ]);
    const applied = await cli(['apply', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(await valuesOf('support_seats')).toEqual({ T1: '99', T2: '10' });
    expect(await archivedDescription('support_seat_count')).toBe('crm-schema: renamed to support_seats');
    const seats = await live.fx.client.properties.get('tickets', 'support_seats');
    expect(seats.description).toBe('');
    expect((await planJson()).plan.changes).toEqual([]);
  });
});

const V1 = tickets(
  `  - { name: rb_level, label: Level, type: string, fieldType: text, groupName: ticketinformation }\n`,
);
const V2 = tickets(
  `  - { name: rb_tier, renamedFrom: rb_level, label: Tier, type: string, fieldType: text, groupName: ticketinformation }\n`,
);

async function recordFiles(): Promise<string[]> {
  return (await readdir(join(live.dir, '.crm-schema', 'applies'))).sort();
}

/** v1 with three records, the rename applied, one record's new value edited, the rename rolled back. */
async function renamedThenRolledBack(): Promise<void> {
  await writeFiles(live.dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': V1 });
  expect((await cli(['apply', '--yes'])).code).toBe(0);
  await live.fx.client.records.batchCreate('tickets', [
    { properties: { subject: 'A', rb_level: 'gold' } },
    { properties: { subject: 'B', rb_level: 'silver' } },
    { properties: { subject: 'C' } },
  ]);
  await writeFiles(live.dir, { 'schema/tickets.yaml': V2 });
  expect((await cli(['apply', '--yes'])).code).toBe(0);
  // written under the new name before the rollback, which carries it back to the old name
  await setValue('B', 'rb_tier', 'platinum');
  const [, renameRecord] = await recordFiles();
  const planned = await cli(['rollback', renameRecord!, '--out', 'rollback.json']);
  expect(planned.code, planned.stderr).toBe(0);
  expect(planned.stdout).toContain('Rename property tickets.rb_tier -> tickets.rb_level');
  const undone = await cli(['apply', 'rollback.json']);
  expect(undone.code, undone.stderr).toBe(0);
  expect(await valuesOf('rb_level')).toEqual({ A: 'gold', B: 'platinum', C: undefined });
  expect(await archivedDescription('rb_tier')).toBe('crm-schema: renamed to rb_level');
}

describe('a rename rolled back', () => {
  it('is applied again: the new name restored, the values of the old name copied over the stale ones; the plan after is empty', async () => {
    await renamedThenRolledBack();
    // written under the old name after the rollback: newer than what the archived new name holds
    await setValue('A', 'rb_level', 'diamond');
    await setValue('B', 'rb_level', 'emerald');

    const { code, plan } = await planJson();
    expect(code, JSON.stringify(plan.diagnostics)).toBe(0);
    expect(plan.diagnostics.map((d) => d.code)).not.toContain('RENAME_BLOCKED');
    expect(plan.changes).toHaveLength(1);
    const [rename] = plan.changes;
    expect(rename).toMatchObject({
      id: 'property.rename tickets.rb_tier',
      message:
        'Rename property tickets.rb_level -> tickets.rb_tier: restore tickets.rb_tier (archived when it was renamed to rb_level), copy every value over the ones it held then, archive the old',
      severity: 'dangerous',
      policy: { decision: 'apply' },
      reversal: { reversible: true },
    });
    expect(rename!.reason).toContain(
      'tickets.rb_tier comes back with the values it held when it was renamed to rb_level, which that rename carried to rb_level: the values of rb_level are copied over them',
    );

    const applied = await cli(['apply', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    // B's stale value was written under the new name by hand, then carried to the old name by the
    // rollback: carried over, not a conflict
    expect(await valuesOf('rb_tier')).toEqual({ A: 'diamond', B: 'emerald', C: undefined });
    expect(await archivedDescription('rb_level')).toBe('crm-schema: renamed to rb_tier');
    expect((await live.fx.client.properties.get('tickets', 'rb_tier')).description).toBe('');
    const after = await cli(['plan']);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).toContain('No changes. The live account matches the manifests.');
  });

  it('a value the old name never held is a conflict: the copy leaves it and stops before the archive; the next plan counts it and waits for onConflict', async () => {
    await renamedThenRolledBack();
    // someone restores the new name by hand (its mark kept), writes a value there, and archives it again
    const archived = await live.fx.client.properties.get('tickets', 'rb_tier', { archived: true });
    await live.fx.client.properties.create('tickets', {
      name: 'rb_tier',
      label: archived.label,
      type: 'string',
      fieldType: 'text',
      groupName: 'ticketinformation',
      description: archived.description,
    });
    await setValue('C', 'rb_tier', 'handmade');
    await setValue('C', 'rb_level', 'bronze');
    await live.fx.client.properties.archive('tickets', 'rb_tier');

    // an archived property's values cannot be read: the plan says the copy finds such values
    const { plan } = await planJson();
    expect(plan.changes[0]!.reason).toContain(
      'archived, they cannot be read before: a value rb_level never held stops the copy before the archive',
    );
    const stopped = await cli(['apply', '--yes']);
    expect(stopped.code).toBe(1);
    expect(stopped.stdout + stopped.stderr).toContain(
      '1 records hold a value in rb_tier that the copy did not write and that differs from rb_level',
    );
    // every other value copied, the conflict left alone, the old name not archived
    expect(await valuesOf('rb_tier')).toEqual({ A: 'gold', B: 'platinum', C: 'handmade' });
    expect(await valuesOf('rb_level')).toEqual({ A: 'gold', B: 'platinum', C: 'bronze' });

    // resumed: the conflict counted, refused until the manifest decides
    const resumed = await planJson();
    expect(resumed.code).toBe(1);
    expect(resumed.plan.changes[0]!.message).toContain('(resumed)');
    expect(resumed.plan.changes[0]!.policy).toMatchObject({ decision: 'refuse', rule: 'conflict' });
    expect(resumed.plan.changes[0]!.policy.reason).toContain(
      '1 record holds a value in tickets.rb_tier that the copy did not write and that differs from rb_level',
    );
    await writeFiles(live.dir, {
      'schema/tickets.yaml': V2.replace('renamedFrom: rb_level,', 'renamedFrom: rb_level, onConflict: keep,'),
    });
    const kept = await cli(['apply', '--yes']);
    expect(kept.code, kept.stderr).toBe(0);
    expect(await valuesOf('rb_tier')).toEqual({ A: 'gold', B: 'platinum', C: 'handmade' });
    expect(await archivedDescription('rb_level')).toBe('crm-schema: renamed to rb_tier');
    expect((await planJson()).plan.changes).toEqual([]);
  });

  it('a run stopped after the restore resumes as this rename, never as a finished one', async () => {
    await renamedThenRolledBack();
    await setValue('A', 'rb_level', 'diamond');
    // the rename's first request ran, nothing after it: the new name restored, its mark kept
    await live.fx.client.properties.create('tickets', {
      name: 'rb_tier',
      label: 'Tier',
      type: 'string',
      fieldType: 'text',
      groupName: 'ticketinformation',
      description: 'crm-schema: renamed to rb_level',
    });
    const { code, plan } = await planJson();
    expect(code, JSON.stringify(plan.changes.map((c) => c.policy))).toBe(0);
    expect(plan.changes.map((c) => [c.id, c.message])).toEqual([
      [
        'property.rename tickets.rb_tier',
        'Rename property tickets.rb_level -> tickets.rb_tier: copy the values left, archive the old (resumed)',
      ],
    ]);
    const applied = await cli(['apply', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(await valuesOf('rb_tier')).toEqual({ A: 'diamond', B: 'platinum', C: undefined });
    expect((await live.fx.client.properties.get('tickets', 'rb_tier')).description).toBe('');
    expect((await planJson()).plan.changes).toEqual([]);
  });
});
