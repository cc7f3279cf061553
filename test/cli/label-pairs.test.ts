/**
 * Association label pairs through the CLI (test/helpers/cli.ts) against the emulator: a label and its inverse are one
 * resource, declared from either direction; renames keep the typeId and every record link; deletes say
 * how many links they remove. Record links are made with the v4 record association endpoints and counted
 * in the emulator's state before and after each apply.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import { runCli, type Run } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { linkHelpers, type LinkHelpers } from '../helpers/record-links.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';

const TOKEN = 'cli-label-pairs-token-123456';

let emulator: TestEmulator;
let links: LinkHelpers;
/** The pair most tests start from: tickets -> orders "Warranty order", inverse "Warranty ticket". */
const warrantyPair = () => links.label('tickets', 'orders', 'warranty', 'Warranty order', 'Warranty ticket');
let dir: string;
/** requests the emulator received */
let requests = 0;

beforeEach(async () => {
  requests = 0;
  emulator = await startTestEmulator({
    tokens: [TOKEN],
    extend: (app) =>
      app.addHook('onRequest', (_request, _reply, done) => {
        requests += 1;
        done();
      }),
  });
  links = linkHelpers(emulator);
  dir = await tempDir('crm-schema-label-pairs-');
});
afterEach(async () => {
  await emulator.close();
  await removeDir(dir);
});

const cli = (...args: string[]): Promise<Run> =>
  runCli(args, { cwd: dir, env: { CRM_BASE_URL: emulator.url, CRM_ACCESS_TOKEN: TOKEN } });

async function project(policy: string, files: Record<string, string>): Promise<void> {
  await writeFiles(dir, { 'crm-schema.yaml': `manifests: ['schema/**/*.yaml']\n${policy}`, ...files });
}

async function planJson(...args: string[]): Promise<PlanDocument> {
  const result = await cli('plan', '--json', ...args);
  expect(result.stderr).not.toMatch(/error/i);
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as PlanDocument;
}

async function applied(): Promise<Run> {
  const result = await cli('apply', '--yes');
  expect(result.code, result.stderr + result.stdout).toBe(0);
  return result;
}

/** user label types of tickets <-> orders in the emulator: `typeId label` */
function userTypes(): string[] {
  return Object.values(emulator.state.associationTypes)
    .filter((t) => t.category === 'USER_DEFINED')
    .map((t) => `${t.typeId} ${t.label}`)
    .sort();
}

function linkCount(): number {
  return emulator.state.recordAssociations.length;
}

/** Links `n` ticket/order record pairs with the given type. */
async function link(n: number, typeId: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const ticket = await links.record('tickets');
    const order = await links.record('orders');
    expect((await links.put('tickets', ticket, 'orders', order, typeId)).status).toBe(200);
  }
}

/** The typeId of a label text in one direction (tickets -> orders unless said). */
function typeIdOf(label: string, from = '0-5'): number {
  const type = Object.values(emulator.state.associationTypes).find(
    (t) => t.label === label && t.fromObjectTypeId === from,
  );
  expect(type, label).toBeDefined();
  return type!.typeId;
}

const WARRANTY = `kind: Associations
from: tickets
to: orders
types:
  - label: Warranty order
    inverseLabel: Warranty ticket
`;

