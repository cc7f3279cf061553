/**
 * A data step whose record write the CRM refuses with a message quoting a customer value (a rename's copy
 * into a unique property meets a second record holding the same address: the emulator answers as the
 * platform does, "A tickets record with support_addr '...' already exists"), through the CLI over HTTP.
 * Under `recordValues: hide` (the default) the value is in none of what the run writes: stdout, stderr,
 * the step summary, the JSON report, the apply record; the failure still names its code, the records by
 * id and the properties. Under `recordValues: show` the CRM's message is kept.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApplyReport } from '../../src/engine/apply/types.js';
import { runCli } from '../helpers/cli.js';
import { liveFixture, removeDir, tempDir, writeFiles, type LiveFixture } from '../live/helpers.js';

/** The customer's value, and the parts of it that must not show up (Markdown breaks the `@`). */
const VALUE = 'jane.doe.7731@example.com';
const PARTS = ['jane.doe.7731', 'doe.7731', '7731@', 'example.com'];

const RENAME = `kind: Properties
objectType: tickets
properties:
  - name: support_addr
    renamedFrom: support_mail
    label: Support address
    type: string
    fieldType: text
    hasUniqueValue: true
    groupName: ticketinformation
`;

let fx: LiveFixture;
let dir: string;

beforeEach(async () => {
  fx = await liveFixture();
  dir = await tempDir('crm-schema-record-errors-');
});
afterEach(async () => {
  await fx.close();
  await removeDir(dir);
});

/** Two tickets holding the same address in support_mail: the copy into a unique property fails on the second. */
async function seed(policy: 'hide' | 'show'): Promise<string[]> {
  await fx.client.properties.create('tickets', {
    name: 'support_mail',
    label: 'Support mail',
    type: 'string',
    fieldType: 'text',
    groupName: 'ticketinformation',
  });
  const created = await fx.client.records.batchCreate('tickets', [
    { properties: { subject: 'A', support_mail: VALUE } },
    { properties: { subject: 'B', support_mail: VALUE } },
  ]);
  expect(created.errors).toEqual([]);
  await writeFiles(dir, {
    'crm-schema.yaml': `manifests: ['schema/**/*.yaml']\npolicy:\n  recordValues: ${policy}\n`,
    'schema/tickets.yaml': RENAME,
  });
  return created.results.map((r) => r.id);
}

async function apply(args: string[], name: string) {
  const summary = join(dir, `${name}-summary.md`);
  const record = join(dir, `${name}-record.json`);
  const run = await runCli(['apply', '--yes', '--record', record, ...args, '--base-url', fx.emulator.url], {
    cwd: dir,
    env: { CRM_ACCESS_TOKEN: fx.emulator.token, CRM_BASE_URL: '', GITHUB_STEP_SUMMARY: summary },
  });
  return {
    ...run,
    summary: await readFile(summary, 'utf8'),
    record: await readFile(record, 'utf8'),
  };
}

describe('an error of the CRM about records in a data step', () => {
  it('under recordValues: hide, quotes no value anywhere, and still says what failed on which records', async () => {
    const ids = await seed('hide');
    // the emulator's own answer quotes the value, as the platform's does
    const direct = await fx.client.records.batchUpdate('tickets', [
      { id: ids[1]!, properties: { subject: 'B' } },
    ]);
    expect(direct.errors).toEqual([]);

    const text = await apply([], 'text');
    const json = await apply(['--json'], 'json');
    for (const run of [text, json]) {
      expect(run.code, run.stderr).toBe(1);
      for (const [where, written] of Object.entries({
        stdout: run.stdout,
        stderr: run.stderr,
        summary: run.summary,
        record: run.record,
      }))
        for (const part of PARTS) expect(written, `${where} quotes ${part}`).not.toContain(part);
      expect(run.summary).toContain('VALUE\\_NOT\\_UNIQUE');
    }
    const report = JSON.parse(json.stdout) as ApplyReport;
    const failed = report.outcomes.find((o) => o.status === 'failed');
    expect(failed?.error).toMatchObject({ code: 'CONFLICT', category: 'CONFLICT' });
    expect(failed?.error?.message).toContain('VALUE_NOT_UNIQUE');
    expect(failed?.error?.message).toContain(`tickets records ${ids[0]!}, ${ids[1]!}`);
    expect(failed?.error?.message).toContain('tickets.support_addr');
    expect(failed?.error?.message).toContain('recordValues: hide');
    expect(text.stdout).toContain('CONFLICT: the CRM answered VALUE_NOT_UNIQUE about tickets records');
    const record = JSON.parse(json.record) as { changes: { outcome: string; error?: string }[] };
    expect(record.changes[0]).toMatchObject({ outcome: 'failed' });
    expect(record.changes[0]!.error).toContain('VALUE_NOT_UNIQUE');
  });

  it('under recordValues: show, keeps the CRM’s message', async () => {
    await seed('show');
    const json = await apply(['--json'], 'show');
    expect(json.code, json.stderr).toBe(1);
    const report = JSON.parse(json.stdout) as ApplyReport;
    const failed = report.outcomes.find((o) => o.status === 'failed');
    expect(failed?.error?.message).toContain(`support_addr '${VALUE}' already exists`);
    expect(json.record).toContain(VALUE);
  });
});
