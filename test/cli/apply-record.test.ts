/**
 * Every apply leaves a record (through the CLI against the emulator over HTTP): when, who, where, the
 * API version, per change the definition before and after and what its data step wrote; values only
 * where the policy shows them and never a sensitive property's; no token. It validates against
 * schemas/apply-record.schema.json, `history` lists it, `--record FILE` writes it elsewhere, and a record
 * folder outside the project is refused.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApplyRecord } from '../../src/engine/record/shape/record-shape.js';
import { runCli } from '../helpers/cli.js';
import { validateRecord } from '../helpers/record-schema.js';
import { cliAgainst, writeFiles } from '../live/helpers.js';
import { liveProjectPerTest } from '../live/live-project.js';

const project = (extra = '') => `manifests: ['schema/*.yaml']
policy:
  destructive: allow
  recordValues: show
${extra}`;

const V1 = `kind: Properties
objectType: tickets
properties:
  - { name: rec_level, label: Level, type: string, fieldType: text, groupName: ticketinformation }
  - { name: rec_secret, label: Secret, type: string, fieldType: text, groupName: ticketinformation, dataSensitivity: sensitive }
`;
const V2 = `kind: Properties
objectType: tickets
properties:
  - { name: rec_tier, renamedFrom: rec_level, label: Tier, type: string, fieldType: text, groupName: ticketinformation }
  - { name: rec_code, renamedFrom: rec_secret, label: Code, type: string, fieldType: text, groupName: ticketinformation, dataSensitivity: sensitive }
`;

const live = liveProjectPerTest('crm-schema-record-');

function cli(args: string[]) {
  return cliAgainst(live.fx, live.dir)(args, { GITHUB_ACTOR: 'octo-deployer' });
}

async function records(): Promise<{ name: string; text: string; record: ApplyRecord }[]> {
  const folder = join(live.dir, '.crm-schema', 'applies');
  const names = (await readdir(folder)).sort();
  return Promise.all(
    names.map(async (name) => {
      const text = await readFile(join(folder, name), 'utf8');
      return { name, text, record: JSON.parse(text) as ApplyRecord };
    }),
  );
}

describe('the apply record', () => {
  it('records each apply: who, where, before and after, the values a rename copied (not a sensitive one), no token', async () => {
    await writeFiles(live.dir, { 'crm-schema.yaml': project(), 'schema/tickets.yaml': V1 });
    const first = await cli(['apply', '--yes']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/Apply record: \.crm-schema\/applies\/\S+\.json/);
    const created = await live.fx.client.records.batchCreate('tickets', [
      { properties: { subject: 'A', rec_level: 'gold', rec_secret: 's3cret-value' } },
    ]);
    const id = created.results[0]!.id;
    await writeFiles(live.dir, { 'schema/tickets.yaml': V2 });
    const second = await cli(['apply', '--yes']);
    expect(second.code, second.stderr).toBe(0);

    const [one, two] = await records();
    for (const { text, record } of [one!, two!]) {
      expect(validateRecord(record), JSON.stringify(validateRecord.errors)).toBe(true);
      expect(text).not.toContain(live.fx.emulator.token);
      expect(record.actor).toEqual({ name: 'octo-deployer', source: 'ci' });
      expect(record.apiVersion).toBe('legacy');
      expect(record.target.baseUrl).toBe(live.fx.emulator.url);
      expect(record.ok).toBe(true);
    }
    expect(one!.record.changes.map((c) => [c.id, c.outcome, c.before === undefined])).toEqual([
      ['property.create tickets.rec_level', 'applied', true],
      ['property.create tickets.rec_secret', 'applied', true],
    ]);
    expect(one!.record.changes[0]!.after).toMatchObject({ name: 'rec_level', label: 'Level' });

    const renames = two!.record.changes;
    const tier = renames.find((c) => c.address === 'tickets.rec_tier')!;
    expect(tier.before).toBeUndefined();
    expect(tier.after).toMatchObject({ name: 'rec_tier', label: 'Tier' });
    expect(tier.data).toEqual({
      read: expect.any(Number) as number,
      written: 1,
      verified: true,
      conflicts: 0,
      records: [{ id, property: 'rec_tier', after: 'gold' }],
      partial: false,
      valuesShown: true,
    });
    // a sensitive property's values are never in the record: ids only
    const code = renames.find((c) => c.address === 'tickets.rec_code')!;
    expect(code.data?.records).toEqual([{ id, property: 'rec_code' }]);
    expect(code.data?.valuesShown).toBe(false);
    expect(two!.text).not.toContain('s3cret-value');

    const history = await runCli(['history'], { cwd: live.dir });
    expect(history.code, history.stderr).toBe(0);
    expect(history.stdout.split('\n').filter((l) => l.includes('octo-deployer'))).toHaveLength(2);
    expect(history.stdout).toContain('2 applied');
    const json = JSON.parse((await runCli(['history', '--json'], { cwd: live.dir })).stdout) as {
      records: { id: string; counts: { applied: number } }[];
    };
    expect(json.records.map((r) => r.id)).toEqual([one!.record.id, two!.record.id]);
  });

  it('keeps no value where the policy hides them (the default)', async () => {
    await writeFiles(live.dir, {
      'crm-schema.yaml': "manifests: ['schema/*.yaml']\npolicy: { destructive: allow }\n",
      'schema/tickets.yaml': V1,
    });
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    await live.fx.client.records.batchCreate('tickets', [
      { properties: { subject: 'A', rec_level: 'gold' } },
    ]);
    await writeFiles(live.dir, { 'schema/tickets.yaml': V2 });
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    const [, two] = await records();
    expect(two!.text).not.toContain('gold');
    expect(two!.record.changes.find((c) => c.address === 'tickets.rec_tier')?.data?.valuesShown).toBe(false);
  });

  it('--record FILE writes it there; a record folder outside the project is refused before anything is sent', async () => {
    await writeFiles(live.dir, { 'crm-schema.yaml': project(), 'schema/tickets.yaml': V1 });
    const run = await cli(['apply', '--yes', '--record', 'out/deploy.json']);
    expect(run.code, run.stderr).toBe(0);
    const record = JSON.parse(await readFile(join(live.dir, 'out', 'deploy.json'), 'utf8')) as ApplyRecord;
    expect(record.changes).toHaveLength(2);

    await writeFiles(live.dir, {
      'crm-schema.yaml': project('applyRecords: ../elsewhere\n'),
      'schema/tickets.yaml': V2,
    });
    const refused = await cli(['apply', '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('The record folder ../elsewhere is outside the project folder');
    const tier = await live.fx.client.properties.batchRead('tickets', ['rec_tier']);
    expect(tier.results).toEqual([]);
  });
});
