/**
 * The round trip: `plan` right after `pull` shows no change. On the example project (applied to a fresh
 * account, then pulled: not a byte of it changes) and on a realistic account (seeded, pulled into an empty
 * folder, planned; a second pull writes nothing).
 */
import { cp, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  liveFixture,
  PROJECT_FILE,
  removeDir,
  sendPlan,
  tempDir,
  type LiveFixture,
} from '../live/helpers.js';
import { planOf, pullInto } from './helpers.js';
import { EVENTS, OBJECT_TYPES, PAIRS, realisticSeed } from './realistic-account.js';

const examples = new URL('../../examples/', import.meta.url);

async function snapshot(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files.set(
        join(entry.parentPath, entry.name),
        await readFile(join(entry.parentPath, entry.name), 'utf8'),
      );
  }
  return files;
}

describe('pull round trip on the example project', () => {
  let fx: LiveFixture;
  let dir: string;
  beforeAll(async () => {
    fx = await liveFixture();
    dir = await tempDir('crm-schema-pull-examples-');
    await cp(new URL('crm-schema.yaml', examples), join(dir, 'crm-schema.yaml'));
    await cp(new URL('schema', examples), join(dir, 'schema'), { recursive: true });
    await sendPlan(fx.emulator, await planOf(fx.client, dir));
  });
  afterAll(async () => {
    await fx.close();
    await removeDir(dir);
  });

  it('leaves every file as it is on an account the project was applied to', async () => {
    const before = await snapshot(dir);
    expect(before.size).toBe(7);
    const report = await pullInto(fx.client, dir);
    expect(report).toEqual({
      files: [],
      added: [],
      updated: [],
      removed: [],
      notDeployed: [],
      conflicts: [],
      notes: [],
    });
    expect(await snapshot(dir)).toEqual(before);
    expect((await planOf(fx.client, dir)).changes).toEqual([]);
  });

  it('plans no change after pulling outside edits of every kind', async () => {
    const c = fx.client;
    await c.properties.update('tickets', 'support_sla_hours', { label: 'SLA', description: '' });
    await c.properties.update('orders', 'commerce_fulfilment_status', {
      options: [
        { label: 'Packing', value: 'packing', description: '', displayOrder: 0, hidden: false },
        { label: 'Paid?', value: 'awaiting_payment', description: 'no', displayOrder: 1, hidden: true },
        { label: 'Lost', value: 'lost', description: '', displayOrder: 2, hidden: false },
      ],
    });
    await c.groups.update('tickets', 'support_sla', { label: 'SLA', displayOrder: -1 });
    await c.properties.archive('products', 'commerce_weight_grams');
    await c.properties.create('tickets', {
      name: 'support_new',
      label: 'New: "quoted"',
      type: 'enumeration',
      fieldType: 'checkbox',
      groupName: 'support_escalation',
      options: [
        { label: 'Yes', value: 'true' },
        { label: 'Maybe', value: '~' },
      ],
    });
    const config = await c.limits.get('tickets', 'orders');
    const primary = config.find((t) => t.label === 'Primary order')!;
    await c.limits.batchUpdate('tickets', 'orders', [
      { category: 'USER_DEFINED', typeId: primary.typeId, maxToObjectIds: 4 },
    ]);
    await c.limits.batchPurge('tickets', 'orders', [{ category: 'PLATFORM_DEFINED', typeId: 27 }]);
    await c.events.updateProperty('order_shipped', 'carrier', { label: 'Shipper' });

    const report = await pullInto(fx.client, dir);
    expect(report.added).toEqual(['tickets.support_new']);
    expect(report.removed).toEqual(['products.commerce_weight_grams']);
    expect(report.updated.sort()).toEqual([
      'event:order_shipped.carrier',
      'orders.commerce_fulfilment_status',
      'tickets->orders:PLATFORM_DEFINED/27',
      'tickets->orders:Primary order',
      'tickets.group:support_sla',
      'tickets.support_sla_hours',
    ]);
    const associations = await readFile(join(dir, 'schema/associations.yaml'), 'utf8');
    expect(associations).toContain(
      '    typeId: 27 # the built-in tickets -> orders type: only its limit is managed\n    maxToObjectIds: null\n',
    );
    expect(associations).toContain('    inverseLabel: Ticket about this order\n    maxToObjectIds: 4\n');
    expect((await planOf(fx.client, dir)).changes).toEqual([]);
  });
});

