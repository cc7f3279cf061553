import { describe, expect, it } from 'vitest';
import { normalizeEventProperty } from '../../src/families/event/normalize-event.js';
import type { KnownChange as Change } from '../../src/families/all-families.js';
import { diff } from '../../src/engine/plan/diff/diff.js';
import { classify } from '../../src/engine/plan/classify.js';
import { dataCheckTargets, recordCountKey } from '../../src/engine/plan/data-check.js';
import { desired, exactCounts, prop, select, state } from './fixtures.js';

const severities = (changes: readonly { type: string; meta: unknown }[], counts?: Map<string, number>) =>
  classify(changes, counts === undefined ? {} : { counts: exactCounts(counts) }).map((c) => [
    c.type,
    c.severity,
    c.reason,
  ]);

describe('severity', () => {
  it('gives each change type its base severity', () => {
    const changes: Change[] = [
      { type: 'property.create', meta: { objectType: 'tickets', property: prop('a') } },
      {
        type: 'property.update',
        meta: { objectType: 'tickets', name: 'a', fields: [{ field: 'label', old: 'A', new: 'B' }] },
      },
      {
        type: 'property.archive',
        meta: { objectType: 'tickets', name: 'a', cause: 'tombstone', property: prop('a') },
      },
      {
        type: 'property.replace',
        meta: {
          objectType: 'tickets',
          name: 'a',
          immutable: [{ field: 'hasUniqueValue', old: false, new: true }],
          fields: [{ field: 'hasUniqueValue', old: false, new: true }],
          property: prop('a', { hasUniqueValue: true }),
        },
      },
      {
        type: 'group.archive',
        meta: {
          objectType: 'tickets',
          name: 'g',
          cause: 'tombstone',
          group: { name: 'g', label: 'G', displayOrder: -1 },
        },
      },
      {
        type: 'label.delete',
        meta: {
          from: 'tickets',
          to: 'orders',
          cause: 'tombstone',
          label: { label: 'L', category: 'USER_DEFINED', typeId: 1 },
        },
      },
      {
        type: 'limit.purge',
        meta: { from: 'tickets', to: 'orders', category: 'PLATFORM_DEFINED', typeId: 27, old: 5 },
      },
      {
        type: 'eventProperty.delete',
        meta: {
          eventName: 'e',
          name: 'p',
          cause: 'tombstone',
          property: normalizeEventProperty({ name: 'p', label: 'P', type: 'string' }),
        },
      },
    ];
    expect(severities(changes)).toStrictEqual([
      ['property.create', 'safe', 'adds a new property'],
      ['property.update', 'safe', 'changes editable fields in place'],
      [
        'property.archive',
        'destructive',
        'archives the property: its values are no longer readable on records',
      ],
      [
        'property.replace',
        'destructive',
        'hasUniqueValue false -> true cannot be changed in place: the property is archived and created again, and values on records may be lost',
      ],
      ['group.archive', 'destructive', 'archives the property group'],
      [
        'label.delete',
        'destructive',
        'deletes the label in both directions and removes it from every record association that uses it (the records lose that link label)',
      ],
      ['limit.purge', 'safe', 'removes a limit; no association or record is deleted'],
      [
        'eventProperty.delete',
        'destructive',
        'deletes the property from the event definition: its values on past events are lost',
      ],
    ]);
  });

  it('makes a type or fieldType change dangerous', () => {
    const { changes } = diff(
      desired(state({ properties: { tickets: [prop('a', { type: 'number', fieldType: 'number' })] } })),
      state({ properties: { tickets: [prop('a')] } }),
    );
    expect(severities(changes)).toStrictEqual([
      [
        'property.update',
        'dangerous',
        'changes type "string" -> "number", fieldType "text" -> "number": values on records may become invalid',
      ],
    ]);
  });

  const removal = () =>
    diff(
      desired(state({ properties: { tickets: [select('level', ['low', 'high'])] } })),
      state({ properties: { tickets: [select('level', ['low', 'high', 'legacy', 'old'])] } }),
    ).changes;

  it('makes an option removal dangerous', () => {
    expect(severities(removal())).toStrictEqual([
      [
        'property.update',
        'dangerous',
        "removes options 'legacy' and 'old': values on records may become invalid",
      ],
    ]);
  });

  it('with record counts: says how many records hold each value and attaches the counts', () => {
    const changes = removal();
    expect(dataCheckTargets(changes)).toStrictEqual([
      {
        kind: 'records',
        key: 'tickets.level=legacy',
        objectType: 'tickets',
        propertyName: 'level',
        value: 'legacy',
      },
      {
        kind: 'records',
        key: 'tickets.level=old',
        objectType: 'tickets',
        propertyName: 'level',
        value: 'old',
      },
    ]);
    const counts = new Map([
      [recordCountKey('tickets', 'level', 'legacy'), 412],
      [recordCountKey('tickets', 'level', 'old'), 0],
    ]);
    const [classified] = classify(changes, { counts: exactCounts(counts) });
    expect(classified?.severity).toBe('destructive');
    expect(classified?.reason).toBe(
      "removes options 'legacy' and 'old': 412 records still hold 'legacy' (give the option that takes over in replaces to rewrite them)",
    );
    expect(classified?.affected).toStrictEqual({ unit: 'records', count: 412, exact: true });
    if (classified?.type !== 'property.update') throw new Error('expected an update');
    const meta = classified.meta as Extract<Change, { type: 'property.update' }>['meta'];
    expect(meta.fields[0]?.options?.filter((o) => o.kind === 'removed')).toMatchObject([
      { value: 'legacy', recordCount: 412 },
      { value: 'old', recordCount: 0 },
    ]);
  });

  it('with record counts of zero: the removal is harmless and stays safe', () => {
    const counts = new Map([
      ['tickets.level=legacy', 0],
      ['tickets.level=old', 0],
    ]);
    expect(severities(removal(), counts)).toStrictEqual([
      [
        'property.update',
        'safe',
        "changes editable fields in place; removes options 'legacy' and 'old', which no record holds",
      ],
    ]);
  });

  it('a type change stays dangerous even when no record holds a removed option', () => {
    const { changes } = diff(
      desired(state({ properties: { tickets: [select('level', ['low'], { fieldType: 'radio' })] } })),
      state({ properties: { tickets: [select('level', ['low', 'legacy'])] } }),
    );
    const [c] = classify(changes, { counts: exactCounts([['tickets.level=legacy', 0]]) });
    expect([c?.severity, c?.reason]).toStrictEqual([
      'dangerous',
      `changes fieldType "select" -> "radio": values on records may become invalid; removes option 'legacy', which no record holds`,
    ]);
  });

  it('attaches record counts to archives and replaces', () => {
    const changes: Change[] = [
      {
        type: 'property.archive',
        meta: { objectType: 'tickets', name: 'a', cause: 'tombstone', property: prop('a') },
      },
      {
        type: 'property.archive',
        meta: { objectType: 'tickets', name: 'b', cause: 'tombstone', property: prop('b') },
      },
    ];
    expect(dataCheckTargets(changes).map((t) => t.key)).toStrictEqual(['tickets.a', 'tickets.b']);
    const classified = classify(changes, {
      counts: exactCounts([
        ['tickets.a', 1],
        ['tickets.b', 0],
      ]),
    });
    expect(classified.map((c) => [c.severity, c.reason, c.affected?.count])).toStrictEqual([
      [
        'destructive',
        'archives the property: its values are no longer readable on records; 1 record holds a value',
        1,
      ],
      [
        'destructive',
        'archives the property: its values are no longer readable on records; no record holds a value',
        0,
      ],
    ]);
  });

  it('makes an event option removal dangerous', () => {
    const { changes } = diff(
      desired(
        state({
          events: { e: { properties: [{ name: 'c', label: 'C', type: 'enumeration', options: [] }] } },
        }),
      ),
      state({
        events: {
          e: {
            properties: [
              { name: 'c', label: 'C', type: 'enumeration', options: [{ label: 'P', value: 'post' }] },
            ],
          },
        },
      }),
    );
    expect(severities(changes)).toStrictEqual([
      [
        'eventProperty.update',
        'dangerous',
        "removes option 'post': past events holding it keep an invalid value",
      ],
    ]);
  });

  it('makes a lowered limit, or a first limit on an existing type, dangerous; a limit on a new label stays safe', () => {
    const base = { from: 'tickets', to: 'orders', category: 'PLATFORM_DEFINED' } as const;
    const changes: Change[] = [
      { type: 'limit.set', meta: { ...base, typeId: 27, mode: 'update', old: 5, new: 2 } },
      { type: 'limit.set', meta: { ...base, typeId: 27, mode: 'update', old: 2, new: 5 } },
      { type: 'limit.set', meta: { ...base, typeId: 27, mode: 'create', new: 3 } },
      {
        type: 'limit.set',
        meta: { ...base, typeId: { ref: 'tickets->orders:New' }, label: 'New', mode: 'create', new: 1 },
      },
    ];
    expect(classify(changes).map((c) => [c.severity, c.reason])).toStrictEqual([
      ['dangerous', 'lowers the limit from 5 to 2: records may already hold more than 2 such associations'],
      ['safe', 'sets a limit; existing associations are kept'],
      [
        'dangerous',
        'sets a limit where there was none: records may already hold more than 3 such associations',
      ],
      ['safe', 'sets a limit; existing associations are kept'],
    ]);
  });
});
