import { describe, expect, it } from 'vitest';
import { diff } from '../../src/engine/plan/diff/diff.js';
import { desired, prop, state } from './fixtures.js';

describe('diff: groups', () => {
  it('creates, updates and leaves equal groups alone', () => {
    const result = diff(
      desired(
        state({
          groups: {
            tickets: [
              { name: 'new_group', label: 'New' },
              { name: 'renamed', label: 'After', displayOrder: 2 },
              { name: 'same', label: 'Same' },
            ],
          },
        }),
      ),
      state({
        groups: {
          tickets: [
            { name: 'renamed', label: 'Before' },
            { name: 'same', label: 'Same', displayOrder: -1 },
          ],
        },
      }),
    );
    expect(result.changes).toStrictEqual([
      {
        type: 'group.create',
        meta: { objectType: 'tickets', group: { name: 'new_group', label: 'New', displayOrder: -1 } },
      },
      {
        type: 'group.update',
        meta: {
          objectType: 'tickets',
          name: 'renamed',
          fields: [
            { field: 'label', old: 'Before', new: 'After' },
            { field: 'displayOrder', old: -1, new: 2 },
          ],
        },
      },
    ]);
  });

  it('archives a tombstoned group once its properties are archived or moved in the same plan', () => {
    const live = state({
      properties: { tickets: [prop('old_a', { groupName: 'old' }), prop('moved', { groupName: 'old' })] },
      groups: { tickets: [{ name: 'old', label: 'Old' }] },
    });
    const want = desired(state({ properties: { tickets: [prop('moved', { groupName: 'escalation' })] } }), [
      { kind: 'group', objectType: 'tickets', name: 'old' },
      { kind: 'property', objectType: 'tickets', name: 'old_a' },
    ]);
    const result = diff(want, live);
    expect(result.diagnostics).toStrictEqual([]);
    expect(result.changes.map((c) => c.type).sort()).toEqual([
      'group.archive',
      'property.archive',
      'property.update',
    ]);
    expect(result.changes.find((c) => c.type === 'group.archive')?.meta).toStrictEqual({
      objectType: 'tickets',
      name: 'old',
      cause: 'tombstone',
      group: { name: 'old', label: 'Old', displayOrder: -1 },
    });
  });

  it('refuses to archive a group that would still hold properties', () => {
    const live = state({
      properties: {
        tickets: [
          prop('a', { groupName: 'old' }),
          prop('b', { groupName: 'old' }),
          prop('c', { groupName: 'old' }),
        ],
      },
      groups: { tickets: [{ name: 'old', label: 'Old' }] },
    });
    const result = diff(
      desired(state({ properties: { tickets: [] } }), [
        { kind: 'group', objectType: 'tickets', name: 'old' },
        { kind: 'property', objectType: 'tickets', name: 'b' },
      ]),
      live,
    );
    expect(result.changes.map((c) => c.type)).toEqual(['property.archive']);
    expect(result.diagnostics).toStrictEqual([
      {
        level: 'error',
        code: 'GROUP_NOT_EMPTY',
        address: 'tickets.group:old',
        message:
          "tickets.group:old cannot be archived: it would still hold 2 active properties ('a' and 'c')",
        hint: 'Archive those properties or move them to another group in the same plan.',
      },
    ]);
  });

  it('a tombstone of an absent group does nothing', () => {
    const result = diff(desired(state(), [{ kind: 'group', objectType: 'tickets', name: 'gone' }]), state());
    expect(result).toStrictEqual({ changes: [], diagnostics: [] });
  });
});
