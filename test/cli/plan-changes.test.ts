/**
 * The plan flow against the emulator over HTTP, for every change type: manifests in a temp project,
 * live state set up through the API, then the plan (project loading, live reading, data check, planner,
 * text renderer). Sending the plan's requests and planning again gives no changes: live reading and the
 * manifest adapter normalise alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computePlan } from '../../src/engine/pipeline/compute-plan.js';
import { loadCommandProject } from '../../src/engine/pipeline/project.js';
import { toPlanPolicy } from '../../src/engine/live/managed-scope.js';
import { renderPlanText } from '../../src/engine/render/plan/plan-text.js';
import { liveFixture, removeDir, sendPlan, tempDir, writeFiles, type LiveFixture } from '../live/helpers.js';

const PROJECT = `manifests: ['schema/**/*.yaml']
policy:
  unmanaged: report
  manage:
    { groups: [esc, new_group, retired], prefixes: [t_], events: [order_shipped], labels: [tickets->orders] }
`;

const TICKETS = `kind: Properties
objectType: tickets
groups:
  - { name: esc, label: Escalation }
  - { name: new_group, label: New group, displayOrder: 3 }
  - { name: retired, archived: true }
properties:
  - { name: t_keep, label: Keep, type: string, fieldType: text, groupName: esc }
  - { name: t_relabel, label: New, type: string, fieldType: text, groupName: esc }
  - name: t_level
    label: Level
    type: enumeration
    fieldType: select
    groupName: esc
    options: [{ label: Low, value: low }, { label: High, value: high }]
  - { name: t_uniq, label: Unique, type: string, fieldType: text, groupName: esc, hasUniqueValue: true }
  - { name: t_secret, label: Secret, type: string, fieldType: text, groupName: esc, dataSensitivity: sensitive }
  - { name: t_fresh, label: Fresh, type: number, fieldType: number, groupName: new_group }
  - { name: t_legacy_code, archived: true }
`;

const ASSOCIATIONS = `kind: Associations
from: tickets
to: orders
types:
  - { label: Primary order, inverseLabel: Main ticket, maxToObjectIds: 1 }
  - { label: Capped }
  - { label: New label, maxToObjectIds: 2 }
  - { label: Old label, deleted: true }
  - { category: PLATFORM_DEFINED, typeId: 27, maxToObjectIds: 50 }
`;

const EVENTS = `kind: EventProperties
eventName: order_shipped
properties:
  - name: carrier
    label: Carrier
    type: enumeration
    options: [{ label: Post, value: post }, { label: Courier, value: courier }]
  - { name: parcels, label: Parcels, type: number }
  - { name: tracking, label: Tracking, type: string }
  - { name: old_field, deleted: true }
