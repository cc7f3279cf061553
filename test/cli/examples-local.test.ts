/**
 * The README's first commands on a fresh machine, through the CLI (test/helpers/cli.ts; dist/ is built
 * by test/global-setup.ts): the examples project against a new local emulator, in a temp copy, so that
 * `.crm-schema/local.json` lands there. The first plan creates everything, the event definition included;
 * after `apply --local --yes` the plan is empty. The project's environments speak API version 2026-09.
 */
import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../live/helpers.js';
import { ROOT, runCli, type Run } from '../helpers/cli.js';

const CONFIG = ['--config', 'examples/crm-schema.yaml'];

const run = (args: string[], cwd: string): Promise<Run> => runCli(args, { cwd });

interface PlannedChange {
  id: string;
  type: string;
  phase: string;
  dependsOn: string[];
  requests: { method: string; path: string; body?: unknown }[];
}

describe('the examples project on a fresh local emulator', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await tempDir('crm-schema-examples-local-');
    await cp(join(ROOT, 'examples'), join(dir, 'examples'), { recursive: true });
  });
  afterAll(async () => {
    await removeDir(dir);
  });

  it('plans every create (the event definition first, then its properties), applies them, then plans nothing', async () => {
    const json = await run(['plan', '--local', '--json', ...CONFIG], dir);
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    const doc = JSON.parse(json.stdout) as {
      changes: PlannedChange[];
      diagnostics: unknown[];
      summary: Record<string, number>;
    };
    expect(doc.diagnostics).toStrictEqual([]);
    expect(doc.summary).toMatchObject({ changes: 39, create: 39, errors: 0, warnings: 0, dangerous: 0 });
    const definition = doc.changes.find((c) => c.type === 'eventDefinition.create')!;
    expect(definition).toMatchObject({
      id: 'eventDefinition.create event:order_shipped',
      phase: 'eventDefinitions.create',
      requests: [
        {
          method: 'POST',
          path: '/events/2026-09/event-definitions',
          body: {
            label: 'Order shipped',
            name: 'order_shipped',
            description: 'An order left the warehouse.',
            primaryObject: 'CONTACT',
            includeDefaultProperties: false,
          },
        },
      ],
    });
    // its four properties go in the same call, each still a change of its own with no request
    const sent = (definition.requests[0]!.body as { propertyDefinitions: { name: string }[] })
      .propertyDefinitions;
    expect(sent.map((p) => p.name)).toStrictEqual([
      'carrier',
      'tracking_number',
      'parcel_count',
      'shipped_at',
    ]);
    const eventProperties = doc.changes.filter((c) => c.type === 'eventProperty.create');
    expect(eventProperties.map((c) => c.id)).toStrictEqual([
      'eventProperty.create event:order_shipped.carrier',
      'eventProperty.create event:order_shipped.parcel_count',
      'eventProperty.create event:order_shipped.shipped_at',
      'eventProperty.create event:order_shipped.tracking_number',
    ]);
    for (const change of eventProperties) {
      expect(change.dependsOn).toStrictEqual([definition.id]);
      expect(change.requests).toStrictEqual([]);
    }
    expect(doc.changes.indexOf(definition)).toBe(doc.changes.indexOf(eventProperties[0]!) - 1);
    expect(existsSync(join(dir, '.crm-schema', 'local.json'))).toBe(true);

    const text = await run(['plan', '--local', ...CONFIG], dir);
    expect(text.code).toBe(0);
    const lines = text.stdout.trimEnd().split('\n');
    expect(lines.slice(lines.indexOf('event:order_shipped (5 changes)'))).toStrictEqual([
      'event:order_shipped (5 changes)',
      '  +   Create event definition event:order_shipped "Order shipped" (primary object CONTACT) with its 4 properties',
      '      irreversible: the API cannot delete an event definition: a rollback deletes its properties and leaves it; delete it in the CRM if it must go',
      '      description: "An order left the warehouse."',
      '  +   Create event property event:order_shipped.carrier "Carrier" (enumeration), with its event definition',
      '      options: post "Post", courier "Courier", pickup_point "Pickup point"',
      '  +   Create event property event:order_shipped.parcel_count "Parcels" (number), with its event definition',
      '  +   Create event property event:order_shipped.shipped_at "Shipped at" (datetime), with its event definition',
      '  +   Create event property event:order_shipped.tracking_number "Tracking number" (string), with its event definition',
      '',
      'Plan: 39 to create.',
    ]);

    const applied = await run(['apply', '--local', '--yes', ...CONFIG], dir);
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain(
      '  +   Create event definition event:order_shipped "Order shipped" (primary object CONTACT) with its 4 properties\n',
    );
    // 39 changes in fewer calls: creates of one kind share batch calls
    expect(applied.stdout).toMatch(/\nApply: 39 applied in \d+ ms\. \d+ write calls\.\n$/);

    const again = await run(['plan', '--local', '--detailed-exitcode', ...CONFIG], dir);
    expect(again).toStrictEqual({
      code: 0,
      stdout:
        'Plan for local:.crm-schema/local.json (environment staging), account 1000001 (Emulator account 1000001)\n\n' +
        'No changes. The live account matches the manifests.\n',
      stderr: '',
    });
  }, 60_000);
});
