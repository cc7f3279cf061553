/**
 * The policy decision under a change, in every plan format: `refused by policy: ...` and how to allow
 * it for a refused change; `allowed: ...` for one let through by name, by a flag, or (destructive) by
 * `destructive: allow`; nothing for a safe change, nor for a dangerous one under the default
 * `dangerous: allow`.
 */
import type { PlannedChange } from '../../plan/plan-document.js';
import { refusalWords } from '../../plan/policy-decision.js';

export function policyLines(change: Pick<PlannedChange, 'policy' | 'severity'>): string[] {
  const { policy } = change;
  if (policy.decision === 'refuse') {
    const words = refusalWords(policy);
    const lines = [`${words.refused}: ${policy.reason}`];
    if (policy.allow !== undefined) lines.push(`${words.how}: ${policy.allow}`);
    return lines;
  }
  const notable =
    policy.rule === 'allowed-by-name' ||
    policy.rule === 'allowed-by-flag' ||
    (policy.rule === 'allowed-by-policy' && change.severity === 'destructive');
  return notable ? [`allowed: ${policy.reason}`] : [];
}
