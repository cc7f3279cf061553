/**
 * The pure part of a rollback: what reversing an apply record means per resource (reversal.ts), and the
 * desired state it makes against a live state (rollback-state.ts): only the fields the apply changed go
 * back, a field changed since is a conflict (a warning with --partial), what cannot be reversed is said,
 * and a remap is put back record by record from the record's values or, with ids only, from the change.
 */
import { describe, expect, it } from 'vitest';
import type { KnownChange as Change } from '../../src/families/all-families.js';
import type { RecordedChange, RecordWrites } from '../../src/engine/record/shape/record-shape.js';
import type { JsonValue } from '../../src/core/json.js';
import { emptySchemaState } from '../../src/engine/model/schema-model.js';
import { reversalsOf, type AppliedChange, type Reversal } from '../../src/engine/rollback/reversal.js';
import { rollbackState } from '../../src/engine/rollback/rollback-state.js';
import { diff } from '../../src/engine/plan/diff/diff.js';
import { DEFAULT_POLICY } from '../../src/engine/model/policy.js';
import { prop, select, state } from '../plan/fixtures.js';

const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as JsonValue;

function applied(
  change: Change,
  address: string,
  before: unknown,
  after: unknown,
  data?: RecordWrites,
): AppliedChange {
  const recorded: RecordedChange = {
    id: `${change.type} ${address}`,
    type: change.type,
    address,
    message: '',
    outcome: 'applied',
    meta: json(change.meta),
    ...(before === undefined ? {} : { before: json(before) }),
    ...(after === undefined ? {} : { after: json(after) }),
    ...(data === undefined ? {} : { data }),
  };
  return { change, recorded };
}

const level = prop('level', { label: 'Level', description: 'old text' });

function labelUpdate(): AppliedChange {
  return applied(
    {
      type: 'label.update',
      meta: {
        from: 'tickets',
        to: 'orders',
        typeId: 1001,
        label: 'Main order',
        inverseLabel: 'Ticket',
        fields: [{ field: 'label', old: 'Order', new: 'Main order' }],
      },
    },
    'tickets->orders:Main order',
    { label: 'Order', category: 'USER_DEFINED', typeId: 1001, inverseTypeId: 1002, inverseLabel: 'Ticket' },
    { label: 'Main order', category: 'USER_DEFINED', inverseLabel: 'Ticket' },
  );
}

/**
 * What a data step's reversal puts back: the fields and the records' values of the put-back it makes of
 * the diff's update of its property (as a rollback's plan carries it out).
 */
function putBack(reversal: Reversal | undefined): { fields: string[]; values: unknown[] } {
  if (reversal?.kind !== 'step' || reversal.carriesOut === undefined) throw new Error('not a data step');
  const update = {
    type: 'property.update',
    meta: { objectType: 'tickets', name: 'priority', fields: [{ field: 'options', old: [], new: [] }] },
  };
  const [change] = reversal.carriesOut.adjust([update], emptySchemaState(), 'rec-1');
  const meta = change?.meta as { fields: { field: string }[]; values: unknown[] };
  return { fields: meta.fields.map((f) => f.field), values: meta.values };
}

