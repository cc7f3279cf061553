/**
 * The read-only token a pull request plan uses: `crm.schemas.*.read` and `crm.objects.*.read` are
 * enough for plan (with its data check) and drift; apply with it is refused by the CRM (403, missing
 * scopes) and changes nothing. The emulator enforces the scopes like the CRM.
 */
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
