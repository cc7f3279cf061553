/**
 * Data steps never run twice and never write over a value they did not write, through the CLI against
 * the emulator over HTTP: a finished rename whose old name comes back is reported (plan, apply, drift),
 * never copied again; a rename to resume meets a value someone else wrote to the new property and stops
 * until the manifest decides (`onConflict`); a remapped option shown again is reported, not rewritten.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApplyReport } from '../../src/engine/apply/types.js';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import { runCli } from '../helpers/cli.js';
import { proxyTo } from '../helpers/proxy.js';
import { liveFixture, removeDir, tempDir, writeFiles, type LiveFixture } from '../live/helpers.js';

const PROJECT = `manifests: ['schema/**/*.yaml']\n`;
const ALL_FLAGS = ['--yes', '--allow-destructive', '--allow-dangerous'];

function tickets(properties: string): string {
  return `kind: Properties\nobjectType: tickets\nproperties:\n${properties}`;
}

const RENAME_ENTRY = `  - name: support_tier
    renamedFrom: support_level
    label: Support tier
    type: string
    fieldType: text
    groupName: ticketinformation
`;

let fx: LiveFixture;
let dir: string;

beforeEach(async () => {
  fx = await liveFixture();
  dir = await tempDir('crm-schema-data-steps-');
});
afterEach(async () => {
  await fx.close();
  await removeDir(dir);
});

function cli(args: string[]) {
  return runCli([...args, '--base-url', fx.emulator.url], {
    cwd: dir,
    env: { CRM_ACCESS_TOKEN: fx.emulator.token, CRM_BASE_URL: '' },
  });
}

async function planJson(): Promise<{ code: number; plan: PlanDocument }> {
  const run = await cli(['plan', '--json']);
  return { code: run.code, plan: JSON.parse(run.stdout) as PlanDocument };
}

/** The emulator's whole state as text: equal before and after means nothing was written. */
function stateText(): string {
  return JSON.stringify(fx.emulator.state);
}

async function createSupportLevel(description?: string): Promise<void> {
  await fx.client.properties.create('tickets', {
    name: 'support_level',
    label: 'Support level',
    type: 'string',
    fieldType: 'text',
    groupName: 'ticketinformation',
    ...(description === undefined ? {} : { description }),
  });
}

/** Three tickets holding `gold`, `silver`, `bronze` in support_level; their ids. */
async function seedTickets(): Promise<string[]> {
  await createSupportLevel();
  const created = await fx.client.records.batchCreate(
    'tickets',
    ['gold', 'silver', 'bronze'].map((value, i) => ({
      properties: { subject: `T${i}`, support_level: value },
    })),
  );
  expect(created.errors).toEqual([]);
  return created.results.map((r) => r.id);
}

