/**
 * A large in-memory case for the planner's performance: `types` object types x `perType` properties.
 * A third equal, a third with a changed label and options, a third missing live (created); every
 * property an enumeration with 10 options.
 */
import type { SchemaState } from '../../src/engine/model/schema-model.js';
import type { DesiredState } from '../../src/engine/model/desired-state.js';
import { desired, select, state } from './fixtures.js';

const OBJECT_TYPES = [
  'tickets',
  'orders',
  'products',
  'subscriptions',
  'services',
  'courses',
  'contacts',
  'companies',
  'deals',
  'p_custom',
];
const VALUES = Array.from({ length: 10 }, (_, i) => `v${i}`);

export function bigCase(types = 10, perType = 1000): { desired: DesiredState; live: SchemaState } {
  const want: Record<string, ReturnType<typeof select>[]> = {};
  const have: Record<string, ReturnType<typeof select>[]> = {};
  for (const objectType of OBJECT_TYPES.slice(0, types)) {
    want[objectType] = [];
    have[objectType] = [];
    for (let i = 0; i < perType; i++) {
      const name = `prop_${String(i).padStart(5, '0')}`;
      want[objectType].push(select(name, VALUES, { label: `Label ${i}` }));
      if (i % 3 === 0) have[objectType].push(select(name, VALUES, { label: `Label ${i}` }));
      if (i % 3 === 1)
        have[objectType].push(select(name, [...VALUES.slice(1), 'legacy'], { label: `Old ${i}` }));
    }
  }
  return { desired: desired(state({ properties: want })), live: state({ properties: have }) };
}