`;

async function setUpLive(fx: LiveFixture): Promise<void> {
  const c = fx.client;
  await c.groups.create('tickets', { name: 'esc', label: 'Escalation (old)' });
  await c.groups.create('tickets', { name: 'retired', label: 'Retired' });
  const text = (name: string, label: string) =>
    c.properties.create('tickets', { name, label, type: 'string', fieldType: 'text', groupName: 'esc' });
  await text('t_keep', 'Keep');
  await text('t_relabel', 'Old');
  await text('t_uniq', 'Unique');
  await text('t_legacy_code', 'Legacy code');
  await text('t_stray', 'Stray');
  await c.properties.create('tickets', {
    name: 't_secret',
    label: 'Secret',
    type: 'string',
    fieldType: 'text',
    groupName: 'esc',
    dataSensitivity: 'sensitive',
  });
  await c.properties.create('tickets', {
    name: 't_level',
    label: 'Level',
    type: 'enumeration',
    fieldType: 'select',
    groupName: 'esc',
    options: ['low', 'high', 'legacy'].map((value, i) => ({
      label: value[0]!.toUpperCase() + value.slice(1),
      value,
      displayOrder: i,
      hidden: false,
      description: '',
    })),
  });
  const records: Record<string, string>[] = [
    { subject: 'a', t_level: 'legacy', t_legacy_code: 'L1' },
    { subject: 'b', t_level: 'legacy' },
    { subject: 'c', t_level: 'low' },
  ];
  for (const properties of records) await c.records.create('tickets', { properties });
  const primary = await c.associations.createLabel('tickets', 'orders', {
    name: 'primary_order',
    label: 'Primary order',
    inverseLabel: 'Ticket',
  });
  const capped = await c.associations.createLabel('tickets', 'orders', { name: 'capped', label: 'Capped' });
  await c.associations.createLabel('tickets', 'orders', { name: 'old_label', label: 'Old label' });
  await c.limits.batchCreate('tickets', 'orders', [
    { category: 'USER_DEFINED', typeId: primary[0]!.typeId, maxToObjectIds: 3 },
    { category: 'USER_DEFINED', typeId: capped[0]!.typeId, maxToObjectIds: 5 },
  ]);
  await c.events.create({
    label: 'Order shipped',
    name: 'order_shipped',
    includeDefaultProperties: false,
    propertyDefinitions: [
      {
        name: 'carrier',
        label: 'Carrier (old)',
        type: 'enumeration',
        options: [{ label: 'Post', value: 'post' }],
      },
      { name: 'parcels', label: 'Parcels', type: 'string' },
      { name: 'old_field', label: 'Old field', type: 'string' },
    ],
  });
}

describe('plan against the emulator, every change type', () => {
  let fx: LiveFixture;
  let dir: string;
  beforeAll(async () => {
    fx = await liveFixture();
    dir = await tempDir();
    await writeFiles(dir, {
      'crm-schema.yaml': PROJECT,
      'schema/tickets.yaml': TICKETS,
      'schema/associations.yaml': ASSOCIATIONS,
      'schema/events.yaml': EVENTS,
    });
    await setUpLive(fx);
  });
  afterAll(async () => {
    await fx.close();
    await removeDir(dir);
  });

  const planNow = async () => {
    const project = await loadCommandProject({ cwd: dir });
    return computePlan(fx.client, project.desired, { policy: toPlanPolicy(project.config.policy) });
  };

  it('lists each change with its type and address, in apply order, with record counts', async () => {
    fx.calls.length = 0;
    const { plan, searches } = await planNow();
    expect(plan.changes.map((c) => `${c.type} ${c.address}`)).toEqual([
      'group.create tickets.group:new_group',
      'property.create tickets.t_fresh',
      'property.replace tickets.t_uniq',
      'property.update tickets.t_level',
      'property.update tickets.t_relabel',
      'group.update tickets.group:esc',
      'label.create tickets->orders:New label',
      'label.update tickets->orders:Primary order',
      'limit.set tickets->orders:New label',
      'limit.set tickets->orders:PLATFORM_DEFINED/27',
      'limit.set tickets->orders:Primary order',
      'eventProperty.update event:order_shipped.carrier',
      'eventProperty.delete event:order_shipped.parcels',
      'eventProperty.create event:order_shipped.parcels',
      'eventProperty.create event:order_shipped.tracking',
      'eventProperty.delete event:order_shipped.old_field',
      'limit.purge tickets->orders:Capped',
      'label.delete tickets->orders:Old label',
      'property.archive tickets.t_legacy_code',
      'group.archive tickets.group:retired',
    ]);
    expect(plan.summary).toMatchObject({ changes: 20, errors: 0, warnings: 1 });
    expect(plan.diagnostics.map((d) => `${d.level} ${d.code} ${d.address ?? ''}`)).toEqual([
      'warning UNMANAGED_PROPERTY tickets.t_stray',
    ]);
    const level = plan.changes.find((c) => c.address === 'tickets.t_level')!;
    expect([level.severity, level.affected?.count, level.reason]).toEqual([
      'destructive',
      2,
      "removes option 'legacy': 2 records still hold 'legacy' (give the option that takes over in replaces to rewrite them)",
    ]);
    const archive = plan.changes.find((c) => c.type === 'property.archive')!;
    expect([archive.severity, archive.affected]).toEqual([
      'destructive',
      { unit: 'records', count: 1, exact: true },
    ]);
    // tickets read in full (3 sensitivities; a group is archived and the policy watches t_), its groups,
    // both directions of tickets/orders (an inverse label is declared), the event; then the searches
    // (one for the three targets together: records hold some; then one each), and for the label delete
    // one list of the tickets and one read of their links (which also count the records over the lowered
    // limit of Primary order); one batch read of the archived properties, for the declared name that is
    // not active (a restore is not a create)
    expect(searches).toBe(4 + 2);
    expect(fx.calls.filter((c) => c.path.includes('/search'))).toHaveLength(4);
    expect(
      fx.calls.filter((c) => c.path.startsWith('/crm/v4/associations/tickets/orders/batch/read')),
    ).toHaveLength(1);
    expect(fx.calls).toHaveLength(3 + 1 + 2 + 1 + 4 + 2 + 1);
    expect(
      fx.calls.filter((c) => c.path === '/crm/v3/properties/tickets/batch/read' && c.method === 'POST'),
    ).toHaveLength(1);
    const labelDelete = plan.changes.find((c) => c.type === 'label.delete')!;
    expect(labelDelete.affected).toEqual({ unit: 'associations', count: 0, exact: true });
  });

  it('renders the plan as text', async () => {
    const { plan } = await planNow();
    const text = renderPlanText(plan, { color: false });
    expect(text).toContain('+   Create property tickets.t_fresh "Fresh" (number/number)');
    expect(text).toContain('-/+ Replace property tickets.t_uniq');
    expect(text).toContain("removes option 'legacy': 2 records still hold 'legacy'");
    expect(text).toContain('-   Archive property tickets.t_legacy_code');
    expect(text).toContain('tickets->orders:Primary order');
    expect(text).toContain('tickets.t_stray is in the managed scope');
    expect(text.split('\n').at(-1)).toMatch(/^Plan: /);
    expect(text).not.toContain('\u001b[');
  });

  it('plans no change once its requests are sent', async () => {
    const { plan } = await planNow();
    await sendPlan(fx.emulator, plan);
    const again = await planNow();
    expect(again.plan.changes).toEqual([]);
    expect(again.plan.diagnostics.map((d) => d.code)).toEqual(['UNMANAGED_PROPERTY']);
    // not "the account matches": t_stray is in the managed scope and in no manifest
    expect(renderPlanText(again.plan, { color: false })).toContain(
      'No changes to apply; the account holds 1 resource in the managed scope that no manifest names (see Warnings).',
    );
  });
});
