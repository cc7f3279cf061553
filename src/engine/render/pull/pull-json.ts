/**
 * What `pull` did as JSON (`pull --json`): 2-space indent, a trailing newline, keys in one fixed order
 * whatever order the report was built in, so the same pull always prints the same bytes:
 *
 *   { baseline?: { ref, commit }, files: [{ path, status }], added, updated, removed: [address],
 *     notDeployed, conflicts: [{ address, change }], notes: [text] }
 */
import type { PullReport } from '../../pull/pull-report.js';
import { escapeJsonText } from '../common/safe-text.js';

const KEY_ORDER = [
  'baseline',
  'ref',
  'commit',
  'files',
  'path',
  'status',
  'added',
  'updated',
  'removed',
  'notDeployed',
  'conflicts',
  'address',
  'change',
  'notes',
];

export function renderPullJson(report: PullReport): string {
  return escapeJsonText(`${JSON.stringify(report, KEY_ORDER, 2)}\n`);
}
