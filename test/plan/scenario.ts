/** One plan touching every phase, shared by the order, request, document and schema tests. */
import type { SchemaState } from '../../src/engine/model/schema-model.js';
import type { DesiredState } from '../../src/engine/model/desired-state.js';
import { desired, prop, select, state } from './fixtures.js';

const U = 'USER_DEFINED';

export function scenarioLive(): SchemaState {
  return state({
    properties: {
      tickets: [
        prop('upd', { label: 'Before' }),
        prop('mv'),
        prop('old1', { groupName: 'oldgroup' }),
        prop('uniq'),
        select('level', ['low', 'high', 'legacy']),
      ],
    },
    groups: { tickets: [{ name: 'oldgroup', label: 'Old group' }] },
    labels: { 'tickets->orders': [{ label: 'Old', category: U, typeId: 1001 }] },
    limits: {
      'tickets->orders': [
        { category: U, typeId: 1001, label: 'Old', maxToObjectIds: 3 },
        { category: 'PLATFORM_DEFINED', typeId: 27, maxToObjectIds: 10 },
      ],
    },
    events: {
      order_shipped: {
        properties: [
          { name: 'gone', label: 'Gone', type: 'string' },
          { name: 'weight', label: 'Weight', type: 'string' },
          { name: 'note', label: 'Note', type: 'string' },
        ],
      },
    },
  });
}

export function scenarioDesired(): DesiredState {
  return desired(
    state({
      properties: {
        tickets: [
          prop('a_calc', {
            type: 'number',
            fieldType: 'calculation_equation',
            calculationFormula: 'z_base * 2 + "upd"',
          }),
          prop('z_base', { type: 'number', fieldType: 'number' }),
          prop('upd', { label: 'After' }),
          prop('mv', { groupName: 'escalation2' }),
          prop('uniq', { hasUniqueValue: true }),
          select('level', ['low', 'high']),
        ],
      },
      groups: { tickets: [{ name: 'escalation2', label: 'Escalation 2' }] },
      labels: {
        'tickets->orders': [{ label: 'Primary order', category: U, inverseLabel: 'Primary ticket' }],
      },
      limits: {
        'tickets->orders': [
          { category: U, label: 'Primary order', maxToObjectIds: 1 },
          { category: 'PLATFORM_DEFINED', typeId: 27, maxToObjectIds: 20 },
        ],
      },
      events: {
        order_shipped: {
          properties: [
            {
              name: 'carrier',
              label: 'Carrier',
              type: 'enumeration',
              options: [{ label: 'Post', value: 'post' }],
            },
            { name: 'weight', label: 'Weight', type: 'number' },
            { name: 'note', label: 'Note', type: 'string', description: 'free text' },
          ],
        },
      },
    }),
    [
      { kind: 'property', objectType: 'tickets', name: 'old1' },
      { kind: 'group', objectType: 'tickets', name: 'oldgroup' },
      { kind: 'label', from: 'tickets', to: 'orders', label: 'Old' },
      { kind: 'limit', from: 'tickets', to: 'orders', label: 'Old' },
      { kind: 'eventProperty', eventName: 'order_shipped', name: 'gone' },
    ],
  );
}
