/**
 * `apply --dry-run`: the exact requests, numbered in send order, each with its body as JSON, then the
 * changes that would not be sent and why.
 *
 *   Dry run: 2 requests for 3 changes, in the order apply would send them. Nothing was sent.
 *
 *   1. POST /crm/v3/properties/tickets/batch/create  (properties.create, 2 changes)
 *      {
 *        "inputs": [ ... ]
 *      }
 *
 * JSON (`--json`): `{ dryRun: true, target, requests: [{ method, path, body, phase, changeIds }], notSent,
 * changes, dataWork: [{ id, work }] }`; `target` (base URL, environment, account) when apply knows it.
 */
import type { DryRun } from '../../apply/dry-run.js';
import { refsIn } from '../../plan/requests/refs.js';
import { countOf } from '../common/plan-values.js';
import { neutralize } from '../../../core/control-chars.js';
import { escapeJsonText, neutralizeDocument } from '../common/safe-text.js';
import { targetText } from '../common/target-line.js';

const BODY_INDENT = '   ';

export function renderDryRunText(input: DryRun): string {
  // bodies are shown exactly, as terminal-safe JSON; every other string neutralized
  const dry = { ...neutralizeDocument({ ...input, requests: [] }), requests: input.requests };
  const head =
    dry.requests.length === 0
      ? 'Dry run: nothing would be sent.'
      : `Dry run: ${countOf(dry.requests.length, 'request', 'requests')} for ${countOf(dry.changes, 'change', 'changes')}, in the order apply would send them. Nothing was sent.`;
  const blocks = dry.target === undefined ? [head] : [`Apply to ${targetText(dry.target)}`, head];
  dry.requests.forEach((request, i) => {
    const what = `(${request.phase}, ${countOf(request.changeIds.length, 'change', 'changes')})`;
    const lines = [`${i + 1}. ${request.method} ${neutralize(request.path, { oneLine: true })}  ${what}`];
    if (request.body !== undefined) {
      const json = escapeJsonText(JSON.stringify(request.body, null, 2));
      lines.push(...json.split('\n').map((line) => `${BODY_INDENT}${line}`));
    }
    blocks.push(lines.join('\n'));
  });
  if (dry.dataWork.length > 0) {
    blocks.push(
      ['Data work between requests:', ...dry.dataWork.map((d) => `  - ${d.id}: ${d.work}`)].join('\n'),
    );
  }
  if (dry.requests.some((r) => refsIn(r.body).length > 0)) {
    blocks.push('{ "ref": ADDRESS } stands for the typeId of that label, created by an earlier request.');
  }
  if (dry.notSent.length > 0) {
    blocks.push(
      [
        `Not sent (${dry.notSent.length}):`,
        ...dry.notSent.map((o) => `  - ${o.address} (${o.type}): ${o.reason ?? o.status}`),
      ].join('\n'),
    );
  }
  return blocks.join('\n\n');
}

export function renderDryRunJson(dry: DryRun): string {
  const { dryRun, target, ...rest } = dry;
  const ordered = target === undefined ? dry : { dryRun, target, ...rest };
  return escapeJsonText(`${JSON.stringify(ordered, null, 2)}\n`);
}