describe('reversalsOf', () => {
  it('says what cannot be reversed, and why', () => {
    const reversals = reversalsOf(
      [
        applied(
          {
            type: 'eventDefinition.create',
            meta: {
              eventName: 'shipped',
              definition: { label: 'Shipped', description: '', primaryObject: 'CONTACT' },
            },
          },
          'event:shipped',
          undefined,
          { label: 'Shipped' },
        ),
        applied(
          {
            type: 'property.replace',
            meta: {
              objectType: 'tickets',
              name: 'level',
              immutable: [{ field: 'type', old: 'string', new: 'number' }],
              fields: [{ field: 'type', old: 'string', new: 'number' }],
              property: prop('level', { type: 'number', fieldType: 'number' }),
            },
          },
          'tickets.level',
          level,
          undefined,
        ),
      ],
      'rec-1',
    );
    expect(reversals.map((r) => [r.kind, r.kind === 'irreversible' ? r.why : ''])).toEqual([
      ['irreversible', expect.stringContaining('the API cannot delete an event definition') as string],
      ['irreversible', expect.stringContaining('the values it held are not brought back') as string],
    ]);
  });

  it('a label the apply deleted is created again, and its lost record links are said', () => {
    const [reversal] = reversalsOf(
      [
        applied(
          {
            type: 'label.delete',
            meta: {
              from: 'tickets',
              to: 'orders',
              cause: 'tombstone',
              label: { label: 'Order', category: 'USER_DEFINED', typeId: 1001 },
            },
          },
          'tickets->orders:Order',
          { label: 'Order', category: 'USER_DEFINED', typeId: 1001 },
          undefined,
        ),
      ],
      'rec-1',
    );
    expect(reversal).toMatchObject({ kind: 'put', lost: expect.stringContaining('record associations') });
  });

  it('one rename is one reversal of its two properties', () => {
    const reversals = reversalsOf(
      [
        applied(
          {
            type: 'property.rename',
            meta: {
              objectType: 'tickets',
              from: 'level',
              property: prop('tier', { label: 'Tier' }),
              old: level,
              created: false,
            },
          },
          'tickets.tier',
          undefined,
          prop('tier', { label: 'Tier' }),
        ),
      ],
      'rec-1',
    );
    // a step of its family: the new name's, covering the old name too
    expect(reversals).toEqual([
      expect.objectContaining({
        kind: 'step',
        address: 'tickets.tier',
        alsoCovers: ['property tickets.level'],
      }),
    ]);
  });

  it('refuses a list of rewritten records its apply cannot have written (an edited record)', () => {
    const priority = select('priority', ['low', 'urgent']);
    const [reversal] = reversalsOf(
      [
        applied(
          {
            type: 'property.remap',
            meta: {
              objectType: 'tickets',
              name: 'priority',
              fields: [{ field: 'options', old: [], new: [] }],
              remaps: [{ from: 'urgent', to: 'p1' }],
              kept: [],
              multiple: false,
            },
          },
          'tickets.priority',
          priority,
          select('priority', ['low', 'p1']),
          {
            read: 3,
            written: 1,
            verified: true,
            records: [{ id: '3', property: 'priority', before: 'zzz', after: 'low' }],
            partial: false,
            valuesShown: true,
          },
        ),
      ],
      'rec-1',
    );
    expect(reversal).toMatchObject({
      kind: 'irreversible',
      why: expect.stringContaining('cannot be what its apply wrote') as string,
    });
  });

  describe('a remap put back record by record', () => {
    const priority = select('priority', ['low', 'urgent', 'critical']);
    const remap = (remaps: { from: string; to: string }[]): Change => ({
      type: 'property.remap',
      meta: {
        objectType: 'tickets',
        name: 'priority',
        fields: [{ field: 'options', old: [], new: [] }],
        remaps,
        kept: [],
        multiple: false,
      },
    });
    const data = (records: RecordWrites['records'], extra: Partial<RecordWrites> = {}): RecordWrites => ({
      read: 3,
      written: records.length,
      verified: true,
      records,
      partial: false,
      valuesShown: records.some((r) => r.after !== undefined),
      ...extra,
    });

    it('from the values the record holds', () => {
      const [reversal] = reversalsOf(
        [
          applied(
            remap([
              { from: 'urgent', to: 'p1' },
              { from: 'critical', to: 'p1' },
            ]),
            'tickets.priority',
            priority,
            select('priority', ['low', 'p1']),
            data([
              { id: '1', property: 'priority', before: 'urgent', after: 'p1' },
              { id: '2', property: 'priority', before: 'critical', after: 'p1' },
            ]),
          ),
        ],
        'rec-1',
      );
      expect(reversal).toMatchObject({ kind: 'step', address: 'tickets.priority' });
      expect(putBack(reversal)).toStrictEqual({
        fields: ['options'],
        values: [
          { id: '1', from: 'p1', to: 'urgent' },
          { id: '2', from: 'p1', to: 'critical' },
        ],
      });
    });

    it('from the change when the record holds ids only and one old value went to one new value', () => {
      const [reversal] = reversalsOf(
        [
          applied(
            remap([{ from: 'urgent', to: 'p1' }]),
            'tickets.priority',
            priority,
            priority,
            data([{ id: '7', property: 'priority' }]),
          ),
        ],
        'rec-1',
      );
      expect(putBack(reversal).values).toStrictEqual([{ id: '7', from: 'p1', to: 'urgent' }]);
    });

    it('refused with ids only and several old values, or with a partial list', () => {
      const several = remap([
        { from: 'urgent', to: 'p1' },
        { from: 'critical', to: 'p1' },
      ]);
      const [idsOnly] = reversalsOf(
        [applied(several, 'tickets.priority', priority, priority, data([{ id: '7', property: 'priority' }]))],
        'rec-1',
      );
      expect(idsOnly).toMatchObject({ kind: 'irreversible', why: expect.stringContaining('ids only') });
      const [partial] = reversalsOf(
        [
          applied(
            several,
            'tickets.priority',
            priority,
            priority,
            data([{ id: '1', property: 'priority', before: 'urgent', after: 'p1' }], {
              written: 20_000,
              partial: true,
            }),
          ),
        ],
        'rec-1',
      );
      expect(partial).toMatchObject({
        kind: 'irreversible',
        why: expect.stringContaining('lists 1 of the 20000'),
      });
    });
  });
});

