/**
 * The line a rollback's plan opens with after its target: which apply it reverses, when it ran, who ran
 * it and from which commit, as the plan names it (fields that are not text are left out; renderers pass
 * neutralized documents).
 *
 *   Rollback of apply 2026-11-27T07-40-00-123Z-3f9a61c2d0e4 (2026-11-27T07:40:00.123Z, octo-deployer, commit 3f9a61c)
 */
import type { PlanDocument } from '../../plan/plan-document.js';
import { codeSpan, escapeMarkdown } from '../common/markdown-escape.js';

interface Reversed {
  id: string;
  details: string[];
}

function reversedOf(plan: PlanDocument): Reversed | undefined {
  const rollback = plan.rollback;
  if (rollback === undefined) return undefined;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const commit = text(rollback.commit);
  const details = [
    text(rollback.startedAt),
    text(rollback.actor),
    commit === undefined ? undefined : `commit ${commit.slice(0, 12)}`,
  ].filter((d): d is string => d !== undefined);
  return { id: rollback.recordId, details: rollback.partial ? [...details, '--partial'] : details };
}

export function rollbackText(plan: PlanDocument): string | undefined {
  const reversed = reversedOf(plan);
  if (reversed === undefined) return undefined;
  const details = reversed.details.length === 0 ? '' : ` (${reversed.details.join(', ')})`;
  return `Rollback of apply ${reversed.id}${details}`;
}

export function rollbackMarkdown(plan: PlanDocument): string | undefined {
  const reversed = reversedOf(plan);
  if (reversed === undefined) return undefined;
  const details =
    reversed.details.length === 0 ? '' : ` (${reversed.details.map((d) => escapeMarkdown(d)).join(', ')})`;
  return `Rollback of apply ${codeSpan(reversed.id)}${details}`;
}
