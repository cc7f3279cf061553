/**
 * API version 2026-09 checks every record write against the account's required-property rules. A rename
 * copies values record by record: when the account refuses a record's write, the change stops before its
 * archive, names the records and the rule, and a later apply (once the records are fixed) resumes. The
 * same rename on 2026-03 (and legacy), where the rule is not enforced, goes through.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApplyReport } from '../../src/engine/apply/types.js';
import { parseRequiredRule } from '../../src/emulator/records/required-rules.js';
import {
  cliAgainst,
  liveFixture,
  removeDir,
  tempDir,
  writeFiles,
  type LiveFixture,
} from '../live/helpers.js';

const PROJECT = `manifests: ['schema/**/*.yaml']\n`;
const RENAMED = `kind: Properties
objectType: tickets
properties:
  - { name: support_tier, renamedFrom: support_level, label: Support tier, type: string, fieldType: text, groupName: ticketinformation }
`;

let fx: LiveFixture;
let dir: string;

beforeEach(async () => {
  // a ticket in pipeline stage 4 must say who escalated it
  fx = await liveFixture({
    requiredPropertyRules: [parseRequiredRule('tickets.escalated_by:hs_pipeline_stage=4')],
  });
  dir = await tempDir('crm-schema-rule-');
  await fx.client.properties.create('tickets', {
    name: 'support_level',
    label: 'Support level',
    type: 'string',
    fieldType: 'text',
    groupName: 'ticketinformation',
  });
  await fx.client.properties.create('tickets', {
    name: 'escalated_by',
    label: 'Escalated by',
    type: 'string',
    fieldType: 'text',
    groupName: 'ticketinformation',
  });
  await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': RENAMED });
});
afterEach(async () => {
  await fx.close();
  await removeDir(dir);
});

function cli(args: string[]) {
  return cliAgainst(fx, dir)(args);
}

/** Three tickets with a support level; the second sits in stage 4 without escalated_by (the legacy paths do not check). */
async function seed(): Promise<string[]> {
  const created = await fx.client.records.batchCreate('tickets', [
    { properties: { subject: 'A', support_level: 'gold' } },
    { properties: { subject: 'B', support_level: 'silver', hs_pipeline_stage: '4' } },
    { properties: { subject: 'C', support_level: 'bronze', hs_pipeline_stage: '4', escalated_by: 'ann' } },
  ]);
  expect(created.errors).toEqual([]);
  return created.results.map((r) => r.id).sort((a, b) => Number(a) - Number(b));
}

async function liveNames(): Promise<{ name: string; archived: boolean }[]> {
  const names = ['support_level', 'support_tier'];
  const found = await fx.client.properties.batchRead('tickets', names);
  const archived = await fx.client.properties.batchRead('tickets', names, { archived: true });
  return [
    ...found.results.map((p) => ({ name: p.name, archived: false })),
    ...archived.results.map((p) => ({ name: p.name, archived: true })),
  ].sort((a, b) => a.name.localeCompare(b.name));
}

describe('a rename on 2026-09 that meets a required-property rule', () => {
  it('stops before the archive, names the record and the rule, and resumes once the record is fixed', async () => {
    const [, blocked] = await seed();
    const run = await cli(['apply', '--yes', '--json', '--api-version', '2026-09', '--allow-destructive']);
    expect(run.code, run.stderr).toBe(1);
    const report = JSON.parse(run.stdout) as ApplyReport;
    const failed = report.outcomes.find((c) => c.status === 'failed');
    expect(failed?.id).toBe('property.rename tickets.support_tier');
    expect(failed?.error?.code).toBe('MIGRATION_BLOCKED_BY_RULE');
    expect(failed?.error?.message).toContain(`The account refused writing 1 tickets record (${blocked!})`);
    expect(failed?.error?.message).toContain('the required-property rule on tickets.escalated_by');
    expect(failed?.error?.message).toContain('nothing was archived or removed');
    // the two records the rule let through were copied, and the report (and the apply record) say so
    expect(failed?.records?.written).toBe(2);
    // the old property is still there, the new one holds the values the rule let through
    expect(await liveNames()).toEqual([
      { name: 'support_level', archived: false },
      { name: 'support_tier', archived: false },
    ]);

    // the record gets its value (through the legacy paths, which do not check the rule), and the
    // apply resumes: it copies the last value and archives the old property
    await fx.client.records.update('tickets', blocked!, { escalated_by: 'bob' });
    const again = await cli(['apply', '--yes', '--api-version', '2026-09', '--allow-destructive']);
    expect(again.code, again.stderr + again.stdout).toBe(0);
    expect(await liveNames()).toEqual([
      { name: 'support_level', archived: true },
      { name: 'support_tier', archived: false },
    ]);
  });

  it('goes through on 2026-03, which does not enforce the rule', async () => {
    await seed();
    const run = await cli(['apply', '--yes', '--api-version', '2026-03', '--allow-destructive']);
    expect(run.code, run.stderr + run.stdout).toBe(0);
    expect(await liveNames()).toEqual([
      { name: 'support_level', archived: true },
      { name: 'support_tier', archived: false },
    ]);
  });
});