describe('pull round trip on a realistic account', () => {
  let fx: LiveFixture;
  let dir: string;
  let builtInLimits = 0;
  beforeAll(async () => {
    dir = await tempDir('crm-schema-pull-realistic-');
    const seedFile = join(dir, 'seed.json');
    await writeFile(seedFile, JSON.stringify(realisticSeed()));
    fx = await liveFixture({ seedFile });
    // limits on built-in association types, which the seed file does not set
    for (const [from, to] of PAIRS) {
      const builtIn = (await fx.client.limits.get(from, to)).find((t) => t.category === 'PLATFORM_DEFINED');
      if (builtIn === undefined) continue;
      await fx.client.limits.batchCreate(from, to, [
        { category: 'PLATFORM_DEFINED', typeId: builtIn.typeId, maxToObjectIds: 25 },
      ]);
      builtInLimits += 1;
    }
  });
  afterAll(async () => {
    await fx.close();
    await removeDir(dir);
  });

  it('pulls hundreds of properties into an empty folder; plan then shows no change', async () => {
    const out = join(dir, 'project');
    const flags = {
      objectTypes: [...OBJECT_TYPES],
      associations: PAIRS.flatMap(([from, to]) =>
        from === to ? [`${from}:${to}`] : [`${from}:${to}`, `${to}:${from}`],
      ),
      events: [...EVENTS],
      prefixes: ['acme_'],
      labels: PAIRS.map(([from, to]) => `${from}->${to}`),
    };
    fx.calls.length = 0;
    const started = performance.now();
    const report = await pullInto(fx.client, out, { flags });
    const ms = performance.now() - started;
    console.log(
      `pull of the realistic account: ${report.added.length} resources, ${fx.calls.length} calls, ${Math.round(ms)} ms`,
    );
    // per object type 3 property lists (one per data sensitivity) and 1 group list; each direction once
    // (the reverse ones give the inverse labels); the event definitions through one page of their list
    expect(EVENTS.length).toBeGreaterThan(1);
    expect(fx.calls).toHaveLength(OBJECT_TYPES.length * 4 + flags.associations.length + 1);
    const properties = report.added.filter((a) => /^[a-z]+\.(?!group:)/.test(a));
    expect(properties.length).toBeGreaterThan(400);
    expect(report.files.map((f) => f.path).sort()).toEqual([
      'schema/associations.yaml',
      'schema/contacts.yaml',
      'schema/deals.yaml',
      'schema/events.yaml',
      'schema/pets.yaml',
      'schema/tickets.yaml',
    ]);
    const associations = await readFile(join(out, 'schema/associations.yaml'), 'utf8');
    expect(builtInLimits).toBeGreaterThan(2);
    expect(
      associations.match(/- category: PLATFORM_DEFINED\n {4}typeId: \d+\n {4}maxToObjectIds: 25\n/g),
    ).toHaveLength(builtInLimits);
    // the built-in property a formula uses is written too, so that the manifests validate
    expect(report.notes).toContain(
      'deals.amount: a built-in property, written because the formula of deals.acme_calc_double uses it (crm-schema never changes it).',
    );

    // a custom object type is named by name: the project file declares it
    await writeFile(join(out, 'crm-schema.yaml'), `${PROJECT_FILE}objectTypes: [pets]\n`);
    const plan = await planOf(fx.client, out);
    expect(plan.changes).toEqual([]);
    expect(plan.diagnostics.map((d) => `${d.code} ${d.address ?? ''}`)).toEqual([
      'NO_MANAGE_SCOPE ', // the project file has no manage scope
      'BUILTIN_PROPERTY deals.amount',
    ]);

    const again = await pullInto(fx.client, out, { flags });
    expect(again.files).toEqual([]);
  });
});
