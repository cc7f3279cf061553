import { describe, expect, it } from 'vitest';
import { diff } from '../../src/plan/diff/diff.js';
import { desired, policy, state } from './fixtures.js';

const U = 'USER_DEFINED';
const P = 'PLATFORM_DEFINED';

describe('diff: association labels', () => {
  it('creates a missing label with a derived name', () => {
    const result = diff(
      desired(
        state({
          labels: {
            'tickets->orders': [{ label: 'Primary order', category: U, inverseLabel: 'Primary ticket' }],
          },
        }),
      ),
      state(),
    );
    expect(result.changes).toStrictEqual([
      {
        type: 'label.create',
        meta: {
          from: 'tickets',
          to: 'orders',
          label: {
            label: 'Primary order',
            category: U,
            inverseLabel: 'Primary ticket',
            name: 'primary_order',
          },
        },
      },
    ]);
  });

  it('matches by text, attaches the live typeId and updates the inverse label', () => {
    const result = diff(
      desired(
        state({
          labels: { 'tickets->orders': [{ label: 'Main', category: U, inverseLabel: 'Main ticket' }] },
        }),
      ),
      state({
        labels: {
          'tickets->orders': [
            { label: 'Main', category: U, typeId: 1001, inverseLabel: 'Old', inverseTypeId: 1002 },
          ],
        },
      }),
    );
    expect(result.changes).toStrictEqual([
      {
        type: 'label.update',
        meta: {
          from: 'tickets',
          to: 'orders',
          typeId: 1001,
          label: 'Main',
          inverseLabel: 'Main ticket',
          fields: [{ field: 'inverseLabel', old: 'Old', new: 'Main ticket' }],
        },
      },
    ]);
  });

  it('does not compare the inverse label when the manifest gives none', () => {
    const result = diff(
      desired(state({ labels: { 'tickets->orders': [{ label: 'Main', category: U }] } })),
      state({
        labels: { 'tickets->orders': [{ label: 'Main', category: U, typeId: 1001, inverseLabel: 'Other' }] },
      }),
    );
    expect(result).toStrictEqual({ changes: [], diagnostics: [] });
  });

  it('renames in place when the manifest gives the typeId (or a name the live side knows)', () => {
    const byTypeId = diff(
      desired(state({ labels: { 'tickets->orders': [{ label: 'New text', category: U, typeId: 1001 }] } })),
      state({
        labels: {
          'tickets->orders': [{ label: 'Old text', category: U, typeId: 1001, inverseLabel: 'Inv' }],
        },
      }),
    );
    expect(byTypeId.changes).toStrictEqual([
      {
        type: 'label.update',
        meta: {
          from: 'tickets',
          to: 'orders',
          typeId: 1001,
          label: 'New text',
          inverseLabel: 'Inv',
          fields: [{ field: 'label', old: 'Old text', new: 'New text' }],
        },
      },
    ]);
    const byName = diff(
      desired(state({ labels: { 'tickets->orders': [{ label: 'New text', category: U, name: 'main' }] } })),
      state({
        labels: { 'tickets->orders': [{ label: 'Old text', category: U, typeId: 1001, name: 'main' }] },
      }),
    );
    expect(byName.changes.map((c) => c.type)).toEqual(['label.update']);
  });

  it('a text change without typeId or name is create (+ delete under the archive policy)', () => {
    const want = desired(state({ labels: { 'tickets->orders': [{ label: 'New text', category: U }] } }));
    const live = state({ labels: { 'tickets->orders': [{ label: 'Old text', category: U, typeId: 1001 }] } });
    expect(diff(want, live).changes.map((c) => c.type)).toEqual(['label.create']);
    const archived = diff(want, live, { policy: policy({ unmanaged: 'archive' }) });
    expect(archived.changes.map((c) => [c.type, c.meta])).toStrictEqual([
      [
        'label.create',
        { from: 'tickets', to: 'orders', label: { label: 'New text', category: U, name: 'new_text' } },
      ],
      [
        'label.delete',
        {
          from: 'tickets',
          to: 'orders',
          cause: 'unmanaged',
          label: { label: 'Old text', category: U, typeId: 1001 },
        },
      ],
    ]);
    const reported = diff(want, live, { policy: policy({ unmanaged: 'report' }) });
    expect(reported.diagnostics.map((d) => [d.code, d.address])).toStrictEqual([
      ['unmanaged-label', 'tickets->orders:Old text'],
    ]);
  });

  it('deletes a tombstoned label, never a built-in one', () => {
    const result = diff(
      desired(state(), [
        { kind: 'label', from: 'tickets', to: 'orders', label: 'Old' },
        { kind: 'label', from: '0-1', to: '0-2', label: 'Primary' },
        { kind: 'label', from: 'tickets', to: 'orders', label: 'Absent' },
      ]),
      state({
        labels: {
          'tickets->orders': [{ label: 'Old', category: U, typeId: 1001 }],
          'contacts->companies': [{ label: 'Primary', category: P, typeId: 1 }],
        },
      }),
    );
    expect(result.changes).toStrictEqual([
      {
        type: 'label.delete',
        meta: {
          from: 'tickets',
          to: 'orders',
          cause: 'tombstone',
          label: { label: 'Old', category: U, typeId: 1001 },
        },
      },
    ]);
    expect(result.diagnostics.map((d) => [d.level, d.code, d.address])).toStrictEqual([
      ['warning', 'builtin-label', 'contacts->companies:Primary'],
    ]);
  });
});