describe('label pairs', () => {
  it('unmanaged: archive never deletes the inverse of a managed label; three applies keep every link', async () => {
    await project('policy: { unmanaged: archive, destructive: allow }\n', {
      'schema/tickets-orders.yaml': WARRANTY,
      'schema/orders-tickets.yaml': `kind: Associations
from: orders
to: tickets
types:
  - label: Source ticket
`,
    });
    const first = await planJson();
    expect(first.changes.map((c) => c.id)).toEqual([
      'label.create orders->tickets:Source ticket',
      'label.create tickets->orders:Warranty order',
    ]);
    await applied();
    const types = userTypes();
    expect(types).toHaveLength(4);
    await link(3, typeIdOf('Warranty order'));
    await link(2, typeIdOf('Source ticket'));
    for (let run = 0; run < 3; run++) {
      const before = linkCount();
      const result = await applied();
      expect(result.stdout).toContain('No changes');
      expect(linkCount()).toBe(before);
      expect(userTypes()).toEqual(types);
    }
    expect((await cli('plan', '--detailed-exitcode')).code).toBe(0);
    const drift = await cli('drift');
    expect([drift.code, drift.stdout]).toEqual([0, expect.stringContaining('No drift')]);
  });

  it('the reverse direction declared by its own label is the same pair: one create, then nothing', async () => {
    // nothing is applied before the last layout: each plans against the same empty account
    for (const layout of ['one file', 'reverse first', 'two files'] as const) {
      const reverse = `kind: Associations
from: orders
to: tickets
types:
  - label: Warranty ticket
`;
      const files: Record<string, string> =
        layout === 'two files'
          ? { 'schema/a.yaml': WARRANTY, 'schema/b.yaml': reverse }
          : layout === 'one file'
            ? { 'schema/a.yaml': `${WARRANTY}---\n${reverse}` }
            : { 'schema/a.yaml': `${reverse}---\n${WARRANTY}` };
      await removeDir(dir);
      dir = await tempDir('crm-schema-label-pairs-');
      await project('', files);
      const plan = await planJson();
      expect(
        plan.changes.map((c) => c.type),
        layout,
      ).toEqual(['label.create']);
      const meta = plan.changes[0]!.meta as { from: string; label: { label: string; inverseLabel: string } };
      const texts =
        meta.from === 'tickets'
          ? ['Warranty order', 'Warranty ticket']
          : ['Warranty ticket', 'Warranty order'];
      expect([meta.label.label, meta.label.inverseLabel], layout).toEqual(texts);
      if (layout === 'two files') {
        await applied();
        expect(userTypes().map((t) => t.replace(/^\d+ /, ''))).toEqual(['Warranty order', 'Warranty ticket']);
        const again = await cli('apply', '--yes');
        expect([again.code, again.stdout]).toEqual([0, expect.stringContaining('No changes')]);
        expect((await cli('plan', '--detailed-exitcode')).code).toBe(0);
      }
    }
  });

  it('declarations that disagree are a located error naming both places, before any call', async () => {
    await project('', {
      'schema/a.yaml': WARRANTY,
      'schema/b.yaml': `kind: Associations
from: orders
to: tickets
types:
  - label: Warranty ticket
    inverseLabel: Guarantee order
`,
    });
    const result = await cli('plan');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('schema/b.yaml:6:19');
    expect(result.stderr).toContain('LABEL_PAIR_CONFLICT');
    expect(result.stderr).toContain('schema/a.yaml:5:12');
    expect(requests).toBe(0);
  });

  it('a rename error names the key the entry wrote, where it wrote it, even when the pair is merged reversed', async () => {
    await project('', {
      'schema/a.yaml': `kind: Associations
from: orders
to: tickets
types:
  - label: Source ticket
---
kind: Associations
from: tickets
to: orders
types:
  - label: Source ticket
    renamedFrom: Guarantee order
  - label: Guarantee order
`,
    });
    const result = await cli('validate');
    expect(result.code).toBe(1);
    const output = result.stdout + result.stderr;
    expect(output).toContain(
      "schema/a.yaml:12:18  error  LABEL_RENAME_INVALID  renamedFrom names 'Guarantee order' (tickets->orders)",
    );
    expect(output).toContain('hint: remove renamedFrom,');
    expect(output).not.toContain('inverseRenamedFrom');
  });

  it('renames in place: same typeId, every record link kept, inverse renamed too; then plan is empty', async () => {
    await project('', {
      'schema/a.yaml': `kind: Associations
from: tickets
to: orders
types:
  - label: Disputed order
    inverseLabel: Disputed ticket
`,
    });
    await applied();
    const typeId = typeIdOf('Disputed order');
    const inverseTypeId = typeIdOf('Disputed ticket', '0-123');
    await link(4, typeId);
    const before = linkCount();
    await writeFiles(dir, {
      'schema/a.yaml': `kind: Associations
from: tickets
to: orders
types:
  - label: Order in dispute
    renamedFrom: Disputed order
    inverseLabel: Ticket in dispute
    inverseRenamedFrom: Disputed ticket
`,
    });
    const text = await cli('plan');
    expect(text.stdout).toContain(
      '~   Relabel tickets->orders: "Disputed order" -> "Order in dispute", inverse "Disputed ticket" -> "Ticket in dispute"',
    );
    expect(text.stdout).toContain('Plan: 1 to update.');
    await applied();
    expect([typeIdOf('Order in dispute'), typeIdOf('Ticket in dispute', '0-123')]).toEqual([
      typeId,
      inverseTypeId,
    ]);
    expect(linkCount()).toBe(before);
    expect((await cli('plan', '--detailed-exitcode')).code).toBe(0);
    expect((await cli('drift')).code).toBe(0);
  });

  it('a rename whose source and target are both missing is a located plan error', async () => {
    await project('', {
      'schema/a.yaml': `kind: Associations
from: tickets
to: orders
types:
  - label: Order in dispute
    renamedFrom: Disputed order
`,
    });
    const result = await cli('plan');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("renamedFrom 'Disputed order' names no label of the account");
    expect(result.stdout).toContain('schema/a.yaml:5:5');
  });

  it('a rename applies only to the text it names: a pair found by its other text is never relabelled', async () => {
    const [forward, inverse] = await warrantyPair();
    await link(2, forward);
    const before = linkCount();
    const types = userTypes();
    const entry = (body: string, from = 'tickets', to = 'orders') =>
      `kind: Associations\nfrom: ${from}\nto: ${to}\ntypes:\n  - ${body.trim().replace(/\n/g, '\n    ')}\n`;
    const wrong: [string, string, string][] = [
      [
        'label side',
        entry('label: Foo order\nrenamedFrom: Bar order\ninverseLabel: Warranty ticket'),
        "renamedFrom 'Bar order' names no label of the account in tickets->orders",
      ],
      [
        'inverse side',
        entry('label: Warranty order\ninverseLabel: Foo ticket\ninverseRenamedFrom: Bar ticket'),
        "inverseRenamedFrom 'Bar ticket' names no label of the account in orders->tickets",
      ],
      [
        'declared from the other direction',
        entry(
          'label: Foo ticket\nrenamedFrom: Bar ticket\ninverseLabel: Warranty order',
          'orders',
          'tickets',
        ),
        "renamedFrom 'Bar ticket' names no label of the account in orders->tickets",
      ],
    ];
    for (const [what, manifest, message] of wrong) {
      await project('', { 'schema/a.yaml': manifest });
      const result = await cli('plan');
      expect(result.code, what).toBe(1);
      expect(result.stdout, what).toContain('RENAME_SOURCE_MISSING');
      expect(result.stdout, what).toContain(message);
      expect(result.stdout, what).toContain('schema/a.yaml:5:5');
      expect(result.stdout, what).not.toContain('Relabel');
      const apply = await cli('apply', '--yes');
      expect(apply.code, what).not.toBe(0);
      expect(userTypes(), what).toEqual(types);
    }
    expect(linkCount()).toBe(before);

    // the renames the manifest names are planned, each side alone or both
    const relabels: [string, string, { field: string; old: string; new: string }[]][] = [
      [
        'label only',
        entry('label: Foo order\nrenamedFrom: Warranty order\ninverseLabel: Warranty ticket'),
        [{ field: 'label', old: 'Warranty order', new: 'Foo order' }],
      ],
      [
        'inverse only',
        entry('label: Warranty order\ninverseLabel: Foo ticket\ninverseRenamedFrom: Warranty ticket'),
        [{ field: 'inverseLabel', old: 'Warranty ticket', new: 'Foo ticket' }],
      ],
      [
        'both',
        entry(
          'label: Foo order\nrenamedFrom: Warranty order\ninverseLabel: Foo ticket\ninverseRenamedFrom: Warranty ticket',
        ),
        [
          { field: 'label', old: 'Warranty order', new: 'Foo order' },
          { field: 'inverseLabel', old: 'Warranty ticket', new: 'Foo ticket' },
        ],
      ],
    ];
    for (const [what, manifest, fields] of relabels) {
      await project('', { 'schema/a.yaml': manifest });
      const plan = await planJson();
      expect(
        plan.changes.map((c) => [
          c.type,
          (c.meta as { typeId: number }).typeId,
          (c.meta as { fields: unknown }).fields,
        ]),
        what,
      ).toEqual([['label.update', forward, fields]]);
    }
    // applied, the rename is done: the same manifest plans nothing, and the typeIds and links stay
    await applied();
    expect([typeIdOf('Foo order'), typeIdOf('Foo ticket', '0-123')]).toEqual([forward, inverse]);
    expect(linkCount()).toBe(before);
    expect((await cli('plan', '--detailed-exitcode')).code).toBe(0);
  });

  it('a label delete says how many record links it removes, "at least" when the budget stops the count', async () => {
    await project('policy: { destructive: allow }\n', { 'schema/a.yaml': WARRANTY });
    await applied();
    await link(3, typeIdOf('Warranty order'));
    await writeFiles(dir, {
      'schema/a.yaml': `kind: Associations
from: tickets
to: orders
types:
  - label: Warranty order
    deleted: true
`,
    });
    const plan = await planJson();
    expect(plan.changes.map((c) => [c.type, c.severity, c.affected])).toEqual([
      ['label.delete', 'destructive', { unit: 'associations', count: 3, exact: true }],
    ]);
    expect(plan.changes[0]!.reason).toContain('3 record associations use it and will lose the label');
    const capped = await planJson('--data-check-budget', '1');
    expect(capped.changes[0]!.affected).toMatchObject({ unit: 'associations', count: 0, exact: false });
    expect(capped.changes[0]!.reason).toContain(
      'record associations may use it and would lose the label (not counted: the data check budget of 1 calls ran out',
    );
    const before = linkCount();
    await applied();
    // each link was stored once per direction: both entries of each labelled link are gone
    expect(linkCount()).toBe(before - 3 * 2);
    expect(userTypes()).toEqual([]);
  });
});

