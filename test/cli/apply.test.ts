/**
 * `crm-schema apply` against an in-process emulator that records every request: the CLI's own `main` in
 * this process (test/helpers/in-process.ts), and the real binary where stdin is the subject and for one
 * apply from start to end.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApplyReport } from '../../src/engine/apply/types.js';
import type { DryRun } from '../../src/engine/apply/dry-run.js';
import { recordingEmulator, type RecordingEmulator } from '../apply/cli-helpers.js';
import { runBinary, runCli, type Run } from '../helpers/cli.js';
import { PROJECT_FILE, writeFiles } from '../apply/helpers.js';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';

const TICKETS = `kind: Properties
objectType: tickets
groups:
  - { name: support, label: Support }
properties:
  - { name: upd, label: Before, type: string, fieldType: text, groupName: support }
  - { name: level, label: Level, type: enumeration, fieldType: select, groupName: support, options: [{ label: Low, value: low }] }
---
kind: Associations
from: tickets
to: orders
types:
  - { label: Primary order, maxToObjectIds: 1 }
`;

let emulator: RecordingEmulator;
let dir: string;

beforeEach(async () => {
  emulator = await recordingEmulator();
  dir = await mkdtemp(join(tmpdir(), 'crm-schema-apply-cli-'));
  await writeFiles(dir, { 'crm-schema.yaml': PROJECT_FILE, 'schema/tickets.yaml': TICKETS });
});
afterEach(async () => {
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});

function cli(args: string[], stdin?: string): Promise<Run> {
  return runCli([...args, '--base-url', emulator.url], {
    cwd: dir,
    env: { CRM_ACCESS_TOKEN: emulator.token, CRM_BASE_URL: '' },
    ...(stdin === undefined ? {} : { stdin }),
  });
}

function calls(): string[] {
  return emulator.writes().map((r) => `${r.method} ${r.url}`);
}

describe('crm-schema apply', () => {
  it('without a terminal and without --yes, refuses at once and calls nothing', async () => {
    const run = await cli(['apply'], 'y\n');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'Error: apply asks for confirmation before it changes the account, but standard input is not a terminal. Nothing was read or changed.',
    );
    expect(run.stderr).toContain('Hint: Give --yes to apply without asking');
    expect(emulator.requests).toEqual([]);
  });

  it('with --yes applies the plan; plan is empty afterwards (the real binary)', async () => {
    const run = await runBinary(['apply', '--yes', '--base-url', emulator.url], {
      cwd: dir,
      env: { CRM_ACCESS_TOKEN: emulator.token, CRM_BASE_URL: '' },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Plan: 5 to create.');
    expect(run.stdout).toContain('Apply: 5 applied in ');
    expect(run.stderr).toContain('properties.create: 2 applied');
    const after = await cli(['plan', '--detailed-exitcode']);
    expect(after.stdout).toContain('No changes. The live account matches the manifests.');
    expect(after.code).toBe(0);
  });

  it('--dry-run prints the exact requests and sends no write; apply then sends exactly those', async () => {
    const dry = await cli(['apply', '--dry-run', '--json']);
    expect(dry.code).toBe(0);
    expect(calls()).toEqual([]);
    const printed = JSON.parse(dry.stdout) as DryRun;
    const text = await cli(['apply', '--dry-run']);
    expect(text.stdout).toContain(
      'Dry run: 4 requests for 5 changes, in the order apply would send them. Nothing was sent.',
    );
    expect(text.stdout).toContain('1. POST /crm/v3/properties/tickets/groups  (groups.create, 1 change)');
    expect(calls()).toEqual([]);

    const run = await cli(['apply', '--yes', '--parallelism', '1']);
    expect(run.code).toBe(0);
    const sent = emulator.writes();
    const typeId = Object.values(emulator.state.associationTypes).find(
      (t) => t.label === 'Primary order',
    )!.typeId;
    expect(sent.map((r) => ({ method: r.method, path: r.url, body: r.body }))).toEqual(
      printed.requests.map((r) => ({
        method: r.method,
        path: r.path,
        body: JSON.parse(
          JSON.stringify(r.body).replace('{"ref":"tickets->orders:Primary order"}', String(typeId)),
        ),
      })),
    );
  });

  it('--local applies to the built-in emulator; plan --local then shows no changes', async () => {
    const env = { CRM_BASE_URL: '' };
    const run = await runCli(['apply', '--local', '--yes'], { cwd: dir, env });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      'Applying 5 changes to the local emulator (.crm-schema/local.json), account 1000001 (app.crm-schema.local).',
    );
    const plan = await runCli(['plan', '--local', '--detailed-exitcode'], { cwd: dir, env });
    expect(plan.stdout).toContain('No changes. The live account matches the manifests.');
    expect(plan.code).toBe(0);
    expect(emulator.requests).toEqual([]);
  });

  it('--json prints the report', async () => {
    const run = await cli(['apply', '--yes', '--json']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as ApplyReport;
    expect(report.ok).toBe(true);
    expect(report.summary).toEqual({
      total: 5,
      applied: 5,
      alreadyDone: 0,
      failed: 0,
      skipped: 0,
      refused: 0,
    });
    expect(report.outcomes.map((o) => o.status)).toEqual([
      'applied',
      'applied',
      'applied',
      'applied',
      'applied',
    ]);
    // the plan went to stderr, so stdout is only the JSON
    expect(run.stderr).toContain('Plan: 5 to create.');
  });
});

describe('crm-schema apply PLANFILE', () => {
  beforeEach(async () => {
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    await writeFiles(dir, {
      'schema/tickets.yaml': TICKETS.replace('label: Before', 'label: After') + EXTRA,
    });
    const plan = await cli(['plan', '--out', 'plan.json']);
    expect(plan.code).toBe(0);
    emulator.requests.length = 0;
  });

  const EXTRA = `---
kind: Properties
objectType: orders
properties:
  - { name: ord_note, label: Note, type: string, fieldType: text, groupName: orderinformation }
`;

  it('applies exactly the saved changes; run again, finds them already done', async () => {
    const run = await cli(['apply', 'plan.json']);
    expect(run.code).toBe(0);
    expect(calls()).toEqual(['POST /crm/v3/properties/orders', 'PATCH /crm/v3/properties/tickets/upd']);
    expect(run.stderr).toContain(
      `Applying 2 changes of plan.json to ${emulator.url}, account 1000001 (app.crm-schema.local).`,
    );
    emulator.requests.length = 0;
    const again = await cli(['apply', 'plan.json']);
    expect(again.code).toBe(0);
    expect(calls()).toEqual([]);
    expect(again.stdout).toContain('Apply: 0 applied, 2 already done in ');
  });

  it('refuses a plan the account moved away from, naming what moved, and writes nothing', async () => {
    const changed = await emulator.call('PATCH', '/crm/v3/properties/tickets/upd', { label: 'Someone else' });
    expect(changed.status).toBe(200);
    emulator.requests.length = 0;
    const run = await cli(['apply', 'plan.json']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'Error: The plan does not match the manifests and the live account (1 difference); nothing was applied:\n' +
        '  - property.update tickets.upd: meta: label: the account held "Before" when planned, "Someone else" now\n',
    );
    expect(run.stderr).toContain('Hint: Make a new plan (crm-schema plan --out FILE)');
    expect(calls()).toEqual([]);
  });

  it('refuses a plan made for another target, before any call', async () => {
    const run = await runCli(['apply', 'plan.json', '--base-url', 'http://127.0.0.1:9'], {
      cwd: dir,
      env: { CRM_ACCESS_TOKEN: emulator.token },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `Error: plan.json was made for another target: base URL ${emulator.url} (now http://127.0.0.1:9). Nothing was applied.`,
    );
    expect(emulator.requests).toEqual([]);
  });

  it('refuses a plan made from other manifests', async () => {
    await writeFiles(dir, { 'schema/tickets.yaml': TICKETS });
    const run = await cli(['apply', 'plan.json']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /Error: plan\.json was made from other manifests than the current ones \(digest \w{12}, now \w{12}\)\. Nothing was applied\./,
    );
    expect(emulator.requests).toEqual([]);
  });

  it('refuses an unknown format version and another tool version, clearly', async () => {
    const saved = JSON.parse(await readFile(join(dir, 'plan.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(join(dir, 'v9.json'), JSON.stringify({ ...saved, formatVersion: 9 }));
    await writeFile(
      join(dir, 'old.json'),
      JSON.stringify({ ...saved, tool: { name: 'crm-schema', version: '7.0.0' } }),
    );
    const v9 = await cli(['apply', 'v9.json']);
    expect(v9.code).toBe(1);
    expect(v9.stderr).toContain(
      'Error: v9.json: This plan has format version 9; this crm-schema reads version 2.',
    );
    const old = await cli(['apply', 'old.json']);
    expect(old.code).toBe(1);
    expect(old.stderr).toContain('Error: old.json was made by crm-schema 7.0.0; this is crm-schema ');
    expect(emulator.requests).toEqual([]);
  });

  it('refuses when the plan made again has an error (a group it needs went away), writing nothing', async () => {
    // the orders group the new property needs goes away after the plan was made
    const orders = Object.values(emulator.state.objectTypes).find((t) => t.name === 'orders')!;
    orders.groups.orderinformation!.archived = true;
    const run = await cli(['apply', 'plan.json']);
    expect(run.code).toBe(1);
    // the plan made again is not printed: the message lists its errors itself
    expect(run.stderr).toContain(
      'Error: The plan has 1 error, so it cannot be applied. Nothing was changed.',
    );
    expect(run.stderr).toMatch(/\n {2}- \w+: /);
    expect(calls()).toEqual([]);
  });
});

describe('the destructive gate on the command line', () => {
  const ARCHIVED = TICKETS.replace(
    '  - { name: level, label: Level, type: enumeration, fieldType: select, groupName: support, options: [{ label: Low, value: low }] }\n',
    '  - { name: level, archived: true }\n  - { name: extra, label: Extra, type: string, fieldType: text, groupName: support }\n',
  );

  beforeEach(async () => {
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    await writeFiles(dir, { 'schema/tickets.yaml': ARCHIVED });
    emulator.requests.length = 0;
  });

  it('refuses the whole plan when the policy refuses a change: nothing written, exit 1, how to allow it', async () => {
    const run = await cli(['apply', '--yes']);
    expect(run.code).toBe(1);
    expect(calls()).toEqual([]);
    expect(run.stdout).toContain('Plan: 1 to create, 1 to archive; 1 destructive, refused by policy.');
    expect(run.stderr).toContain(
      'Error: The plan holds 1 change the policy refuses, so apply would write nothing:\n' +
        '  - property.archive tickets.level: refused by policy: destructive: deny of the project, and tickets.level is not in its allow: list\n' +
        '      to allow it: add tickets.level to allow: of the project, set destructive: allow there, or plan and apply with --allow-destructive\n',
    );
    expect(run.stderr).toContain('apply everything else with --skip-refused');
    // dry-run shows the same decision
    const dry = await cli(['apply', '--dry-run']);
    expect([dry.code, dry.stderr]).toEqual([
      1,
      expect.stringContaining('The plan holds 1 change the policy refuses'),
    ]);
  });

  it('--skip-refused applies everything else and reports the refused change as skipped (exit 0)', async () => {
    const run = await cli(['apply', '--yes', '--skip-refused']);
    expect(run.code).toBe(0);
    expect(calls()).toEqual(['POST /crm/v3/properties/tickets']);
    expect(run.stdout).toContain(
      'Skipped (1):\n  -   Archive property tickets.level\n      refused by policy: destructive: deny',
    );
    expect(run.stdout).toContain('Apply: 1 applied, 1 skipped (1 refused by policy) in ');
  });

  it('applies them with --allow-destructive', async () => {
    const run = await cli(['apply', '--yes', '--allow-destructive']);
    expect(run.code).toBe(0);
    expect(calls().sort()).toEqual([
      'DELETE /crm/v3/properties/tickets/level',
      'POST /crm/v3/properties/tickets',
    ]);
  });

  it("applies the addresses the environment's policy allows", async () => {
    await writeFiles(dir, {
      'crm-schema.yaml': `${PROJECT_FILE}environments:
  test:
    baseUrl: ${emulator.url}
    policy: { destructive: deny, allow: [tickets.level] }
`,
    });
    const run = await runCli(['apply', '--yes', '--env', 'test'], {
      cwd: dir,
      env: { CRM_ACCESS_TOKEN: emulator.token },
    });
    expect(run.code).toBe(0);
    expect(calls().sort()).toEqual([
      'DELETE /crm/v3/properties/tickets/level',
      'POST /crm/v3/properties/tickets',
    ]);
  });
});
