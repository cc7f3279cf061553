/** What the reader reads for the label scope: the object pairs its entries name, when the unmanaged policy looks. */
import { describe, expect, it } from 'vitest';
import { scopeFromDesired } from '../../src/engine/live/scope.js';
import { toPlanPolicy } from '../../src/engine/live/managed-scope.js';
import { DEFAULT_POLICY } from '../../src/engine/model/policy.js';
import { emptySchemaState } from '../../src/engine/model/schema-model.js';
import { objectTypesIn, pairsIn } from '../helpers/families.js';

const nothing = { state: emptySchemaState(), tombstones: [] };

describe('the live read of the label scope', () => {
  const policy = toPlanPolicy({
    ...DEFAULT_POLICY,
    unmanaged: 'report',
    manage: { groups: [], prefixes: [], labels: ['0-5->0-123', 'contacts->companies:Escalation *'] },
  });

  it('has canonical entries', () => {
    expect(policy.manage.labels).toEqual(['tickets->orders', 'contacts->companies:Escalation *']);
  });

  it('reads both directions of each object pair an entry names, when the unmanaged policy looks', () => {
    const scope = scopeFromDesired(nothing, policy);
    expect([...pairsIn(scope).values()]).toEqual([
      { from: 'tickets', to: 'orders', inverse: true },
      { from: 'contacts', to: 'companies', inverse: true },
    ]);
    expect(objectTypesIn(scope).size).toBe(0);
  });

  it('reads none of them when it ignores unmanaged labels', () => {
    expect(pairsIn(scopeFromDesired(nothing, { ...policy, unmanaged: 'ignore' })).size).toBe(0);
  });
});