describe('pull of both directions', () => {
  it('writes each label pair once, with its inverse and both limits; plan after pull is empty', async () => {
    const [forward, inverse] = await warrantyPair();
    await links.label('orders', 'tickets', 'source', 'Source ticket');
    const limit = (from: string, to: string, typeId: number, max: number) =>
      emulator.call('POST', `/crm/v4/associations/definitions/configurations/${from}/${to}/batch/create`, {
        inputs: [{ category: 'USER_DEFINED', typeId, maxToObjectIds: max }],
      });
    expect((await limit('tickets', 'orders', forward, 2)).status).toBe(201);
    expect((await limit('orders', 'tickets', inverse, 5)).status).toBe(201);
    await writeFiles(dir, { 'crm-schema.yaml': "manifests: ['schema/**/*.yaml']\n" });
    const pulled = await cli(
      'pull',
      '--associations',
      'tickets:orders',
      '--associations',
      'orders:tickets',
      '--label',
      'tickets->orders',
    );
    expect(pulled.code, pulled.stderr).toBe(0);
    const { readFile, readdir } = await import('node:fs/promises');
    const files = await readdir(`${dir}/schema`);
    const texts = await Promise.all(files.map((f) => readFile(`${dir}/schema/${f}`, 'utf8')));
    const all = texts.join('\n');
    expect(all.match(/Warranty order/g)).toHaveLength(1);
    expect(all.match(/Source ticket/g)).toHaveLength(2); // its text and inverse are the same
    expect(all).toContain('inverseMaxToObjectIds: 5');
    expect(all).toContain('maxToObjectIds: 2');
    const plan = await cli('plan', '--detailed-exitcode');
    expect([plan.code, plan.stdout]).toEqual([0, expect.stringContaining('No changes')]);
    expect((await cli('drift')).code).toBe(0);
  });

  it('writes a pair in the direction it was created from, whatever the flag order; notes say where', async () => {
    await warrantyPair();
    const { readFile, readdir } = await import('node:fs/promises');
    const { parseAllDocuments } = await import('yaml');
    /** `from->to: label texts` of every Associations document pulled */
    const pulled = async (): Promise<string[]> => {
      const out: string[] = [];
      for (const file of (await readdir(`${dir}/schema`)).sort()) {
        for (const doc of parseAllDocuments(await readFile(`${dir}/schema/${file}`, 'utf8'))) {
          const m = doc.toJS() as {
            from: string;
            to: string;
            types: { label: string; inverseLabel?: string }[];
          };
          out.push(
            `${m.from}->${m.to}: ${m.types.map((t) => `${t.label}/${t.inverseLabel ?? ''}`).join(', ')}`,
          );
        }
      }
      return out.sort();
    };
    const orders = ['tickets:orders', 'orders:tickets'];
    // only tickets -> orders labels: the other direction's note says where they are written
    for (const flags of [orders, [...orders].reverse()]) {
      await removeDir(dir);
      dir = await tempDir('crm-schema-label-pairs-');
      await writeFiles(dir, { 'crm-schema.yaml': "manifests: ['schema/**/*.yaml']\n" });
      const result = await cli(
        'pull',
        ...flags.flatMap((f) => ['--associations', f]),
        '--label',
        'tickets->orders',
      );
      expect(result.code, result.stderr).toBe(0);
      const output = result.stdout + result.stderr;
      expect(output, flags.join(' ')).not.toContain('nothing to pull');
      expect(output, flags.join(' ')).toContain(
        'orders->tickets: its user labels are written with tickets->orders',
      );
      expect(await pulled(), flags.join(' ')).toEqual(['tickets->orders: Warranty order/Warranty ticket']);
    }
    // a pair created from orders -> tickets goes there, even when tickets:orders is named first
    await links.label('orders', 'tickets', 'source', 'Source ticket', 'Source order');
    for (const flags of [orders, [...orders].reverse()]) {
      await removeDir(dir);
      dir = await tempDir('crm-schema-label-pairs-');
      await writeFiles(dir, { 'crm-schema.yaml': "manifests: ['schema/**/*.yaml']\n" });
      const result = await cli(
        'pull',
        ...flags.flatMap((f) => ['--associations', f]),
        '--label',
        'tickets->orders',
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout + result.stderr).not.toMatch(/nothing to pull|written with/);
      expect(await pulled(), flags.join(' ')).toEqual([
        'orders->tickets: Source ticket/Source order',
        'tickets->orders: Warranty order/Warranty ticket',
      ]);
      const plan = await cli('plan', '--detailed-exitcode');
      expect([plan.code, plan.stdout]).toEqual([0, expect.stringContaining('No changes')]);
    }
  });
});
