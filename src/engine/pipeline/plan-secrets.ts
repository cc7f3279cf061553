/**
 * A saved plan is applied only as written: apply makes the plan again and compares, and the manifests'
 * digest must match. Masking a secret in it (as every other output is masked) would make a plan that
 * never verifies, so a plan that holds one (the access token, or a credential shape: core/credentials.ts)
 * is not saved at all. The error names each change that holds one, the field, and where the manifest
 * declares it; a token in a manifest is also in its git history, so the hint says to replace it.
 */
import { CrmSchemaError } from '../../core/errors.js';
import { secretInText } from '../../core/output-gate.js';
import type { SourceLocation } from '../../core/source/source-location.js';
import type { PlanDocument } from '../plan/plan-document.js';

const MAX_LISTED = 20;

export interface SecretInPlan {
  /** the change's address; absent for a part of the document that is no change */
  address?: string;
  /** where in the change (or the document) it is, e.g. `meta.property.description` */
  field: string;
  kind: string;
}

/** Each change (and other part of the document) that holds a secret, once each. */
export function secretsInPlan(plan: PlanDocument): SecretInPlan[] {
  const found: SecretInPlan[] = [];
  for (const [key, value] of Object.entries(plan)) {
    if (key === 'changes') continue;
    const hit = firstSecret(value, key);
    if (hit !== undefined) found.push(hit);
  }
  for (const change of plan.changes) {
    const hit = firstSecret(change, '');
    if (hit !== undefined) found.push({ address: change.address, ...hit });
  }
  return found;
}

/** The error of a plan that holds secrets: `out` was not written. */
export function planHoldsSecret(
  found: readonly SecretInPlan[],
  out: string,
  sources: ReadonlyMap<string, SourceLocation> | undefined,
): CrmSchemaError {
  const lines = found.slice(0, MAX_LISTED).map(({ address, field, kind }) => {
    const source = address === undefined ? undefined : sources?.get(address);
    const where = source === undefined ? '' : ` (${source.file}:${source.line}:${source.col})`;
    const what = kind === 'the access token' ? kind : `a ${kind}`;
    return `  - ${address ?? 'the plan'}${where}: ${what} in ${field}`;
  });
  if (found.length > MAX_LISTED) lines.push(`  - ... and ${found.length - MAX_LISTED} more`);
  const token = found.some((f) => f.kind === 'the access token');
  return new CrmSchemaError(
    'PLAN_HOLDS_SECRET',
    `The plan holds ${token ? 'the access token' : 'a credential'}, so ${out} was not written (a saved plan is applied only exactly as written, so it cannot be masked):\n${lines.join('\n')}`,
    {
      hint:
        'Take it out of the manifest (or the live account) and plan again. A token that was in a manifest is ' +
        'in its git history too: revoke it and make a new one.',
      meta: { secrets: found.map((f) => ({ ...f })) },
    },
  );
}

/** The first string under `value` (keys included) holding a secret, with its path. */
function firstSecret(value: unknown, path: string): { field: string; kind: string } | undefined {
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length > 0) {
    const [item, at] = stack.pop() as [unknown, string];
    if (typeof item === 'string') {
      const kind = secretInText(item);
      if (kind !== undefined) return { field: at, kind };
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i -= 1) stack.push([item[i], `${at}[${i}]`]);
    } else if (typeof item === 'object' && item !== null) {
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, member] = entries[i] as [string, unknown];
        const keyKind = secretInText(key);
        const field = at === '' ? key : `${at}.${key}`;
        if (keyKind !== undefined) return { field, kind: keyKind };
        stack.push([member, field]);
      }
    }
  }
  return undefined;
}
