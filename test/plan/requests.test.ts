import { describe, expect, it } from 'vitest';
import type { KnownChange as Change } from '../../src/families/all-families.js';
import { analyseFormula, formulaReferences } from '../../src/families/property/formula.js';
import { requestsFor } from '../../src/engine/plan/kinds/registry.js';
import { plan } from '../../src/engine/plan/plan.js';
import { refsIn, resolveRefs } from '../../src/engine/plan/requests/refs.js';
import { toWireRequests, type WireInput } from '../../src/engine/plan/requests/wire.js';
import { desired, prop, state } from './fixtures.js';
import { scenarioDesired, scenarioLive } from './scenario.js';

const byId = () => new Map(plan(scenarioDesired(), scenarioLive()).changes.map((c) => [c.id, c.requests]));

describe('requests per change type', () => {
  const requests = byId();

  it('property create: batchable into batch/create; only non-default fields', () => {
    const body = {
      name: 'a_calc',
      label: 'a_calc',
      type: 'number',
      fieldType: 'calculation_equation',
      groupName: 'escalation',
      calculationFormula: 'z_base * 2 + "upd"',
    };
    expect(requests.get('property.create tickets.a_calc')).toStrictEqual([
      {
        method: 'POST',
        path: '/crm/v3/properties/tickets',
        body,
        batch: { path: '/crm/v3/properties/tickets/batch/create', item: body },
      },
    ]);
  });

  it('property update: PATCH with only the changed fields; options as the whole new list', () => {
    expect(requests.get('property.update tickets.upd')).toStrictEqual([
      { method: 'PATCH', path: '/crm/v3/properties/tickets/upd', body: { label: 'After' } },
    ]);
    expect(requests.get('property.update tickets.level')).toStrictEqual([
      {
        method: 'PATCH',
        path: '/crm/v3/properties/tickets/level',
        body: {
          options: [
            { label: 'LOW', value: 'low', description: '', displayOrder: 0, hidden: false },
            { label: 'HIGH', value: 'high', description: '', displayOrder: 1, hidden: false },
          ],
        },
      },
    ]);
  });

  it('property update clears an unset formula with an empty string', () => {
    const change: Change = {
      type: 'property.update',
      meta: {
        objectType: 'tickets',
        name: 'x',
        fields: [{ field: 'calculationFormula', old: 'a + 1', new: null }],
      },
    };
    expect(requestsFor(change, 'legacy')).toStrictEqual([
      { method: 'PATCH', path: '/crm/v3/properties/tickets/x', body: { calculationFormula: '' } },
    ]);
  });

  it('property replace: archive then create, never merged', () => {
    expect(requests.get('property.replace tickets.uniq')).toStrictEqual([
      { method: 'DELETE', path: '/crm/v3/properties/tickets/uniq' },
      {
        method: 'POST',
        path: '/crm/v3/properties/tickets',
        body: {
          name: 'uniq',
          label: 'uniq',
          type: 'string',
          fieldType: 'text',
          groupName: 'escalation',
          hasUniqueValue: true,
        },
      },
    ]);
  });

  it('property archive: DELETE, batchable into batch/archive', () => {
    expect(requests.get('property.archive tickets.old1')).toStrictEqual([
      {
        method: 'DELETE',
        path: '/crm/v3/properties/tickets/old1',
        batch: { path: '/crm/v3/properties/tickets/batch/archive', item: { name: 'old1' } },
      },
    ]);
  });

  it('groups: POST, PATCH, DELETE under .../groups', () => {
    expect(requests.get('group.create tickets.group:escalation2')).toStrictEqual([
      {
        method: 'POST',
        path: '/crm/v3/properties/tickets/groups',
        body: { name: 'escalation2', label: 'Escalation 2', displayOrder: -1 },
      },
    ]);
    expect(
      requestsFor(
        {
          type: 'group.update',
          meta: { objectType: 'tickets', name: 'g', fields: [{ field: 'label', old: 'A', new: 'B' }] },
        },
        'legacy',
      ),
    ).toStrictEqual([{ method: 'PATCH', path: '/crm/v3/properties/tickets/groups/g', body: { label: 'B' } }]);
    expect(requests.get('group.archive tickets.group:oldgroup')).toStrictEqual([
      { method: 'DELETE', path: '/crm/v3/properties/tickets/groups/oldgroup' },
    ]);
  });

  it('labels: POST, PUT, DELETE under /crm/v4/associations/{from}/{to}/labels', () => {
    expect(requests.get('label.create tickets->orders:Primary order')).toStrictEqual([
      {
        method: 'POST',
        path: '/crm/v4/associations/tickets/orders/labels',
        body: { name: 'primary_order', label: 'Primary order', inverseLabel: 'Primary ticket' },
      },
    ]);
    expect(
      requestsFor(
        {
          type: 'label.update',
          meta: {
            from: 'tickets',
            to: 'orders',
            typeId: 1001,
            label: 'New',
            fields: [{ field: 'label', old: 'Old', new: 'New' }],
          },
        },
        'legacy',
      ),
    ).toStrictEqual([
      {
        method: 'PUT',
        path: '/crm/v4/associations/tickets/orders/labels',
        body: { associationTypeId: 1001, label: 'New' },
      },
    ]);
    expect(requests.get('label.delete tickets->orders:Old')).toStrictEqual([
      { method: 'DELETE', path: '/crm/v4/associations/tickets/orders/labels/1001' },
    ]);
  });

  it('limits: batch create / update / purge; a new label is a ref', () => {
    const base = '/crm/associations/v4/definitions/configurations/tickets/orders/batch';
    const created = {
      category: 'USER_DEFINED',
      typeId: { ref: 'tickets->orders:Primary order' },
      maxToObjectIds: 1,
    };
    expect(requests.get('limit.set tickets->orders:Primary order')).toStrictEqual([
      {
        method: 'POST',
        path: `${base}/create`,
        body: { inputs: [created] },
        batch: { path: `${base}/create`, item: created },
      },
    ]);
    const updated = { category: 'PLATFORM_DEFINED', typeId: 27, maxToObjectIds: 20 };
    expect(requests.get('limit.set tickets->orders:PLATFORM_DEFINED/27')).toStrictEqual([
      {
        method: 'POST',
        path: `${base}/update`,
        body: { inputs: [updated] },
        batch: { path: `${base}/update`, item: updated },
      },
    ]);
    const purged = { category: 'USER_DEFINED', typeId: 1001 };
    expect(requests.get('limit.purge tickets->orders:Old')).toStrictEqual([
      {
        method: 'POST',
        path: `${base}/purge`,
        body: { inputs: [purged] },
        batch: { path: `${base}/purge`, item: purged },
      },
    ]);
  });

  it('event properties: POST, PATCH, DELETE', () => {
    const path = '/events/v3/event-definitions/order_shipped/property';
    expect(requests.get('eventProperty.create event:order_shipped.carrier')).toStrictEqual([
      {
        method: 'POST',
        path,
        body: {
          name: 'carrier',
          label: 'Carrier',
          type: 'enumeration',
          options: [{ label: 'Post', value: 'post', description: '', displayOrder: 0, hidden: false }],
        },
      },
    ]);
    expect(requests.get('eventProperty.update event:order_shipped.note')).toStrictEqual([
      { method: 'PATCH', path: `${path}/note`, body: { description: 'free text' } },
    ]);
    expect(requests.get('eventProperty.delete event:order_shipped.gone')).toStrictEqual([
      { method: 'DELETE', path: `${path}/gone` },
    ]);
  });

  it('encodes path segments taken from data', () => {
    expect(
      requestsFor(
        {
          type: 'group.archive',
          meta: {
            objectType: 'p_x',
            name: 'a b/c',
            cause: 'tombstone',
            group: { name: 'a b/c', label: 'x', displayOrder: -1 },
          },
        },
        'legacy',
      )[0]?.path,
    ).toBe('/crm/v3/properties/p_x/groups/a%20b%2Fc');
  });
});

