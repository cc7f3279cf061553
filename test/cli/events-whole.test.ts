/**
 * Event definitions through the CLI against the emulator: a definition the plan creates goes in one call
 * with all its properties (each still a change of the plan), and a changed label or description is a
 * PATCH of the definition, after which the plan is empty.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type Run } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';

const TOKEN = 'events-whole-test-token';

const MANIFEST = (label: string, description: string) =>
  [
    'kind: EventProperties',
    'eventName: order_shipped',
    `definition: { label: ${label}, description: ${description} }`,
    'properties:',
    ...Array.from({ length: 20 }, (_, i) => `  - { name: shipped_p${i}, label: Shipped ${i}, type: string }`),
    '',
  ].join('\n');

describe('event definitions, whole', () => {
  let emulator: TestEmulator;
  let dir: string;
  const cli = (...args: string[]): Promise<Run> =>
    runCli(args, { cwd: dir, env: { CRM_BASE_URL: emulator.url, CRM_ACCESS_TOKEN: TOKEN } });
  const calls = (run: Run) =>
    run.stderr.split('\n').filter((line) => /^(GET|POST|PATCH|PUT|DELETE) /.test(line));

  beforeAll(async () => {
    emulator = await startTestEmulator({ tokens: [TOKEN] });
    dir = await tempDir('crm-schema-events-whole-');
    await writeFiles(dir, {
      'crm-schema.yaml': "manifests: ['*.props.yaml']\npolicy: { manage: { events: [order_shipped] } }\n",
      'events.props.yaml': MANIFEST('Order shipped', 'Left the warehouse'),
    });
  });
  afterAll(async () => {
    await emulator.close();
    await removeDir(dir);
  });

  it('creates a definition with its 20 properties in one call; the plan still lists each property', async () => {
    const plan = await cli('plan');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('with its 20 properties');
    expect(plan.stdout.match(/Create event property event:order_shipped\.shipped_p\d+/g)).toHaveLength(20);

    const apply = await cli('apply', '--yes', '--verbose');
    expect(apply.code, apply.stderr).toBe(0);
    const writes = calls(apply).filter((line) => !line.startsWith('GET ') && !/batch\/read/.test(line));
    expect(writes).toEqual([
      expect.stringMatching(/^POST \/events\/v3\/event-definitions -> 201/) as unknown,
    ]);
    const created = emulator.state.eventDefinitions.order_shipped!;
    expect(created.properties.map((p) => p.name).filter((n) => n.startsWith('shipped_'))).toHaveLength(20);

    const again = await cli('plan', '--detailed-exitcode');
    expect([again.code, again.stdout]).toEqual([0, expect.stringContaining('No changes.') as unknown]);
  });

  it('changes the label and description in place, by PATCH', async () => {
    await writeFiles(dir, { 'events.props.yaml': MANIFEST('Order sent', 'Handed to the carrier') });
    const plan = await cli('plan');
    expect(plan.stdout).toContain('Update event definition event:order_shipped: label, description');
    const apply = await cli('apply', '--yes', '--verbose');
    expect(apply.code, apply.stderr).toBe(0);
    expect(calls(apply).filter((line) => !line.startsWith('GET ') && !/batch\/read/.test(line))).toEqual([
      expect.stringMatching(/^PATCH \/events\/v3\/event-definitions\/order_shipped -> 200/) as unknown,
    ]);
    const definition = emulator.state.eventDefinitions.order_shipped!;
    expect([definition.labels.singular, definition.description]).toEqual([
      'Order sent',
      'Handed to the carrier',
    ]);
    expect((await cli('plan', '--detailed-exitcode')).code).toBe(0);
  });
});