async function valueOf(id: string, name: string): Promise<string | undefined> {
  const record = await fx.client.records.get('tickets', id, { properties: [name] });
  const value = record.properties[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

describe('a rename that finished is never run again', () => {
  it('leaves the mark on the old property, and when the old name comes back with a newer value on the new one: refused, nothing written, reported by drift', async () => {
    const ids = await seedTickets();
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': tickets(RENAME_ENTRY) });
    const applied = await cli(['apply', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    const archived = await fx.client.properties.get('tickets', 'support_level', { archived: true });
    expect(archived.archived).toBe(true);
    expect(archived.description).toBe('crm-schema: renamed to support_tier');
    expect((await planJson()).plan.changes).toEqual([]);

    // someone brings the old name back by hand (the platform restores it, with its values), and a
    // record's new property is edited afterwards
    await createSupportLevel('Back again');
    expect(await valueOf(ids[0]!, 'support_level')).toBe('gold');
    await fx.client.records.update('tickets', ids[0]!, { support_tier: 'platinum' });

    const { code, plan } = await planJson();
    expect(code).toBe(1);
    expect(plan.changes).toHaveLength(1);
    const [rename] = plan.changes;
    expect(rename).toMatchObject({
      type: 'property.rename',
      requests: [],
      policy: { decision: 'refuse', rule: 'conflict' },
    });
    expect(rename!.policy.reason).toContain('finished before');
    expect(rename!.policy.reason).toContain('1 record holds another value in support_level');
    expect(rename!.policy.allow).toContain('{ name: support_level, archived: true }');
    const text = await cli(['plan']);
    expect(text.stdout).toContain('came back and is not copied again');
    expect(text.stdout).toContain('refused until you decide:');

    const before = stateText();
    for (const flags of [['--yes'], ALL_FLAGS]) {
      const refused = await cli(['apply', ...flags]);
      expect(refused.code, refused.stdout).toBe(1);
      expect(refused.stderr).toContain('refused until you decide');
    }
    expect(stateText()).toBe(before);
    expect(await valueOf(ids[0]!, 'support_tier')).toBe('platinum');
    expect((await fx.client.properties.get('tickets', 'support_level')).archived).toBe(false);

    const drift = await cli(['drift', '--json']);
    expect(drift.code, drift.stderr).toBe(2);
    const report = JSON.parse(drift.stdout) as { tombstoned: { address: string }[] };
    expect(report.tombstoned.map((t) => t.address)).toContain('tickets.support_level');
  });

  it('the old name back with the mark (restored as it was archived) is reported the same way; a tombstone archives it again without a copy', async () => {
    const ids = await seedTickets();
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': tickets(RENAME_ENTRY) });
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    await fx.client.records.update('tickets', ids[1]!, { support_tier: 'newer' });
    // restored with its definition as archived: the description still carries the mark
    await createSupportLevel('crm-schema: renamed to support_tier');
    const { code, plan } = await planJson();
    expect(code).toBe(1);
    expect(plan.changes[0]!.policy.reason).toContain('carries the mark crm-schema leaves');

    // the decision: archive the old name again, without copying its stale values
    await writeFiles(dir, {
      'schema/tickets.yaml': tickets(`${RENAME_ENTRY}  - { name: support_level, archived: true }\n`),
    });
    const decided = await planJson();
    expect(decided.plan.changes.map((c) => `${c.type} ${c.address}`)).toEqual([
      'property.archive tickets.support_level',
    ]);
    const archivedAgain = await cli(['apply', '--yes', '--allow-destructive']);
    expect(archivedAgain.code, archivedAgain.stderr).toBe(0);
    expect(await valueOf(ids[1]!, 'support_tier')).toBe('newer');
    expect((await planJson()).plan.changes).toEqual([]);
  });
});

describe('a rename to resume never writes over a value it did not write', () => {
  /** A rename that stopped half-way: the new property made and the first record copied, as apply does. */
  async function halfDone(ids: string[]): Promise<void> {
    await fx.client.properties.create('tickets', {
      name: 'support_tier',
      label: 'Support tier',
      type: 'string',
      fieldType: 'text',
      groupName: 'ticketinformation',
    });
    await fx.client.records.update('tickets', ids[0]!, { support_tier: 'gold' });
  }

  it('counts the conflict with a sample, refuses until onConflict decides, and keep leaves the value', async () => {
    const ids = await seedTickets();
    await halfDone(ids);
    // someone edits a record's new property while the rename is unfinished
    await fx.client.records.update('tickets', ids[1]!, { support_tier: 'edited-by-hand' });
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': tickets(RENAME_ENTRY) });

    const { code, plan } = await planJson();
    expect(code).toBe(1);
    const [rename] = plan.changes;
    expect(rename!.message).toContain('(resumed)');
    expect(rename!.policy).toMatchObject({ decision: 'refuse', rule: 'conflict' });
    expect(rename!.policy.reason).toContain(
      '1 record holds a value in tickets.support_tier that the copy did not write',
    );
    // the record is named; its values only where the policy shows record values
    expect(rename!.policy.reason).toContain(`e.g. record ${ids[1]!}`);
    expect(JSON.stringify(plan)).not.toContain('edited-by-hand');
    await writeFiles(dir, { 'crm-schema.yaml': `${PROJECT}policy:\n  recordValues: show\n` });
    const shown = await planJson();
    expect(shown.plan.changes[0]!.policy.reason).toContain(
      `record ${ids[1]!}: "edited-by-hand" vs old "silver"`,
    );
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT });

    const before = stateText();
    expect((await cli(['apply', ...ALL_FLAGS])).code).toBe(1);
    expect(stateText()).toBe(before);

    await writeFiles(dir, {
      'schema/tickets.yaml': tickets(RENAME_ENTRY.replace('    label:', '    onConflict: keep\n    label:')),
    });
    const kept = await cli(['apply', '--yes', '--json']);
    expect(kept.code, kept.stderr).toBe(0);
    expect((JSON.parse(kept.stdout) as ApplyReport).outcomes[0]!.records).toMatchObject({
      kept: 1,
      conflicts: 0,
    });
    expect(await valueOf(ids[0]!, 'support_tier')).toBe('gold');
    expect(await valueOf(ids[1]!, 'support_tier')).toBe('edited-by-hand');
    expect(await valueOf(ids[2]!, 'support_tier')).toBe('bronze');
    expect((await fx.client.properties.get('tickets', 'support_level', { archived: true })).archived).toBe(
      true,
    );
    expect((await planJson()).plan.changes).toEqual([]);
  });

  it('overwrite copies the old value over it, as a destructive change', async () => {
    const ids = await seedTickets();
    await halfDone(ids);
    await fx.client.records.update('tickets', ids[1]!, { support_tier: 'edited-by-hand' });
    await writeFiles(dir, {
      'crm-schema.yaml': PROJECT,
      'schema/tickets.yaml': tickets(
        RENAME_ENTRY.replace('    label:', '    onConflict: overwrite\n    label:'),
      ),
    });
    const { code, plan } = await planJson();
    expect(code).toBe(1);
    expect(plan.changes[0]).toMatchObject({ severity: 'destructive', policy: { rule: 'destructive' } });
    const applied = await cli(['apply', '--yes', '--allow-destructive']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(await valueOf(ids[1]!, 'support_tier')).toBe('silver');
  });

  it('a value of the old property written after the copy reached the record is still copied (it is the source until the end)', async () => {
    const ids = await seedTickets();
    await halfDone(ids);
    // a form writes the old property after the copy wrote the new one
    await fx.client.records.update('tickets', ids[0]!, { support_level: 'gold-plus' });
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': tickets(RENAME_ENTRY) });
    const { code, plan } = await planJson();
    expect(code).toBe(0);
    expect(plan.changes[0]!.policy.decision).toBe('apply');
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    expect(await valueOf(ids[0]!, 'support_tier')).toBe('gold-plus');
  });
  it('a saved plan made before someone edited the new property is refused, nothing written', async () => {
    const ids = await seedTickets();
    await halfDone(ids);
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': tickets(RENAME_ENTRY) });
    const saved = await cli(['plan', '--out', 'plan.json']);
    expect(saved.code, saved.stderr).toBe(0);
    await fx.client.records.update('tickets', ids[1]!, { support_tier: 'edited-by-hand' });
    const before = stateText();
    const applied = await cli(['apply', 'plan.json', '--yes']);
    expect(applied.code, applied.stdout).toBe(1);
    expect(applied.stderr).toContain('property.rename tickets.support_tier');
    expect(stateText()).toBe(before);
  });

  it('a value someone writes to the new property while the copy runs is left alone, and the old property is not archived', async () => {
    const ids = await seedTickets();
    await halfDone(ids);
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': tickets(RENAME_ENTRY) });
    let edited = false;
    // just as the first batch of the copy goes out, someone edits a record the copy had already done
    const proxy = await proxyTo(fx.emulator.url, async (method, path) => {
      if (edited || method !== 'POST' || !path.endsWith('/tickets/batch/update')) return;
      edited = true;
      await fx.client.records.update('tickets', ids[0]!, { support_tier: 'edited-during-copy' });
    });
    try {
      const applied = await runCli(['apply', '--yes', '--json', '--base-url', proxy.url], {
        cwd: dir,
        env: { CRM_ACCESS_TOKEN: fx.emulator.token, CRM_BASE_URL: '' },
      });
      expect(applied.code, applied.stdout + applied.stderr).toBe(1);
      const report = JSON.parse(applied.stdout) as ApplyReport;
      expect(report.outcomes[0]).toMatchObject({
        status: 'failed',
        error: { code: 'MIGRATION_CONFLICT' },
        records: { conflicts: 1, verified: true },
      });
    } finally {
      await proxy.close();
    }
    expect(edited).toBe(true);
    expect(await valueOf(ids[0]!, 'support_tier')).toBe('edited-during-copy');
    expect(await valueOf(ids[1]!, 'support_tier')).toBe('silver');
    const old = await fx.client.properties.get('tickets', 'support_level');
    expect(old.archived).toBe(false);
    expect(old.description).toBe('');
  });
});

describe('a remapped option shown again is reported, not rewritten', () => {
  const MANIFEST = (extra = '') =>
    tickets(`  - name: priority_level
    label: Priority level
    type: enumeration
    fieldType: select
    groupName: ticketinformation${extra}
    options:
      - { label: P1, value: p1, displayOrder: 1, replaces: [urgent] }
      - { label: Low, value: low, displayOrder: 2 }
`);

  async function remapped(): Promise<string> {
    await fx.client.properties.create('tickets', {
      name: 'priority_level',
      label: 'Priority level',
      type: 'enumeration',
      fieldType: 'select',
      groupName: 'ticketinformation',
      options: [
        { label: 'Urgent', value: 'urgent', displayOrder: 1 },
        { label: 'Low', value: 'low', displayOrder: 2 },
      ],
    });
    const created = await fx.client.records.batchCreate('tickets', [
      { properties: { subject: 'A', priority_level: 'urgent' } },
    ]);
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': MANIFEST() });
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    expect((await planJson()).plan.changes).toEqual([]);
    return created.results[0]!.id;
  }

  /** Someone shows the retired option again and a record is given it. */
  async function shownAgain(id: string): Promise<void> {
    const property = await fx.client.properties.get('tickets', 'priority_level');
    await fx.client.properties.update('tickets', 'priority_level', {
      options: property.options.map((o) => (o.value === 'urgent' ? { ...o, hidden: false } : o)),
    });
    await fx.client.records.update('tickets', id, { priority_level: 'urgent' });
  }

  it('pull writes the retired options back as replaces: the manifest stays as it is, a new file says it too', async () => {
    await remapped();
    await writeFiles(dir, {
      'crm-schema.yaml': `${PROJECT}policy:\n  manage: { prefixes: [priority_] }\n`,
    });
    const before = await readFile(join(dir, 'schema/tickets.yaml'), 'utf8');
    const pulled = await cli(['pull']);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(await readFile(join(dir, 'schema/tickets.yaml'), 'utf8')).toBe(before);

    const fresh = await tempDir('crm-schema-data-steps-pull-');
    try {
      const into = await runCli(
        ['pull', '--object-type', 'tickets', '--prefix', 'priority_', '--base-url', fx.emulator.url],
        { cwd: fresh, env: { CRM_ACCESS_TOKEN: fx.emulator.token, CRM_BASE_URL: '' } },
      );
      expect(into.code, into.stderr).toBe(0);
      const written = await readFile(join(fresh, 'schema/tickets.yaml'), 'utf8');
      expect(written).toMatch(/replaces: \[ ?urgent ?\]/);
      expect(written).not.toContain('value: urgent');
      const plan = await runCli(['plan', '--json', '--base-url', fx.emulator.url], {
        cwd: fresh,
        env: { CRM_ACCESS_TOKEN: fx.emulator.token, CRM_BASE_URL: '' },
      });
      expect((JSON.parse(plan.stdout) as PlanDocument).changes).toEqual([]);
    } finally {
      await removeDir(fresh);
    }
  });

  it('refused with the count, nothing written, whatever the flags', async () => {
    const id = await remapped();
    await shownAgain(id);
    const { code, plan } = await planJson();
    expect(code).toBe(1);
    expect(plan.changes[0]).toMatchObject({
      type: 'property.remap',
      meta: { returned: ['urgent'] },
      policy: { decision: 'refuse', rule: 'conflict' },
    });
    expect(plan.changes[0]!.policy.reason).toContain(
      "'urgent' of tickets.priority_level was replaced by 'p1' before",
    );
    expect(plan.changes[0]!.policy.reason).toContain('1 record holds it');
    const before = stateText();
    expect((await cli(['apply', ...ALL_FLAGS])).code).toBe(1);
    expect(stateText()).toBe(before);
    expect(await valueOf(id, 'priority_level')).toBe('urgent');
  });

  it('onConflict: overwrite rewrites it again (destructive); keep leaves the record and hides the option', async () => {
    const id = await remapped();
    await shownAgain(id);
    await writeFiles(dir, { 'schema/tickets.yaml': MANIFEST('\n    onConflict: keep') });
    const kept = await planJson();
    expect(kept.plan.changes.map((c) => c.type)).toEqual(['property.update']);
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    expect(await valueOf(id, 'priority_level')).toBe('urgent');
    const hidden = await fx.client.properties.get('tickets', 'priority_level');
    expect(hidden.options.find((o) => o.value === 'urgent')?.hidden).toBe(true);

    await shownAgain(id);
    await writeFiles(dir, { 'schema/tickets.yaml': MANIFEST('\n    onConflict: overwrite') });
    const overwrite = await planJson();
    expect(overwrite.plan.changes[0]).toMatchObject({ type: 'property.remap', severity: 'destructive' });
    expect((await cli(['apply', '--yes', '--allow-destructive'])).code).toBe(0);
    expect(await valueOf(id, 'priority_level')).toBe('p1');
    expect((await planJson()).plan.changes).toEqual([]);
  });
});
