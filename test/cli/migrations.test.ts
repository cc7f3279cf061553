/**
 * Changes that carry records' data, through the CLI against the emulator over HTTP: a rename copies every
 * value (past the 10,000 search can reach: list pages), checks the copy, archives the old property, and
 * leaves an empty plan; a run killed in the middle and run again loses nothing; a name that belongs to an
 * archived property is restored, not created.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApplyReport } from '../../src/engine/apply/types.js';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import { runCli, spawnCli, finished } from '../helpers/cli.js';
import { proxyTo } from '../helpers/proxy.js';
import { liveFixture, removeDir, tempDir, writeFiles, type LiveFixture } from '../live/helpers.js';

const PROJECT = `manifests: ['schema/**/*.yaml']\n`;

function tickets(properties: string): string {
  return `kind: Properties\nobjectType: tickets\nproperties:\n${properties}`;
}

const RENAMED = tickets(
  `  - { name: support_tier, renamedFrom: support_level, label: Support tier, type: string, fieldType: text, groupName: ticketinformation }\n`,
);

let fx: LiveFixture;
let dir: string;

beforeEach(async () => {
  fx = await liveFixture();
  dir = await tempDir('crm-schema-migrate-');
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

/** `count` tickets; ticket i holds `level-<i mod 7>` in support_level, every 10th holds none. */
async function seedTickets(count: number): Promise<Map<string, string>> {
  await fx.client.properties.create('tickets', {
    name: 'support_level',
    label: 'Support level',
    type: 'string',
    fieldType: 'text',
    groupName: 'ticketinformation',
  });
  const inputs = Array.from({ length: count }, (_, i) => ({
    properties: { subject: `T${i}`, ...(i % 10 === 0 ? {} : { support_level: `level-${i % 7}` }) },
  }));
  const created = await fx.client.records.batchCreate('tickets', inputs);
  expect(created.errors).toEqual([]);
  const values = new Map<string, string>();
  for (const record of created.results) {
    const value = record.properties.support_level;
    if (typeof value === 'string' && value !== '') values.set(record.id, value);
  }
  return values;
}

async function valuesOf(name: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const record of fx.client.records.listAll('tickets', { properties: [name], limit: 100 })) {
    const value = record.properties[name];
    if (typeof value === 'string' && value !== '') out.set(record.id, value);
  }
  return out;
}

async function planJson(): Promise<PlanDocument> {
  const run = await cli(['plan', '--json']);
  expect([0, 2], run.stderr).toContain(run.code);
  return JSON.parse(run.stdout) as PlanDocument;
}

describe('rename a property', () => {
  it('plans one change with the count, copies all 2,500 values, archives the old, then plans nothing', async () => {
    const values = await seedTickets(2_500);
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': RENAMED });

    const plan = await planJson();
    expect(plan.changes.map((c) => `${c.type} ${c.address}`)).toEqual([
      'property.rename tickets.support_tier',
    ]);
    const [rename] = plan.changes;
    expect(rename!.affected).toMatchObject({ unit: 'records', count: values.size, exact: true });
    const text = await cli(['plan']);
    expect(text.stdout).toContain('Rename property tickets.support_level -> tickets.support_tier');
    expect(text.stdout).toContain(`copies the values of ${values.size.toLocaleString('en-US')} records`);

    const dry = await cli(['apply', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('Data work between requests:');
    expect(dry.stdout).toContain(
      `property.rename tickets.support_tier: copies every value of support_level to support_tier (${values.size.toLocaleString('en-US')} records)`,
    );

    const applied = await cli(['apply', '--yes', '--json']);
    expect(applied.code, applied.stderr).toBe(0);
    const report = JSON.parse(applied.stdout) as ApplyReport;
    const [outcome] = report.outcomes;
    expect(outcome).toMatchObject({ status: 'applied', records: { written: values.size, verified: true } });

    expect(await valuesOf('support_tier')).toEqual(values);
    const old = await fx.client.properties.get('tickets', 'support_level', { archived: true });
    expect(old.archived).toBe(true);
    expect((await planJson()).changes).toEqual([]);
  });

  it('run again after a kill at a random point: every value copied, none lost, the old archived once', async () => {
    const values = await seedTickets(1_200);
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': RENAMED });
    const child = spawnCli(['apply', '--yes', '--base-url', fx.emulator.url], {
      cwd: dir,
      env: { CRM_ACCESS_TOKEN: fx.emulator.token, CRM_BASE_URL: '' },
    });
    // once the new property exists, at a random point of the copy
    const exited = finished(child);
    for (let i = 0; i < 500; i += 1) {
      const found = await fx.client.properties.batchRead('tickets', ['support_tier']);
      if (found.results.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 150)));
    child.kill('SIGKILL');
    await exited;

    const resumed = await cli(['apply', '--yes', '--json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(await valuesOf('support_tier')).toEqual(values);
    expect((await planJson()).changes).toEqual([]);
  });

  it('a value written to the old property during the copy is copied before the archive', async () => {
    const values = await seedTickets(300);
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': RENAMED });
    // an integration writes the old name of a record just as the first batch of the copy goes out:
    // that batch carries the record's earlier value
    let written: string | undefined;
    const proxy = await proxyTo(fx.emulator.url, async (method, path, body) => {
      if (written !== undefined || method !== 'POST' || !path.endsWith('/tickets/batch/update')) return;
      const [first] = (JSON.parse(body) as { inputs: { id: string }[] }).inputs;
      written = first!.id;
      await fx.client.records.update('tickets', written, { support_level: 'written-during-copy' });
    });
    try {
      const applied = await runCli(['apply', '--yes', '--json', '--base-url', proxy.url], {
        cwd: dir,
        env: { CRM_ACCESS_TOKEN: fx.emulator.token, CRM_BASE_URL: '' },
      });
      expect(applied.code, applied.stdout + applied.stderr).toBe(0);
      const report = JSON.parse(applied.stdout) as ApplyReport;
      expect(report.outcomes[0]!.records).toMatchObject({
        written: values.size + 1,
        passes: 3,
        verified: true,
      });
    } finally {
      await proxy.close();
    }
    const record = await fx.client.records.get('tickets', written!, { properties: ['support_tier'] });
    expect(record.properties.support_tier).toBe('written-during-copy');
  });

  it('renaming to a name an archived property holds is a located error, and nothing is written', async () => {
    await seedTickets(5);
    await fx.client.properties.create('tickets', {
      name: 'support_tier',
      label: 'Old tier',
      type: 'string',
      fieldType: 'text',
      groupName: 'ticketinformation',
    });
    await fx.client.properties.archive('tickets', 'support_tier');
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': RENAMED });
    const run = await cli(['plan']);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain('schema/tickets.yaml:4:5');
    expect(run.stdout + run.stderr).toContain('an archived property holds the name support_tier');
  });
});

describe('a saved plan', () => {
  it('holds the counts that were reviewed: apply refuses when more records would be touched now', async () => {
    await seedTickets(50);
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': RENAMED });
    const planned = await cli(['plan', '--out', 'plan.json']);
    expect(planned.code, planned.stderr).toBe(0);
    // 30 more records hold a value by the time the plan is applied
    await fx.client.records.batchCreate(
      'tickets',
      Array.from({ length: 30 }, (_, i) => ({ properties: { subject: `late ${i}`, support_level: 'late' } })),
    );
    const refused = await cli(['apply', 'plan.json', '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('property.rename tickets.support_tier');
    expect(refused.stderr).toContain('the plan said it touches 45 records, it would touch 75 records now');
    const stillThere = await fx.client.properties.batchRead('tickets', ['support_tier']);
    expect(stillThere.results, 'nothing was written').toEqual([]);

    // fewer than reviewed is fine
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': RENAMED });
    expect((await cli(['plan', '--out', 'plan.json'])).code).toBe(0);
    const applied = await cli(['apply', 'plan.json', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
  });
});

describe('pull and a rename not applied yet', () => {
  it('keeps the entry (with a note) and does not add the old property back', async () => {
    await seedTickets(3);
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': RENAMED });
    const before = await readFile(join(dir, 'schema/tickets.yaml'), 'utf8');
    const run = await cli(['pull']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('the rename from support_level (renamedFrom) is not applied yet');
    expect(await readFile(join(dir, 'schema/tickets.yaml'), 'utf8')).toBe(before);
  });
});

describe('restore an archived property', () => {
  it('plans restore (not create), and apply brings the values back', async () => {
    const values = await seedTickets(40);
    await fx.client.properties.archive('tickets', 'support_level');
    await writeFiles(dir, {
      'crm-schema.yaml': PROJECT,
      'schema/tickets.yaml': tickets(
        '  - { name: support_level, label: Support level, type: string, fieldType: text, groupName: ticketinformation }\n',
      ),
    });
    const plan = await planJson();
    expect(plan.changes.map((c) => `${c.type} ${c.address}`)).toEqual([
      'property.restore tickets.support_level',
    ]);
    expect((await cli(['plan'])).stdout).toContain('Restore archived property tickets.support_level');
    const applied = await cli(['apply', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(await valuesOf('support_level')).toEqual(values);
    expect((await planJson()).changes).toEqual([]);
  });
});

describe('remap option values', () => {
  const OPTIONS = ['urgent', 'critical', 'high', 'low'];

  async function seedEnumeration(fieldType: 'select' | 'checkbox', values: string[]): Promise<string[]> {
    await fx.client.properties.create('tickets', {
      name: 'priority_level',
      label: 'Priority level',
      type: 'enumeration',
      fieldType,
      groupName: 'ticketinformation',
      options: OPTIONS.map((value, i) => ({ label: value, value, displayOrder: i + 1 })),
    });
    const created = await fx.client.records.batchCreate(
      'tickets',
      values.map((value, i) => ({ properties: { subject: `T${i}`, priority_level: value } })),
    );
    expect(created.errors).toEqual([]);
    return created.results.map((r) => r.id);
  }

  function manifest(fieldType: 'select' | 'checkbox'): string {
    return tickets(`  - name: priority_level
    label: Priority level
    type: enumeration
    fieldType: ${fieldType}
    groupName: ticketinformation
    options:
      - { label: P1, value: p1, displayOrder: 1, replaces: [urgent, critical] }
      - { label: high, value: high, displayOrder: 3 }
      - { label: low, value: low, displayOrder: 4 }
`);
  }

  it('single-select: two options into one; counts per old value, records rewritten, old options retired', async () => {
    const values = ['urgent', 'critical', 'urgent', 'high', 'low', '', 'critical', 'urgent'];
    const ids = await seedEnumeration('select', values);
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': manifest('select') });

    const plan = await planJson();
    expect(plan.changes.map((c) => `${c.type} ${c.address}`)).toEqual([
      'property.remap tickets.priority_level',
    ]);
    expect(plan.changes[0]).toMatchObject({ severity: 'safe', affected: { count: 5, exact: true } });
    const text = (await cli(['plan'])).stdout;
    expect(text).toContain("Remap options of tickets.priority_level: 'urgent' and 'critical' -> 'p1'");
    expect(text).toContain('- urgent "urgent" (3 records rewritten to p1)');
    expect(text).toContain('- critical "critical" (2 records rewritten to p1)');

    const applied = await cli(['apply', '--yes', '--json']);
    expect(applied.code, applied.stderr).toBe(0);
    expect((JSON.parse(applied.stdout) as ApplyReport).outcomes[0]).toMatchObject({
      status: 'applied',
      records: { written: 5, verified: true },
    });
    const after = await valuesOf('priority_level');
    ids.forEach((id, i) => {
      const want = values[i] === 'urgent' || values[i] === 'critical' ? 'p1' : values[i];
      expect(after.get(id) ?? '', `record ${i}`).toBe(want);
    });
    const property = await fx.client.properties.get('tickets', 'priority_level');
    expect(
      property.options
        .filter((o) => o.hidden !== true)
        .map((o) => o.value)
        .sort(),
    ).toEqual(['high', 'low', 'p1']);
    // the old options stay, hidden and marked, so that the remap is known to be done
    expect(property.options.filter((o) => o.hidden === true).map((o) => [o.value, o.description])).toEqual([
      ['urgent', "crm-schema: replaced by 'p1'"],
      ['critical', "crm-schema: replaced by 'p1'"],
    ]);
    expect((await planJson()).changes).toEqual([]);
  });

  it('checkbox: the value inside each ;-list is rewritten, without duplicates', async () => {
    const values = ['urgent;high', 'critical;urgent', 'low', 'high;critical;low'];
    const ids = await seedEnumeration('checkbox', values);
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': manifest('checkbox') });
    const applied = await cli(['apply', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    const after = await valuesOf('priority_level');
    expect(ids.map((id) => after.get(id))).toEqual(['p1;high', 'p1', 'low', 'high;p1;low']);
    expect((await planJson()).changes).toEqual([]);
  });

  it('removing an option records still hold, without replaces, is destructive with the count', async () => {
    await seedEnumeration('select', ['urgent', 'urgent', 'high']);
    await writeFiles(dir, {
      'crm-schema.yaml': PROJECT,
      'schema/tickets.yaml': manifest('select').replace(', replaces: [urgent, critical]', ''),
    });
    const run = await cli(['plan', '--json']);
    expect(run.code, 'refused by the default policy (destructive: deny)').toBe(1);
    const plan = JSON.parse(run.stdout) as PlanDocument;
    expect(plan.changes[0]).toMatchObject({ type: 'property.update', severity: 'destructive' });
    expect(plan.changes[0]!.reason).toContain("2 records still hold 'urgent'");
    const refused = await cli(['apply', '--yes']);
    expect(refused.code).toBe(1);
  });
});

describe('counts a reviewer can trust', () => {
  it('a type change counts the 3 values of 100 that will not convert, with record ids (values only where the policy shows them)', async () => {
    await fx.client.properties.create('tickets', {
      name: 'seats',
      label: 'Seats',
      type: 'string',
      fieldType: 'text',
      groupName: 'ticketinformation',
    });
    const values = Array.from({ length: 100 }, (_, i) =>
      i === 7 ? 'N/A' : i === 40 ? 'ten' : i === 99 ? '3 seats' : String(i),
    );
    const created = await fx.client.records.batchCreate(
      'tickets',
      values.map((seats, i) => ({ properties: { subject: `T${i}`, seats } })),
    );
    const idOf = new Map(created.results.map((r) => [r.properties.seats, r.id]));
    const manifest = (type: string, fieldType: string) =>
      tickets(
        `  - { name: seats, label: Seats, type: ${type}, fieldType: ${fieldType}, groupName: ticketinformation }\n`,
      );
    await writeFiles(dir, {
      'crm-schema.yaml': PROJECT,
      'schema/tickets.yaml': manifest('number', 'number'),
    });

    const run = await cli(['plan', '--json']);
    expect(run.code, 'destructive: refused by the default policy').toBe(1);
    const [change] = (JSON.parse(run.stdout) as PlanDocument).changes;
    expect(change).toMatchObject({
      severity: 'destructive',
      affected: { unit: 'records', count: 3, exact: true, of: 100 },
    });
    // by default a plan names the records, never their values
    expect(change!.affected!.samples).toEqual([
      { id: idOf.get('N/A') },
      { id: idOf.get('ten') },
      { id: idOf.get('3 seats') },
    ]);
    expect(change!.reason).toContain(
      `3 of 100 values on records will not convert, e.g. records ${idOf.get('N/A')}, ${idOf.get('ten')} and ${idOf.get('3 seats')}`,
    );
    expect(run.stdout).not.toContain('N/A');

    // a project that lets plans quote record values (a non-production environment, say)
    await writeFiles(dir, { 'crm-schema.yaml': `${PROJECT}policy:\n  recordValues: show\n` });
    const shown = JSON.parse((await cli(['plan', '--json'])).stdout) as PlanDocument;
    expect(shown.changes[0]!.affected!.samples).toEqual([
      { id: idOf.get('N/A'), value: 'N/A' },
      { id: idOf.get('ten'), value: 'ten' },
      { id: idOf.get('3 seats'), value: '3 seats' },
    ]);
    expect(shown.changes[0]!.reason).toContain(
      `3 of 100 values on records will not convert, e.g. "N/A" (record ${idOf.get('N/A')}), "ten" (record ${idOf.get('ten')})`,
    );

    // values that all convert: the change is safe
    await fx.client.records.batchUpdate(
      'tickets',
      ['N/A', 'ten', '3 seats'].map((v) => ({ id: idOf.get(v)!, properties: { seats: '1' } })),
    );
    const clean = JSON.parse((await cli(['plan', '--json'])).stdout) as PlanDocument;
    expect(clean.changes[0]).toMatchObject({ severity: 'safe' });
    expect(clean.changes[0]!.reason).toContain('all 100 values on records convert');
  });

  it('a sensitive property is never quoted, whatever the policy says', async () => {
    await fx.client.properties.create('tickets', {
      name: 'tax_ref',
      label: 'Tax ref',
      type: 'string',
      fieldType: 'text',
      groupName: 'ticketinformation',
      dataSensitivity: 'sensitive',
    });
    await fx.client.records.batchCreate('tickets', [{ properties: { subject: 'T', tax_ref: 'SECRET-123' } }]);
    await writeFiles(dir, {
      'crm-schema.yaml': `${PROJECT}policy:\n  recordValues: show\n`,
      'schema/tickets.yaml': tickets(
        '  - { name: tax_ref, label: Tax ref, type: number, fieldType: number, groupName: ticketinformation, dataSensitivity: sensitive }\n',
      ),
    });
    const run = await cli(['plan', '--json']);
    const [change] = (JSON.parse(run.stdout) as PlanDocument).changes;
    expect(change!.affected).toMatchObject({ count: 1 });
    expect(change!.affected!.samples![0]).not.toHaveProperty('value');
    expect(run.stdout + run.stderr + (await cli(['plan'])).stdout).not.toContain('SECRET-123');
  });

  it('a count stopped by the call budget says "at least" and why', async () => {
    await fx.client.properties.create('tickets', {
      name: 'seats',
      label: 'Seats',
      type: 'string',
      fieldType: 'text',
      groupName: 'ticketinformation',
    });
    await fx.client.records.batchCreate(
      'tickets',
      Array.from({ length: 250 }, (_, i) => ({ properties: { subject: `T${i}`, seats: `x${i}` } })),
    );
    await writeFiles(dir, {
      'crm-schema.yaml': PROJECT,
      'schema/tickets.yaml': tickets(
        '  - { name: seats, label: Seats, type: number, fieldType: number, groupName: ticketinformation }\n',
      ),
    });
    const run = await cli(['plan', '--json', '--data-check-budget', '2']);
    const [change] = (JSON.parse(run.stdout) as PlanDocument).changes;
    expect(change!.affected).toMatchObject({ count: 200, exact: false });
    expect(change!.affected!.capped).toContain('--data-check-budget');
    expect((await cli(['plan', '--data-check-budget', '2'])).stdout).toContain(
      'at least 200 values on records will not convert (200 read: the data check budget of 2 calls ran out',
    );
  });

  it('a lowered association limit counts the records holding more links than the new limit', async () => {
    const [label] = await fx.client.associations.createLabel('tickets', 'orders', {
      name: 'watched_order',
      label: 'Watched order',
    });
    const typeId = label!.typeId;
    await fx.client.limits.batchCreate('tickets', 'orders', [
      { category: 'USER_DEFINED', typeId, maxToObjectIds: 5 },
    ]);
    const tickets3 = await fx.client.records.batchCreate(
      'tickets',
      [0, 1, 2].map((i) => ({ properties: { subject: `T${i}` } })),
    );
    const orders = await fx.client.records.batchCreate(
      'orders',
      [0, 1, 2, 3].map((i) => ({ properties: { hs_order_name: `O${i}` } })),
    );
    // ticket 0 links 4 orders, ticket 1 links 3, ticket 2 links 1
    const links = [4, 3, 1].flatMap((n, t) =>
      orders.results.slice(0, n).map((order) => ({
        from: { id: tickets3.results[t]!.id },
        to: { id: order.id },
        types: [{ associationCategory: 'USER_DEFINED' as const, associationTypeId: typeId }],
      })),
    );
    const linked = await fx.client.recordAssociations.batchCreate('tickets', 'orders', links);
    expect(linked.errors).toEqual([]);
    await writeFiles(dir, {
      'crm-schema.yaml': PROJECT,
      'schema/links.yaml': `kind: Associations\nfrom: tickets\nto: orders\ntypes:\n  - { label: Watched order, maxToObjectIds: 2 }\n`,
    });
    const run = await cli(['plan', '--json']);
    const limit = (JSON.parse(run.stdout) as PlanDocument).changes.find((c) => c.type === 'limit.set');
    expect(limit).toMatchObject({ severity: 'destructive', affected: { count: 2, exact: true } });
    expect(limit!.reason).toContain(
      'lowers the limit from 5 to 2: 2 records hold more than 2 such associations',
    );
  });
});