describe('toWireRequests', () => {
  const creates = (count: number, objectType = 'tickets') =>
    plan(
      desired(
        state({
          properties: {
            [objectType]: Array.from({ length: count }, (_, i) => prop(`p${String(i).padStart(4, '0')}`)),
          },
        }),
      ),
      state({ properties: { [objectType]: [] } }),
    ).changes;

  it('merges batchable creates in chunks of 100, keeping order', () => {
    const changes = creates(250);
    const wire = toWireRequests(changes);
    expect(wire.map((w) => [w.method, w.path, w.changeIds.length])).toStrictEqual([
      ['POST', '/crm/v3/properties/tickets/batch/create', 100],
      ['POST', '/crm/v3/properties/tickets/batch/create', 100],
      ['POST', '/crm/v3/properties/tickets/batch/create', 50],
    ]);
    expect(wire.flatMap((w) => w.changeIds)).toStrictEqual(changes.map((c) => c.id));
    const inputs = wire.flatMap((w) => (w.body as { inputs: { name: string }[] }).inputs.map((i) => i.name));
    expect(inputs).toStrictEqual(
      changes.map((c) => (c.meta as { property: { name: string } }).property.name),
    );
  });

  it('sends a batch of one as the change own request', () => {
    const [change] = creates(1);
    expect(toWireRequests([change!])).toStrictEqual([
      {
        method: 'POST',
        path: '/crm/v3/properties/tickets',
        body: { name: 'p0000', label: 'p0000', type: 'string', fieldType: 'text', groupName: 'escalation' },
        batch: false,
        phase: 'properties.create',
        changeIds: ['property.create tickets.p0000'],
      },
    ]);
  });

  it('cuts a batch where a change depends on one already in it, and between paths and phases', () => {
    const input = (
      id: string,
      path: string,
      dependsOn: string[] = [],
      phase: WireInput['phase'] = 'properties.create',
    ): WireInput => ({
      id,
      phase,
      dependsOn,
      requests: [{ method: 'POST', path: 'single', body: { id }, batch: { path, item: { id } } }],
    });
    const wire = toWireRequests([
      input('a', 'A'),
      input('b', 'A'),
      input('c', 'A', ['a']),
      input('d', 'B'),
      input('e', 'B', [], 'limits.set'),
      input('f', 'B', [], 'limits.set'),
    ]);
    expect(wire.map((w) => [w.path, w.changeIds])).toStrictEqual([
      ['A', ['a', 'b']],
      ['single', ['c']],
      ['single', ['d']],
      ['B', ['e', 'f']],
    ]);
    expect(wire[0]?.body).toStrictEqual({ inputs: [{ id: 'a' }, { id: 'b' }] });
  });

  it('sends the scenario in plan order, each change once per request it has', () => {
    const changes = plan(scenarioDesired(), scenarioLive()).changes;
    const wire = toWireRequests(changes);
    expect(wire.map((w) => `${w.method} ${w.path}`)).toStrictEqual([
      'POST /crm/v3/properties/tickets/groups',
      // a_calc depends on z_base: not in one batch, so each goes alone (POST /crm/v3/properties/{objectType})
      'POST /crm/v3/properties/tickets',
      'POST /crm/v3/properties/tickets',
      'DELETE /crm/v3/properties/tickets/uniq',
      'POST /crm/v3/properties/tickets',
      'PATCH /crm/v3/properties/tickets/level',
      'PATCH /crm/v3/properties/tickets/mv',
      'PATCH /crm/v3/properties/tickets/upd',
      'POST /crm/v4/associations/tickets/orders/labels',
      'POST /crm/associations/v4/definitions/configurations/tickets/orders/batch/update',
      'POST /crm/associations/v4/definitions/configurations/tickets/orders/batch/create',
      'POST /events/v3/event-definitions/order_shipped/property',
      'PATCH /events/v3/event-definitions/order_shipped/property/note',
      'DELETE /events/v3/event-definitions/order_shipped/property/weight',
      'POST /events/v3/event-definitions/order_shipped/property',
      'DELETE /events/v3/event-definitions/order_shipped/property/gone',
      'POST /crm/associations/v4/definitions/configurations/tickets/orders/batch/purge',
      'DELETE /crm/v4/associations/tickets/orders/labels/1001',
      'DELETE /crm/v3/properties/tickets/old1',
      'DELETE /crm/v3/properties/tickets/groups/oldgroup',
    ]);
    expect(wire.slice(1, 3).map((w) => w.changeIds)).toStrictEqual([
      ['property.create tickets.z_base'],
      ['property.create tickets.a_calc'],
    ]);
    expect(wire.flatMap((w) => w.changeIds)).toStrictEqual(
      changes.flatMap((c) => c.requests.map(() => c.id)),
    );
  });
});