describe('rollbackState', () => {
  const update: AppliedChange = applied(
    {
      type: 'property.update',
      meta: {
        objectType: 'tickets',
        name: 'level',
        fields: [{ field: 'description', old: 'old text', new: 'new text' }],
      },
    },
    'tickets.level',
    level,
    { ...level, description: 'new text' },
  );
  const reversals = reversalsOf([update], 'rec-1');
  const options = { recordId: 'rec-1', partial: false };

  it('puts back the fields the apply changed and keeps a field someone changed since', () => {
    const live = state({ properties: { tickets: [{ ...level, description: 'new text', label: 'Edited' }] } });
    const made = rollbackState(reversals, live, options);
    expect(made.diagnostics).toEqual([]);
    const result = diff(made.desired, live, { policy: DEFAULT_POLICY });
    expect(result.changes).toEqual([
      {
        type: 'property.update',
        meta: {
          objectType: 'tickets',
          name: 'level',
          fields: [{ field: 'description', old: 'new text', new: 'old text' }],
        },
      },
    ]);
  });

  it('a field the apply changed and someone changed since is a conflict, not overwritten', () => {
    const live = state({ properties: { tickets: [{ ...level, description: 'edited since' }] } });
    const made = rollbackState(reversals, live, options);
    expect(made.diagnostics).toEqual([
      expect.objectContaining({
        level: 'error',
        code: 'ROLLBACK_CONFLICT',
        address: 'tickets.level',
        message: expect.stringContaining('(changed: description)') as string,
      }),
    ]);
    expect(diff(made.desired, live, { policy: DEFAULT_POLICY }).changes).toEqual([]);
    const partial = rollbackState(reversals, live, { ...options, partial: true });
    expect(partial.diagnostics.map((d) => [d.level, d.code])).toEqual([['warning', 'ROLLBACK_LEFT_AS_IS']]);
  });

  it('nothing to do where the account is back as it was (a rollback that stopped part-way resumes)', () => {
    const live = state({ properties: { tickets: [level] } });
    const made = rollbackState(reversals, live, options);
    expect(made.diagnostics).toEqual([]);
    expect(diff(made.desired, live, { policy: DEFAULT_POLICY }).changes).toEqual([]);
  });

  it('a label renamed by the apply is renamed back in place', () => {
    const live = state({
      labels: {
        'tickets->orders': [
          {
            label: 'Main order',
            category: 'USER_DEFINED',
            typeId: 1001,
            inverseTypeId: 1002,
            inverseLabel: 'Ticket',
          },
        ],
        'orders->tickets': [
          {
            label: 'Ticket',
            category: 'USER_DEFINED',
            typeId: 1002,
            inverseTypeId: 1001,
            inverseLabel: 'Main order',
          },
        ],
      },
    });
    const made = rollbackState(reversalsOf([labelUpdate()], 'rec-1'), live, options);
    expect(made.diagnostics).toEqual([]);
    const changes = diff(made.desired, live, { policy: DEFAULT_POLICY }).changes;
    expect(changes).toEqual([
      expect.objectContaining({
        type: 'label.update',
        meta: expect.objectContaining({ typeId: 1001, label: 'Order' }) as object,
      }),
    ]);
  });
});