describe('diff: association limits', () => {
  it('sets a limit on a new label through a ref to its creation', () => {
    const result = diff(
      desired(
        state({
          labels: { 'tickets->orders': [{ label: 'Primary order', category: U }] },
          limits: { 'tickets->orders': [{ category: U, label: 'Primary order', maxToObjectIds: 1 }] },
        }),
      ),
      state(),
    );
    expect(result.changes[1]).toStrictEqual({
      type: 'limit.set',
      meta: {
        from: 'tickets',
        to: 'orders',
        category: U,
        typeId: { ref: 'tickets->orders:Primary order' },
        label: 'Primary order',
        mode: 'create',
        new: 1,
      },
    });
  });

  it('create or update is decided by the live limit; equal is no change', () => {
    const live = state({
      labels: { 'tickets->orders': [{ label: 'Main', category: U, typeId: 1001 }] },
      limits: {
        'tickets->orders': [
          { category: U, typeId: 1001, label: 'Main', maxToObjectIds: 5 },
          { category: P, typeId: 28, maxToObjectIds: 10 },
        ],
      },
    });
    const result = diff(
      desired(
        state({
          labels: { 'tickets->orders': [{ label: 'Main', category: U }] },
          limits: {
            'tickets->orders': [
              { category: U, label: 'Main', maxToObjectIds: 2 },
              { category: P, typeId: 27, maxToObjectIds: 50 },
              { category: P, typeId: 28, maxToObjectIds: 10 },
            ],
          },
        }),
      ),
      live,
    );
    expect(result.changes.map((c) => c.meta)).toStrictEqual([
      {
        from: 'tickets',
        to: 'orders',
        category: U,
        typeId: 1001,
        label: 'Main',
        mode: 'update',
        new: 2,
        old: 5,
      },
      { from: 'tickets', to: 'orders', category: P, typeId: 27, mode: 'create', new: 50 },
    ]);
  });

  it('purges a limit whose entry has no maxToObjectIds, or that is tombstoned', () => {
    const live = state({
      labels: { 'tickets->orders': [{ label: 'Main', category: U, typeId: 1001 }] },
      limits: {
        'tickets->orders': [
          { category: U, typeId: 1001, label: 'Main', maxToObjectIds: 5 },
          { category: P, typeId: 27, maxToObjectIds: 50 },
        ],
      },
    });
    const result = diff(
      desired(state({ labels: { 'tickets->orders': [{ label: 'Main', category: U }] } }), [
        { kind: 'limit', from: 'tickets', to: 'orders', category: P, typeId: 27 },
        { kind: 'limit', from: 'tickets', to: 'orders', category: P, typeId: 99 },
      ]),
      live,
    );
    expect(result.changes).toStrictEqual([
      {
        type: 'limit.purge',
        meta: { from: 'tickets', to: 'orders', category: U, typeId: 1001, label: 'Main', old: 5 },
      },
      { type: 'limit.purge', meta: { from: 'tickets', to: 'orders', category: P, typeId: 27, old: 50 } },
    ]);
  });

  it('keeps a renamed label limit matched by typeId', () => {
    const result = diff(
      desired(
        state({
          labels: { 'tickets->orders': [{ label: 'New', category: U, typeId: 1001 }] },
          limits: { 'tickets->orders': [{ category: U, label: 'New', maxToObjectIds: 5 }] },
        }),
      ),
      state({
        labels: { 'tickets->orders': [{ label: 'Old', category: U, typeId: 1001 }] },
        limits: { 'tickets->orders': [{ category: U, typeId: 1001, label: 'Old', maxToObjectIds: 5 }] },
      }),
    );
    expect(result.changes.map((c) => c.type)).toEqual(['label.update']);
  });

  it('reports a limit for a label that exists nowhere', () => {
    const result = diff(
      desired(state({ limits: { 'tickets->orders': [{ category: U, label: 'Ghost', maxToObjectIds: 1 }] } })),
      state(),
    );
    expect(result.changes).toStrictEqual([]);
    expect(result.diagnostics.map((d) => [d.level, d.code, d.address])).toStrictEqual([
      ['error', 'unknown-label', 'tickets->orders:Ghost'],
    ]);
  });
});
