import { describe, expect, it } from 'vitest';
import { diff } from '../../src/engine/plan/diff/diff.js';
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

  it('renames in place from renamedFrom (same typeId), also the inverse direction', () => {
    const live = state({
      labels: {
        'tickets->orders': [
          {
            label: 'Disputed order',
            category: U,
            typeId: 1001,
            inverseLabel: 'Disputed',
            inverseTypeId: 1002,
          },
        ],
        'orders->tickets': [
          {
            label: 'Disputed',
            category: U,
            typeId: 1002,
            inverseLabel: 'Disputed order',
            inverseTypeId: 1001,
          },
        ],
      },
    });
    const result = diff(
      desired(
        state({
          labels: {
            'tickets->orders': [
              {
                label: 'Order in dispute',
                category: U,
                renamedFrom: 'Disputed order',
                inverseLabel: 'In dispute',
                inverseRenamedFrom: 'Disputed',
              },
            ],
          },
        }),
      ),
      live,
    );
    expect(result.diagnostics).toStrictEqual([]);
    expect(result.changes).toStrictEqual([
      {
        type: 'label.update',
        meta: {
          from: 'tickets',
          to: 'orders',
          typeId: 1001,
          label: 'Order in dispute',
          inverseLabel: 'In dispute',
          fields: [
            { field: 'label', old: 'Disputed order', new: 'Order in dispute' },
            { field: 'inverseLabel', old: 'Disputed', new: 'In dispute' },
          ],
        },
      },
    ]);
    // declared from the other direction, the same pair renames through the other typeId
    const reverse = diff(
      desired(
        state({
          labels: { 'orders->tickets': [{ label: 'In dispute', category: U, renamedFrom: 'Disputed' }] },
        }),
      ),
      live,
    );
    expect(reverse.changes.map((c) => [c.type, (c.meta as { typeId: number }).typeId])).toStrictEqual([
      ['label.update', 1002],
    ]);
  });

  it('a rename whose new text is live is done; neither text live is an error; both live is an error', () => {
    const want = (renamedFrom: string) =>
      desired(state({ labels: { 'tickets->orders': [{ label: 'New', category: U, renamedFrom }] } }));
    const done = diff(
      want('Old'),
      state({ labels: { 'tickets->orders': [{ label: 'New', category: U, typeId: 1 }] } }),
    );
    expect(done).toStrictEqual({ changes: [], diagnostics: [] });
    const neither = diff(want('Old'), state());
    expect(neither.changes).toStrictEqual([]);
    expect(neither.diagnostics.map((d) => [d.level, d.code, d.address])).toStrictEqual([
      ['error', 'RENAME_SOURCE_MISSING', 'tickets->orders:New'],
    ]);
    const both = diff(
      want('Old'),
      state({
        labels: {
          'tickets->orders': [
            { label: 'Old', category: U, typeId: 1 },
            { label: 'New', category: U, typeId: 3 },
          ],
        },
      }),
    );
    expect(both.changes).toStrictEqual([]);
    expect(both.diagnostics.map((d) => [d.level, d.code])).toStrictEqual([['error', 'LABEL_PAIR_CONFLICT']]);
  });

  it('matches a pair by its inverse text: an outside rename of the label text is relabelled back', () => {
    const result = diff(
      desired(
        state({
          labels: {
            'tickets->orders': [{ label: 'Warranty order', category: U, inverseLabel: 'Warranty ticket' }],
          },
        }),
      ),
      state({
        labels: {
          'tickets->orders': [
            {
              label: 'Renamed by hand',
              category: U,
              typeId: 7,
              inverseLabel: 'Warranty ticket',
              inverseTypeId: 8,
            },
          ],
        },
      }),
    );
    expect(result.changes.map((c) => [c.type, c.meta])).toStrictEqual([
      [
        'label.update',
        {
          from: 'tickets',
          to: 'orders',
          typeId: 7,
          label: 'Warranty order',
          inverseLabel: 'Warranty ticket',
          fields: [{ field: 'label', old: 'Renamed by hand', new: 'Warranty order' }],
        },
      ],
    ]);
  });

  it('treats the inverse of a managed label as managed (never unmanaged, never deleted)', () => {
    const live = state({
      labels: {
        'tickets->orders': [
          {
            label: 'Warranty order',
            category: U,
            typeId: 11,
            inverseLabel: 'Warranty ticket',
            inverseTypeId: 12,
          },
        ],
        'orders->tickets': [
          {
            label: 'Warranty ticket',
            category: U,
            typeId: 12,
            inverseLabel: 'Warranty order',
            inverseTypeId: 11,
          },
          {
            label: 'Source ticket',
            category: U,
            typeId: 13,
            inverseLabel: 'Source ticket',
            inverseTypeId: 14,
          },
        ],
      },
    });
    const result = diff(
      desired(
        state({
          labels: {
            'tickets->orders': [{ label: 'Warranty order', category: U, inverseLabel: 'Warranty ticket' }],
            'orders->tickets': [{ label: 'Source ticket', category: U }],
          },
        }),
      ),
      live,
      { policy: policy({ unmanaged: 'archive' }) },
    );
    expect(result).toStrictEqual({ changes: [], diagnostics: [] });
  });

  it('a new label without inverseLabel whose own text is taken in the other direction is an error', () => {
    const result = diff(
      desired(state({ labels: { 'orders->tickets': [{ label: 'Shared', category: U }] } })),
      state({
        labels: {
          'tickets->orders': [
            { label: 'Shared', category: U, typeId: 5, inverseLabel: 'Other', inverseTypeId: 6 },
          ],
        },
      }),
    );
    expect(result.changes).toStrictEqual([]);
    expect(result.diagnostics.map((d) => [d.level, d.code, d.address])).toStrictEqual([
      ['error', 'LABEL_TEXT_TAKEN', 'orders->tickets:Shared'],
    ]);
  });

  it('a text change without renamedFrom is create (+ delete under the archive policy)', () => {
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
      ['UNMANAGED_LABEL', 'tickets->orders:Old text'],
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
      ['warning', 'BUILTIN_LABEL', 'contacts->companies:Primary'],
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

  it("keeps a renamed label's limit (matched by its typeId), and manages the inverse limit", () => {
    const result = diff(
      desired(
        state({
          labels: {
            'tickets->orders': [{ label: 'New', category: U, renamedFrom: 'Old', inverseLabel: 'Inv' }],
          },
          limits: { 'tickets->orders': [{ category: U, label: 'New', maxToObjectIds: 5 }] },
        }),
      ),
      state({
        labels: {
          'tickets->orders': [
            { label: 'Old', category: U, typeId: 1001, inverseLabel: 'Inv', inverseTypeId: 1002 },
          ],
          'orders->tickets': [
            { label: 'Inv', category: U, typeId: 1002, inverseLabel: 'Old', inverseTypeId: 1001 },
          ],
        },
        limits: {
          'tickets->orders': [{ category: U, typeId: 1001, label: 'Old', maxToObjectIds: 5 }],
          'orders->tickets': [{ category: U, typeId: 1002, label: 'Inv', maxToObjectIds: 2 }],
        },
      }),
    );
    expect(result.changes.map((c) => c.type)).toEqual(['label.update']);
    // with the inverse direction's limit declared (no limit), its live limit is purged
    const inverse = diff(
      desired(
        state({
          labels: {
            'tickets->orders': [{ label: 'New', category: U, renamedFrom: 'Old', inverseLabel: 'Inv' }],
          },
          limits: {
            'tickets->orders': [{ category: U, label: 'New', maxToObjectIds: 5 }],
            'orders->tickets': [{ category: U, label: 'Inv' }],
          },
        }),
      ),
      state({
        labels: {
          'tickets->orders': [
            { label: 'Old', category: U, typeId: 1001, inverseLabel: 'Inv', inverseTypeId: 1002 },
          ],
          'orders->tickets': [
            { label: 'Inv', category: U, typeId: 1002, inverseLabel: 'Old', inverseTypeId: 1001 },
          ],
        },
        limits: {
          'tickets->orders': [{ category: U, typeId: 1001, label: 'Old', maxToObjectIds: 5 }],
          'orders->tickets': [{ category: U, typeId: 1002, label: 'Inv', maxToObjectIds: 2 }],
        },
      }),
    );
    expect(inverse.changes.map((c) => [c.type, c.meta])).toStrictEqual([
      ['label.update', expect.objectContaining({ typeId: 1001 })],
      ['limit.purge', { from: 'orders', to: 'tickets', category: U, typeId: 1002, label: 'Inv', old: 2 }],
    ]);
  });

  it('sets the inverse limit of a new label through a ref to its inverse side', () => {
    const result = diff(
      desired(
        state({
          labels: { 'tickets->orders': [{ label: 'A', category: U, inverseLabel: 'B' }] },
          limits: { 'orders->tickets': [{ category: U, label: 'B', maxToObjectIds: 3 }] },
        }),
      ),
      state(),
    );
    expect(result.changes[1]).toStrictEqual({
      type: 'limit.set',
      meta: {
        from: 'orders',
        to: 'tickets',
        category: U,
        typeId: { ref: 'tickets->orders:A', side: 'inverse' },
        label: 'B',
        mode: 'create',
        new: 3,
      },
    });
  });

  it('reports a limit for a label that exists nowhere', () => {
    const result = diff(
      desired(state({ limits: { 'tickets->orders': [{ category: U, label: 'Ghost', maxToObjectIds: 1 }] } })),
      state(),
    );
    expect(result.changes).toStrictEqual([]);
    expect(result.diagnostics.map((d) => [d.level, d.code, d.address])).toStrictEqual([
      ['error', 'UNKNOWN_LABEL', 'tickets->orders:Ghost'],
    ]);
  });
});
