/**
 * The read-only token a pull request plan uses: `crm.schemas.*.read` and `crm.objects.*.read` are
 * enough for plan (with its data check) and drift; apply with it is refused by the CRM (403, missing
 * scopes) and changes nothing. The emulator enforces the scopes like the CRM.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type Run } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';

const WRITER = 'read-only-test-writer-token';
const READER = 'read-only-test-reader-token';
const READ_SCOPES = 'crm.schemas.*.read,crm.objects.*.read';

const TICKETS = (label: string) => `kind: Properties
objectType: tickets
groups: [{ name: support, label: Support }]
properties:
  - { name: support_note, label: ${label}, type: string, fieldType: text, groupName: support }
  - { name: support_old, archived: true }
---
kind: Associations
from: tickets
to: orders
types:
  - { label: Warranty order, inverseLabel: Warranty ticket, maxToObjectIds: 2 }
`;

describe('a read-only token', () => {
  let emulator: TestEmulator;
  let dir: string;
  const cli = (token: string, ...args: string[]): Promise<Run> =>
    runCli(args, { cwd: dir, env: { CRM_BASE_URL: emulator.url, CRM_ACCESS_TOKEN: token } });

  beforeAll(async () => {
    emulator = await startTestEmulator({ tokens: [WRITER, `${READER}:${READ_SCOPES}`] });
    dir = await tempDir('crm-schema-read-only-');
    await writeFiles(dir, {
      'crm-schema.yaml': "manifests: ['schema/*.yaml']\npolicy: { destructive: allow }\n",
      'schema/tickets.yaml': TICKETS('Note'),
    });
    expect((await cli(WRITER, 'apply', '--yes')).code).toBe(0);
    await writeFiles(dir, { 'schema/tickets.yaml': TICKETS('Agent note') });
  });
  afterAll(async () => {
    await emulator.close();
    await removeDir(dir);
  });

  it('plans (data check included) and checks drift', async () => {
    const plan = await cli(READER, 'plan', '--detailed-exitcode');
    expect([plan.code, plan.stderr]).toEqual([2, '']);
    expect(plan.stdout).toContain('Update property tickets.support_note: label');
    const drift = await cli(READER, 'drift');
    expect(drift.code).toBe(2);
  });

  it('cannot apply: the CRM refuses the write, nothing changes', async () => {
    const before = JSON.stringify(emulator.state.objectTypes['0-5']!.properties.support_note);
    const apply = await cli(READER, 'apply', '--yes');
    expect(apply.code).toBe(1);
    expect(apply.stdout + apply.stderr).toContain('crm.schemas.tickets.write');
    expect(JSON.stringify(emulator.state.objectTypes['0-5']!.properties.support_note)).toBe(before);
  });
});

/**
 * Event definitions have one scope on the platform, which also writes them: the plan job's token holds
 * none. Its plan says, per event definition, that it was not read (a notice, exit 2 with
 * --detailed-exitcode: changes may be present there); apply of that saved plan, with the deploy token,
 * plans the events now, shows that part (terminal and step summary) before it applies it. Apply and drift
 * with the read-only token never pretend to have read them.
 */
describe('a plan job token without the event scope', () => {
  let emulator: TestEmulator;
  let dir: string;
  const EVENTS = `kind: EventProperties
eventName: ro_shipped
definition: { label: Shipped, primaryObject: CONTACT }
properties:
  - { name: carrier, label: Carrier, type: string }
`;
  const cli = (token: string, args: string[], env: Record<string, string> = {}): Promise<Run> =>
    runCli(args, { cwd: dir, env: { CRM_BASE_URL: emulator.url, CRM_ACCESS_TOKEN: token, ...env } });

  beforeAll(async () => {
    emulator = await startTestEmulator({ tokens: [WRITER, `${READER}:${READ_SCOPES}`] });
    dir = await tempDir('crm-schema-no-event-scope-');
    await writeFiles(dir, {
      'crm-schema.yaml': "manifests: ['schema/*.yaml']\n",
      'schema/tickets.yaml': TICKETS('Note'),
      'schema/events.yaml': EVENTS,
    });
  });
  afterAll(async () => {
    await emulator.close();
    await removeDir(dir);
  });

  it('plans without them, saying so; apply of that plan with the deploy token plans them and shows them first', async () => {
    const plan = await cli(READER, ['plan', '--out', 'plan.json', '--detailed-exitcode']);
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain(
      'info EVENTS_NOT_READ: event:ro_shipped was not read, so it is not planned here: the token lacks behavioral_events.event_definitions.read_write',
    );
    expect(plan.stdout).not.toContain('Create event definition');
    const json = await cli(READER, ['plan', '--json']);
    expect((JSON.parse(json.stdout) as { notRead?: string[] }).notRead).toEqual(['events']);

    const drift = await cli(READER, ['drift']);
    expect(drift.stdout).toContain('EVENTS_NOT_READ');

    // the read-only token cannot apply it: the events are never sent unread
    const refused = await cli(READER, ['apply', 'plan.json']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'apply cannot read the event definitions the manifests name (event:ro_shipped)',
    );
    expect(emulator.state.eventDefinitions.ro_shipped).toBeUndefined();

    const summary = join(dir, 'summary.md');
    const applied = await cli(WRITER, ['apply', 'plan.json'], { GITHUB_STEP_SUMMARY: summary });
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stderr).toContain('The saved plan could not read the event definitions');
    expect(applied.stderr).toContain('Create event definition event:ro_shipped');
    const markdown = await readFile(summary, 'utf8');
    expect(markdown.indexOf('Planned at apply: event definitions')).toBeGreaterThanOrEqual(0);
    expect(markdown.indexOf('Planned at apply')).toBeLessThan(markdown.indexOf('Apply'));
    const after = await cli(WRITER, ['plan', '--detailed-exitcode']);
    expect(after.code, after.stdout).toBe(0);
  });
});
