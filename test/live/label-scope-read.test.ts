/** What the reader reads for the label scope: the object pairs its entries name, when the unmanaged policy looks. */
import { describe, expect, it } from 'vitest';
import { scopeFromDesired } from '../../src/live/scope.js';
import { toPlanPolicy } from '../../src/live/managed-scope.js';
import { DEFAULT_POLICY } from '../../src/model/policy.js';
import { emptySchemaState } from '../../src/model/schema-state.js';

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
    expect([...scope.pairs.values()]).toEqual([
      { from: 'tickets', to: 'orders', inverse: true },
      { from: 'contacts', to: 'companies', inverse: true },
    ]);
    expect(scope.objectTypes.size).toBe(0);
  });

  it('reads none of them when it ignores unmanaged labels', () => {
    expect(scopeFromDesired(nothing, { ...policy, unmanaged: 'ignore' }).pairs.size).toBe(0);
  });
});