describe('refs and formulas', () => {
  it('finds and resolves refs; an unresolved ref is an error', () => {
    const body = {
      inputs: [{ category: 'USER_DEFINED', typeId: { ref: 'tickets->orders:X' }, maxToObjectIds: 1 }],
    };
    expect(refsIn(body)).toStrictEqual(['tickets->orders:X']);
    expect(resolveRefs(body, (ref) => (ref === 'tickets->orders:X' ? 1005 : undefined))).toStrictEqual({
      inputs: [{ category: 'USER_DEFINED', typeId: 1005, maxToObjectIds: 1 }],
    });
    expect(() => resolveRefs(body, () => undefined)).toThrow(/The typeId of tickets->orders:X is not known/);
  });

  it('reads the properties a formula uses with the one formula reader validation uses', () => {
    const formula = 'if(amount > 10, "big_deal", \'x\') + other_prop * 2';
    // a function name and text in quotes are not properties
    expect([...formulaReferences(formula)]).toStrictEqual(['amount', 'other_prop']);
    const validation = analyseFormula(formula);
    expect(validation.ok && validation.references.map((r) => r.name)).toStrictEqual([
      ...formulaReferences(formula),
    ]);
    // a formula that does not parse still names what it uses, for ordering and guards
    expect([...formulaReferences('round_up(amount, 2')]).toStrictEqual(['amount']);
  });
});
