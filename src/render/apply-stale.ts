/**
 * The stale-plan refusal: each resource that moved since the plan was made, with what changed
 * (planned-from -> now). It becomes the message of the error apply exits with.
 *
 *   The plan is stale: 2 resources changed since it was made. Nothing was applied.
 *     tickets.tier (Update property tickets.tier: label)
 *       label: "Tier" -> "Level"
 *     tickets.new_field (Create property tickets.new_field "New" (string/text))
 *       exists: false -> true
 */
import type { StaleChange } from '../apply/stale-check.js';
import { differenceLine } from './apply-values.js';
import { countOf } from './plan-values.js';

export function renderStale(stale: readonly StaleChange[]): string {
  const lines = [
    `The plan is stale: ${countOf(stale.length, 'resource', 'resources')} changed since it was made. Nothing was applied.`,
  ];
  for (const change of stale) {
    lines.push(`  ${change.address} (${change.message})`);
    for (const difference of change.differences) lines.push(`    ${differenceLine(difference)}`);
    if (change.note !== undefined) lines.push(`    ${change.note}`);
  }
  return lines.join('\n');
}
