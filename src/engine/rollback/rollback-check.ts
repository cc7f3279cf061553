/**
 * What a rollback checks besides its plan: that the token reaches the account the record was applied
 * to, and the digest a saved rollback plan carries in place of a manifest digest (of the record it
 * reverses, and whether it was partial). A rollback's plan keeps the project's managed scope: it touches
 * only what the record says its apply changed, and of that only what the project owns.
 */
import { neutralize } from '../../core/control-chars.js';
import { CrmSchemaError } from '../../core/errors.js';
import type { ComputePlanOptions } from '../pipeline/compute-plan.js';
import { canonicalDigest } from '../plan/canonical-json.js';
import type { PlanDocument } from '../plan/plan-document.js';
import type { TargetAccount } from '../model/plan-target.js';
import type { ApplyRecord } from '../record/shape/record-shape.js';

/** Refuses a record applied to another account than the one the token reaches now. */
export function checkRecordAccount(record: ApplyRecord, shown: string, now: TargetAccount | undefined): void {
  const then = record.target.account;
  if (then?.id === now?.id) return;
  const what = (account: TargetAccount | undefined) =>
    account === undefined ? 'an account whose details could not be read' : `account ${String(account.id)}`;
  throw new CrmSchemaError(
    'ROLLBACK_OTHER_ACCOUNT',
    `${neutralize(shown, { oneLine: true })} records an apply to ${what(then)}, but the token now reaches ${what(now)}. Nothing was changed.`,
    {
      hint: 'Roll back against the account the record names: choose its environment (--env) and token.',
      meta: { recorded: then?.id ?? null, now: now?.id ?? null },
    },
  );
}

/**
 * The digest a rollback plan carries as its `manifestDigest`: of the record it names (by id and digest)
 * and whether it was partial.
 */
export function rollbackDigest(rollback: NonNullable<PlanDocument['rollback']>): string {
  return canonicalDigest({
    recordId: rollback.recordId,
    recordDigest: rollback.recordDigest,
    partial: rollback.partial,
  });
}

/**
 * A rollback's plan options: the target's gate, data check and managed scope (a rollback changes only what
 * the project owns, like any plan); live resources no manifest names are left alone whatever the
 * `unmanaged` policy says (a rollback touches only the record's resources).
 */
export function rollbackOptions(options: ComputePlanOptions): ComputePlanOptions {
  return { ...options, policy: { ...options.policy, unmanaged: 'ignore' } };
}
