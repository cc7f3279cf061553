import { describe, expect, it } from 'vitest';
import { normalizeEventProperty } from '../../src/families/event/normalize-event.js';
import { diff } from '../../src/engine/plan/diff/diff.js';
import { desired, policy, state } from './fixtures.js';

const carrier = {
  name: 'carrier',
  label: 'Carrier',
  type: 'enumeration',
  options: [{ label: 'Post', value: 'post' }],
};

describe('diff: event properties', () => {
  it('is an error when the event definition does not exist', () => {
    const result = diff(
      desired(state({ events: { order_shipped: { properties: [carrier] } } })),
      state({ events: { order_shipped: { exists: false, properties: [] } } }),
    );
    expect(result.changes).toStrictEqual([]);
    expect(result.diagnostics).toStrictEqual([
      {
        level: 'error',
        code: 'UNKNOWN_EVENT',
        address: 'event:order_shipped',
        message:
          "The event definition 'order_shipped' does not exist in the account, and no manifest gives its definition",
        hint: "Add a definition: block (label, and optionally description and primaryObject) to the EventProperties manifest of 'order_shipped' so that the plan creates it, or correct eventName.",
      },
    ]);
  });

  it('creates a missing definition from its definition block, with every declared property in the same call', () => {
    const definition = {
      label: 'Order shipped',
      description: 'Left the warehouse.',
      primaryObject: 'CONTACT',
    };
    const result = diff(
      desired(
        state({
          events: {
            order_shipped: {
              definition,
              properties: [carrier, { name: 'weight', label: 'Weight', type: 'number' }],
            },
          },
        }),
        // tombstones of a definition that does not exist yet: nothing to delete
        [{ kind: 'eventProperty', eventName: 'order_shipped', name: 'old_field' }],
      ),
      state({ events: { order_shipped: { exists: false, properties: [] } } }),
      {
        policy: policy({
          unmanaged: 'archive',
          manage: { groups: [], prefixes: ['w'], events: ['order_shipped'] },
        }),
      },
    );
    expect(result.diagnostics).toStrictEqual([]);
    const properties = [
      normalizeEventProperty(carrier),
      normalizeEventProperty({ name: 'weight', label: 'Weight', type: 'number' }),
    ];
    expect(result.changes).toStrictEqual([
      {
        type: 'eventDefinition.create',
        meta: { eventName: 'order_shipped', definition, propertyDefinitions: properties },
      },
      ...properties.map((property) => ({
        type: 'eventProperty.create',
        meta: { eventName: 'order_shipped', property, withDefinition: true },
      })),
    ]);
  });

  it('creates a definition whose entries are all tombstones, with no properties', () => {
    const definition = { label: 'Later', description: '' };
    const result = diff(
      desired(state({ events: { later: { definition, properties: [] } } }), [
        { kind: 'eventProperty', eventName: 'later', name: 'x' },
      ]),
      state({ events: { later: { exists: false, properties: [] } } }),
    );
    expect(result.changes).toStrictEqual([
      { type: 'eventDefinition.create', meta: { eventName: 'later', definition } },
    ]);
  });

  it('an existing definition: a changed label or description is an update, another primary object a warning', () => {
    const live = (info: {
      label: string;
      description: string;
      primaryObject?: string;
      objectTypeId?: string;
    }) => state({ events: { order_shipped: { definition: info, properties: [carrier] } } });
    const want = (info: { label: string; description: string; primaryObject?: string }) =>
      desired(state({ events: { order_shipped: { definition: info, properties: [carrier] } } }));
    const same = diff(
      want({ label: 'Order shipped', description: '' }),
      live({ label: 'Order shipped', description: '', primaryObject: 'CONTACT', objectTypeId: '0-1' }),
    );
    expect(same).toStrictEqual({ changes: [], diagnostics: [] });
    // `contacts`, `0-1` and CONTACT are one primary object
    for (const primaryObject of ['contacts', '0-1', 'CONTACT']) {
      const alias = diff(
        want({ label: 'A', description: '', primaryObject }),
        live({ label: 'A', description: '', primaryObject: 'CONTACT', objectTypeId: '0-1' }),
      );
      expect(alias.diagnostics, primaryObject).toStrictEqual([]);
    }
    const differs = diff(
      want({ label: 'Order shipped', description: 'New text', primaryObject: 'TICKET' }),
      live({ label: 'Order sent', description: '', primaryObject: 'CONTACT', objectTypeId: '0-1' }),
    );
    expect(differs.changes).toStrictEqual([
      {
        type: 'eventDefinition.update',
        meta: {
          eventName: 'order_shipped',
          fields: [
            { field: 'label', old: 'Order sent', new: 'Order shipped' },
            { field: 'description', old: '', new: 'New text' },
          ],
        },
      },
    ]);
    expect(differs.diagnostics).toStrictEqual([
      {
        level: 'warning',
        code: 'EVENT_DEFINITION_DIFFERS',
        address: 'event:order_shipped',
        message:
          'The event definition event:order_shipped has the primary object CONTACT (manifest: TICKET): the primary object of an event definition cannot change',
        hint: 'Make the primary object of the definition: block match the account, or create a definition under another name.',
      },
    ]);
    // an object type the table does not know is not compared
    const custom = diff(
      want({ label: 'A', description: '', primaryObject: 'p123_cars' }),
      live({ label: 'A', description: '', primaryObject: 'p123_cars', objectTypeId: '2-123' }),
    );
    expect(custom.diagnostics).toStrictEqual([]);
  });

  it('creates, updates (label, description, options) and leaves equal ones alone', () => {
    const result = diff(
      desired(
        state({
          events: {
            order_shipped: {
              properties: [
                carrier,
                { name: 'weight', label: 'Weight (kg)', type: 'number', description: 'gross' },
                { name: 'same', label: 'Same', type: 'string' },
              ],
            },
          },
        }),
      ),
      state({
        events: {
          order_shipped: {
            properties: [
              { name: 'weight', label: 'Weight', type: 'number' },
              { name: 'same', label: 'Same', type: 'string', description: '' },
            ],
          },
        },
      }),
    );
    expect(result.changes).toStrictEqual([
      {
        type: 'eventProperty.create',
        meta: { eventName: 'order_shipped', property: normalizeEventProperty(carrier) },
      },
      {
        type: 'eventProperty.update',
        meta: {
          eventName: 'order_shipped',
          name: 'weight',
          fields: [
            { field: 'label', old: 'Weight', new: 'Weight (kg)' },
            { field: 'description', old: '', new: 'gross' },
          ],
        },
      },
    ]);
  });

  it('a type change is delete + create', () => {
    const result = diff(
      desired(
        state({
          events: { order_shipped: { properties: [{ name: 'weight', label: 'W', type: 'number' }] } },
        }),
      ),
      state({ events: { order_shipped: { properties: [{ name: 'weight', label: 'W', type: 'string' }] } } }),
    );
    expect(result.changes).toStrictEqual([
      {
        type: 'eventProperty.delete',
        meta: {
          eventName: 'order_shipped',
          name: 'weight',
          cause: 'type-change',
          property: normalizeEventProperty({ name: 'weight', label: 'W', type: 'string' }),
          newType: 'number',
        },
      },
      {
        type: 'eventProperty.create',
        meta: {
          eventName: 'order_shipped',
          property: normalizeEventProperty({ name: 'weight', label: 'W', type: 'number' }),
          replaces: true,
        },
      },
    ]);
  });

  it('deletes tombstoned properties, never built-in ones, and ignores tombstones of absent ones', () => {
    const result = diff(
      desired(state({ events: { order_shipped: { properties: [] } } }), [
        { kind: 'eventProperty', eventName: 'order_shipped', name: 'old_field' },
        { kind: 'eventProperty', eventName: 'order_shipped', name: 'hs_builtin' },
        { kind: 'eventProperty', eventName: 'order_shipped', name: 'absent' },
        { kind: 'eventProperty', eventName: 'no_such_event', name: 'x' },
      ]),
      state({
        events: {
          order_shipped: {
            properties: [
              { name: 'old_field', label: 'Old', type: 'string' },
              { name: 'hs_builtin', label: 'B', type: 'string', builtIn: true },
            ],
          },
        },
      }),
    );
    expect(result.changes.map((c) => [c.type, c.meta])).toStrictEqual([
      [
        'eventProperty.delete',
        {
          eventName: 'order_shipped',
          name: 'old_field',
          cause: 'tombstone',
          property: normalizeEventProperty({ name: 'old_field', label: 'Old', type: 'string' }),
        },
      ],
    ]);
    expect(result.diagnostics.map((d) => [d.level, d.code])).toStrictEqual([
      ['warning', 'BUILTIN_EVENT_PROPERTY'],
    ]);
  });

  it('applies the unmanaged policy to custom properties with a managed prefix', () => {
    const live = state({
      events: {
        order_shipped: {
          properties: [
            { name: 'support_extra', label: 'E', type: 'string' },
            { name: 'other', label: 'O', type: 'string' },
          ],
        },
      },
    });
    const want = desired(state({ events: { order_shipped: { properties: [] } } }));
    const manage = { groups: [], prefixes: ['support_'] };
    const archived = diff(want, live, { policy: policy({ unmanaged: 'archive', manage }) });
    expect(archived.changes.map((c) => [c.type, (c.meta as { name: string }).name])).toStrictEqual([
      ['eventProperty.delete', 'support_extra'],
    ]);
    const reported = diff(want, live, { policy: policy({ unmanaged: 'report', manage }) });
    expect(reported.diagnostics.map((d) => d.address)).toStrictEqual(['event:order_shipped.support_extra']);
  });
});
