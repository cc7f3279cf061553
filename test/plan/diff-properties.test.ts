import { describe, expect, it } from 'vitest';
import { diff } from '../../src/engine/plan/diff/diff.js';
import { desired, policy, prop, select, state } from './fixtures.js';
import type { KnownChange as Change } from '../../src/families/all-families.js';

describe('diff: properties', () => {
  it('creates a property the account lacks', () => {
    const p = prop('escalation_level');
    const result = diff(
      desired(state({ properties: { tickets: [p] } })),
      state({ properties: { tickets: [] } }),
    );
    expect(result.changes).toStrictEqual([
      { type: 'property.create', meta: { objectType: 'tickets', property: p } },
    ]);
    expect(result.diagnostics).toStrictEqual([]);
  });

  it('finds no change when both sides are equal once defaults are filled', () => {
    const declared = prop('a', {
      options: [{ label: 'X', value: 'x' }],
      type: 'enumeration',
      fieldType: 'select',
    });
    const live = prop('a', {
      type: 'enumeration',
      fieldType: 'select',
      description: '',
      displayOrder: -1,
      dataSensitivity: 'non_sensitive',
      hidden: false,
      formField: false,
      options: [{ label: 'X', value: 'x', displayOrder: 0, hidden: false, description: '' }],
      calculationFormula: '',
    });
    const result = diff(
      desired(state({ properties: { tickets: [declared] } })),
      state({ properties: { tickets: [live] } }),
    );
    expect(result).toStrictEqual({ changes: [], diagnostics: [] });
  });

  it('updates editable fields with old and new values', () => {
    const result = diff(
      desired(
        state({ properties: { tickets: [prop('a', { label: 'New', description: 'help', hidden: true })] } }),
      ),
      state({ properties: { tickets: [prop('a', { label: 'Old' })] } }),
    );
    expect(result.changes).toStrictEqual([
      {
        type: 'property.update',
        meta: {
          objectType: 'tickets',
          name: 'a',
          fields: [
            { field: 'label', old: 'Old', new: 'New' },
            { field: 'description', old: '', new: 'help' },
            { field: 'hidden', old: false, new: true },
          ],
        },
      },
    ]);
  });

  it('an unset optional field is null in a field change', () => {
    const result = diff(
      desired(
        state({
          properties: { tickets: [prop('a', { fieldType: 'calculation_equation', type: 'number' })] },
        }),
      ),
      state({
        properties: {
          tickets: [
            prop('a', { fieldType: 'calculation_equation', type: 'number', calculationFormula: 'b + 1' }),
          ],
        },
      }),
    );
    expect(result.changes[0]?.type).toBe('property.update');
    expect(result.changes[0]?.meta).toMatchObject({
      fields: [{ field: 'calculationFormula', old: 'b + 1', new: null }],
    });
  });

  it('compares options by value: added, removed, relabelled, reordered, hidden, description', () => {
    const live = prop('level', {
      type: 'enumeration',
      fieldType: 'select',
      options: [
        { label: 'Low', value: 'low' },
        { label: 'Mid', value: 'mid' },
        { label: 'High', value: 'high' },
        { label: 'Legacy', value: 'legacy' },
      ],
    });
    const wanted = prop('level', {
      type: 'enumeration',
      fieldType: 'select',
      options: [
        { label: 'High', value: 'high', displayOrder: 0 },
        { label: 'Low', value: 'low', displayOrder: 1, hidden: true },
        { label: 'Medium', value: 'mid', displayOrder: 2, description: 'in between' },
        { label: 'Urgent', value: 'urgent', displayOrder: 3 },
      ],
    });
    const result = diff(
      desired(state({ properties: { tickets: [wanted] } })),
      state({ properties: { tickets: [live] } }),
    );
    expect(result.changes).toHaveLength(1);
    const change = result.changes[0]! as Change;
    if (change.type !== 'property.update') throw new Error(`unexpected ${change.type}`);
    const [field] = change.meta.fields;
    expect(field?.field).toBe('options');
    expect(field?.options).toStrictEqual([
      {
        kind: 'removed',
        value: 'legacy',
        option: { label: 'Legacy', value: 'legacy', description: '', displayOrder: 3, hidden: false },
      },
      {
        kind: 'reordered',
        value: 'high',
        oldPosition: 2,
        newPosition: 0,
        oldDisplayOrder: 2,
        newDisplayOrder: 0,
      },
      {
        kind: 'reordered',
        value: 'low',
        oldPosition: 0,
        newPosition: 1,
        oldDisplayOrder: 0,
        newDisplayOrder: 1,
      },
      { kind: 'hidden', value: 'low', old: false, new: true },
      { kind: 'relabelled', value: 'mid', old: 'Mid', new: 'Medium' },
      {
        kind: 'reordered',
        value: 'mid',
        oldPosition: 1,
        newPosition: 2,
        oldDisplayOrder: 1,
        newDisplayOrder: 2,
      },
      { kind: 'description', value: 'mid', old: '', new: 'in between' },
      {
        kind: 'added',
        value: 'urgent',
        option: { label: 'Urgent', value: 'urgent', description: '', displayOrder: 3, hidden: false },
      },
    ]);
    // the PATCH needs the whole new list
    expect(field?.new).toStrictEqual(wanted.options.map((o) => ({ ...o })));
  });

  it.each([
    ['hasUniqueValue', { hasUniqueValue: true }, false, true],
    ['dataSensitivity', { dataSensitivity: 'sensitive' }, 'non_sensitive', 'sensitive'],
    ['externalOptions', { externalOptions: true, referencedObjectType: 'OWNER' }, false, true],
    ['referencedObjectType', { referencedObjectType: 'OWNER' }, null, 'OWNER'],
  ] as const)('a change to %s is a replace that names the field', (field, fields, old, next) => {
    const result = diff(
      desired(state({ properties: { tickets: [prop('a', { ...fields, label: 'Renamed' })] } })),
      state({ properties: { tickets: [prop('a')] } }),
    );
    expect(result.changes).toHaveLength(1);
    const change = result.changes[0]! as Change;
    if (change.type !== 'property.replace') throw new Error(`unexpected ${change.type}`);
    expect(change.meta.immutable[0]).toStrictEqual({ field, old, new: next });
    expect(change.meta.fields.map((f) => f.field)).toContain('label');
    expect(change.meta.property.label).toBe('Renamed');
  });

  it('ignores the options of externalOptions properties (the platform fills them)', () => {
    const live = prop('owner', {
      type: 'enumeration',
      fieldType: 'select',
      externalOptions: true,
      referencedObjectType: 'OWNER',
      options: [{ label: 'Ann', value: '1' }],
    });
    const wanted = prop('owner', {
      type: 'enumeration',
      fieldType: 'select',
      externalOptions: true,
      referencedObjectType: 'OWNER',
    });
    expect(
      diff(desired(state({ properties: { tickets: [wanted] } })), state({ properties: { tickets: [live] } }))
        .changes,
    ).toStrictEqual([]);
  });

  it('never changes a built-in property: a warning instead', () => {
    const result = diff(
      desired(state({ properties: { tickets: [prop('subject', { label: 'Mine' })] } })),
      state({ properties: { tickets: [{ ...prop('subject'), builtIn: true }] } }),
    );
    expect(result.changes).toStrictEqual([]);
    expect(result.diagnostics).toStrictEqual([
      {
        level: 'warning',
        code: 'BUILTIN_PROPERTY',
        address: 'tickets.subject',
        message:
          'tickets.subject is a built-in property: crm-schema never changes it (the manifest differs in label)',
        hint: 'Remove it from the manifest.',
      },
    ]);
  });

  it('restores a property that is archived live (its create restores it, values and all)', () => {
    const result = diff(
      desired(state({ properties: { tickets: [prop('a')] } })),
      state({ properties: { tickets: [{ ...prop('a'), archived: true }] } }),
    );
    expect(result.changes.map((c) => c.type)).toEqual(['property.restore']);
  });

  it('archives a tombstoned property; a tombstone of an absent property does nothing', () => {
    const live = state({ properties: { tickets: [prop('legacy_code')] } });
    const result = diff(
      desired(state({ properties: { tickets: [] } }), [
        { kind: 'property', objectType: '0-5', name: 'legacy_code' },
        { kind: 'property', objectType: 'tickets', name: 'never_existed' },
      ]),
      live,
    );
    expect(result.changes).toStrictEqual([
      {
        type: 'property.archive',
        meta: {
          objectType: 'tickets',
          name: 'legacy_code',
          cause: 'tombstone',
          property: prop('legacy_code'),
        },
      },
    ]);
    expect(result.diagnostics).toStrictEqual([]);
  });

  it('refuses a tombstone of a declared property and warns on one of a built-in', () => {
    const result = diff(
      desired(state({ properties: { tickets: [prop('a')] } }), [
        {
          kind: 'property',
          objectType: 'tickets',
          name: 'a',
          source: { file: 'schema/tickets.yaml', line: 9, col: 5 },
        },
        { kind: 'property', objectType: 'tickets', name: 'subject' },
      ]),
      state({ properties: { tickets: [prop('a'), { ...prop('subject'), builtIn: true }] } }),
    );
    expect(result.changes).toStrictEqual([]);
    expect(result.diagnostics.map((d) => [d.level, d.code, d.address, d.source?.line])).toStrictEqual([
      ['error', 'TOMBSTONE_CONFLICT', 'tickets.a', 9],
      ['warning', 'BUILTIN_PROPERTY', 'tickets.subject', undefined],
    ]);
  });

  describe('unmanaged live properties', () => {
    const live = state({
      properties: {
        tickets: [
          prop('declared'),
          prop('stray'), // group escalation: managed
          prop('support_extra', { groupName: 'other' }), // prefix: managed
          prop('someone_elses', { groupName: 'other' }), // out of scope
          { ...prop('hs_builtin'), builtIn: true }, // built-in: never
        ],
      },
    });
    const want = desired(state({ properties: { tickets: [prop('declared')] } }));
    const manage = { groups: ['escalation'], prefixes: ['support_'] };

    it('ignores them by default', () => {
      expect(diff(want, live, { policy: policy({ manage }) })).toStrictEqual({
        changes: [],
        diagnostics: [],
      });
    });

    it('reports them', () => {
      const result = diff(want, live, { policy: policy({ unmanaged: 'report', manage }) });
      expect(result.changes).toStrictEqual([]);
      expect(result.diagnostics.map((d) => d.message)).toStrictEqual([
        "tickets.stray is in the managed scope (group 'escalation') but in no manifest",
        "tickets.support_extra is in the managed scope (prefix 'support_') but in no manifest",
      ]);
      expect(result.diagnostics.every((d) => d.level === 'warning' && d.code === 'UNMANAGED_PROPERTY')).toBe(
        true,
      );
    });

    it('archives them', () => {
      const result = diff(want, live, { policy: policy({ unmanaged: 'archive', manage }) });
      expect(result.changes.map((c) => [c.type, c.meta])).toStrictEqual([
        [
          'property.archive',
          { objectType: 'tickets', name: 'stray', cause: 'unmanaged', property: prop('stray') },
        ],
        [
          'property.archive',
          {
            objectType: 'tickets',
            name: 'support_extra',
            cause: 'unmanaged',
            property: prop('support_extra', { groupName: 'other' }),
          },
        ],
      ]);
    });
  });

  it('reports a property whose group exists nowhere as an error', () => {
    const result = diff(
      desired(state({ properties: { tickets: [prop('a', { groupName: 'nowhere' })] } })),
      state({ properties: { tickets: [] } }),
    );
    expect(result.diagnostics).toStrictEqual([
      {
        level: 'error',
        code: 'UNKNOWN_GROUP',
        address: 'tickets.a',
        message: "tickets.a is in group 'nowhere', which no manifest declares and tickets does not have",
        hint: 'Declare the group under groups: in the tickets manifest, or use an existing group.',
      },
    ]);
  });

  it('points a diagnostic at the manifest location of its address', () => {
    const want = desired(state({ properties: { tickets: [prop('a', { groupName: 'nowhere' })] } }));
    want.sources = new Map([['tickets.a', { file: 'schema/tickets.yaml', line: 12, col: 5 }]]);
    const [d] = diff(want, state({ properties: { tickets: [] } })).diagnostics;
    expect(d?.source).toStrictEqual({ file: 'schema/tickets.yaml', line: 12, col: 5 });
  });

  it('works on enumeration helpers too', () => {
    const result = diff(
      desired(state({ properties: { tickets: [select('level', ['a', 'b'])] } })),
      state({ properties: { tickets: [select('level', ['a', 'b'])] } }),
    );
    expect(result.changes).toStrictEqual([]);
  });
});
