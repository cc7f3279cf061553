/**
 * One change, one diagnostic, one attention entry as Markdown list items. A change is its symbol and
 * message with the address in code, its severity as a nested item, and its field changes in a ```diff
 * block (`- old` / `+ new`, `!` for an option kept with changes, `@@ field @@` above a word diff or an
 * option list) so that GitHub colours them. A diff block is capped at `MAX_DIFF_LINES` lines.
 */
import type { PlanDiagnostic } from '../../plan/diagnostics.js';
import type { PlannedChange } from '../../plan/plan-document.js';
import type { OptionSign } from '../common/option-diff.js';
import type { Detail } from './plan-details.js';
import { detailsOf } from './plan-details.js';
import { codeSpan, escapeMarkdown, fencedBlock } from '../common/markdown-escape.js';
import { policyLines } from './plan-policy.js';
import { IRREVERSIBLE, irreversibleWhy } from './plan-reversal.js';
import { severityLabel } from './plan-severity.js';
import { symbolOf } from './plan-summary.js';
import { formatCount, formatValue } from '../common/plan-values.js';
import { twoSidedWordDiff } from '../common/word-diff.js';

export const MAX_DIFF_LINES = 100;
const ITEM_INDENT = '  ';

/** In a diff block, an option kept with changes is a "changed" line (`!`), which GitHub also colours. */
const OPTION_SIGN: Readonly<Record<OptionSign, string>> = { '+': '+', '-': '-', '~': '!' };

type DiffWriter = { readonly [K in Detail['kind']]: (d: Extract<Detail, { kind: K }>) => string[] };

const DIFF_LINES: DiffWriter = {
  field: (d) => [`- ${d.field}: ${formatValue(d.old)}`, `+ ${d.field}: ${formatValue(d.new)}`],
  text: (d) => [`@@ ${d.field} @@`, ...twoSidedWordDiff(d.old, d.new).map((l) => `${l.sign} ${l.text}`)],
  options: (d) => [`@@ ${d.field} @@`, ...d.lines.map((l) => `${OPTION_SIGN[l.sign]} ${l.text}`)],
  value: (d) => [`+ ${d.field}: ${d.text}`],
};

/** `` `~` Update property `tickets.level`: options `` */
export function changeHeadline(change: PlannedChange): string {
  return `${codeSpan(symbolOf(change))} ${messageWithAddress(change)}`;
}

export function changeItem(change: PlannedChange): string {
  let out = `- ${changeHeadline(change)}\n`;
  const severity = severityLabel(change.severity);
  if (severity !== undefined) out += `${ITEM_INDENT}- **${severity}:** ${escapeMarkdown(change.reason)}\n`;
  const irreversible = irreversibleWhy(change);
  if (irreversible !== undefined)
    out += `${ITEM_INDENT}- **${IRREVERSIBLE}:** ${escapeMarkdown(irreversible)}\n`;
  for (const line of policyLines(change)) {
    const [head = '', ...rest] = line.split(': ');
    out += `${ITEM_INDENT}- **${escapeMarkdown(head)}:** ${escapeMarkdown(rest.join(': '))}\n`;
  }
  const lines = detailsOf(change).flatMap((d) => (DIFF_LINES[d.kind] as (d: Detail) => string[])(d));
  if (lines.length > 0) out += fencedBlock(capped(lines), 'diff', ITEM_INDENT);
  return out;
}

/** `**!! destructive** `-/+` `tickets.uniq`: <reason>`; `**!! destructive, refused**` when the policy refuses it */
export function attentionItem(change: PlannedChange): string {
  const severity = severityLabel(change.severity) ?? change.severity;
  const refused = change.policy.decision === 'refuse' ? ', refused' : '';
  return `- **${severity}${refused}** ${codeSpan(symbolOf(change))} ${codeSpan(change.address)}: ${escapeMarkdown(change.reason)}\n`;
}

/** `- `+` `event:order_shipped`: the API cannot delete an event definition: ...` */
export function irreversibleItem(change: PlannedChange): string {
  return `- ${codeSpan(symbolOf(change))} ${codeSpan(change.address)}: ${escapeMarkdown(irreversibleWhy(change) ?? '')}\n`;
}

/** `- `-` `tickets.old`: destructive: deny of environment production, ... (to allow it: ...)` */
export function refusedItem(change: PlannedChange): string {
  const allow =
    change.policy.allow === undefined
      ? ''
      : `${ITEM_INDENT}- to allow it: ${escapeMarkdown(change.policy.allow)}\n`;
  return `- ${codeSpan(symbolOf(change))} ${codeSpan(change.address)}: ${escapeMarkdown(change.policy.reason)}\n${allow}`;
}

export function diagnosticItem(d: PlanDiagnostic): string {
  const at =
    d.source === undefined ? '' : ` (at ${codeSpan(`${d.source.file}:${d.source.line}:${d.source.col}`)})`;
  let out = `- ${codeSpan(d.code)} ${escapeMarkdown(d.message)}${at}\n`;
  if (d.hint !== undefined) out += `${ITEM_INDENT}- hint: ${escapeMarkdown(d.hint)}\n`;
  return out;
}

/** The message, escaped, with the change's address as code. */
function messageWithAddress(change: PlannedChange): string {
  const at = change.message.indexOf(change.address);
  if (at < 0) return `${codeSpan(change.address)}: ${escapeMarkdown(change.message)}`;
  const before = change.message.slice(0, at);
  const after = change.message.slice(at + change.address.length);
  return `${escapeMarkdown(before)}${codeSpan(change.address)}${escapeMarkdown(after)}`;
}

function capped(lines: string[]): string[] {
  if (lines.length <= MAX_DIFF_LINES) return lines;
  const rest = lines.length - MAX_DIFF_LINES;
  return [
    ...lines.slice(0, MAX_DIFF_LINES),
    `@@ … ${formatCount(rest)} more line${rest === 1 ? '' : 's'} @@`,
  ];
}
