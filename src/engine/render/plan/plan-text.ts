/**
 * A plan as text for people (the default output of `plan`):
 *
 *   tickets (3 changes)
 *     +   Create property tickets.escalation_level "Escalation level" (enumeration/select, 2 options)
 *         options: low "Low", high "High"
 *     ~   Update property tickets.tier: options
 *         ! dangerous: removes option 'legacy': 412 records still hold 'legacy'
 *         options:
 *           - legacy "Legacy" (412 records still hold it)
 *     -   Archive property tickets.legacy_code
 *         !! destructive: archives the property: its values are no longer readable on records
 *     +   Create event definition event:order_shipped "Order shipped" (primary object CONTACT)
 *         irreversible: the API cannot delete an event definition: ...
 *
 *   Plan: 1 to create, 1 to update, 1 to archive; 1 destructive, 1 dangerous.
 *
 * A plan made against an account (not one built in memory) first names it: `Plan for <URL> (environment
 * production), account 1000001 (Acme)`. Then one line per change (symbol and the change's message),
 * grouped by object type, association pair and event definition in plan order; the severity mark and
 * reason under every change that is not safe, and why a rollback cannot reverse it under every change it
 * cannot; then the plan's errors, warnings and notes, and the
 * summary line. Colour only when the caller asks
 * (`color`: a terminal, no NO_COLOR, no --no-color); the same text otherwise, without escape codes.
 * Returns the lines joined by newlines, without a trailing newline.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import type { ChangeAction } from '../../plan/kinds/change-kind.js';
import type { PlanDocument, PlannedChange } from '../../plan/plan-document.js';
import { detailsOf } from './plan-details.js';
import { groupChanges } from './plan-groups.js';
import { diagnosticTextBlocks } from './plan-diagnostics-text.js';
import { severityLabel } from './plan-severity.js';
import { countPlan, planErrorLine, summaryLine, symbolOf } from './plan-summary.js';
import { textDetailLines } from './plan-text-details.js';
import { policyLines } from './plan-policy.js';
import { countOf } from '../common/plan-values.js';
import { neutralizeDocument } from '../common/safe-text.js';
import { targetText } from '../common/target-line.js';
import { rollbackText } from './plan-rollback.js';
import { IRREVERSIBLE, irreversibleWhy } from './plan-reversal.js';

export interface PlanTextOptions {
  /** ANSI colour; the caller decides (see `colorEnabled`) */
  color: boolean;
}

const CHANGE_INDENT = '  ';
/** the widest symbol, `-/+`; the others are padded to it */
const SYMBOL_WIDTH = 3;
/** details line up under the message */
const DETAIL_INDENT = ' '.repeat(CHANGE_INDENT.length + SYMBOL_WIDTH + 1);

export function renderPlanText(input: PlanDocument, options: PlanTextOptions): string {
  const plan = neutralizeDocument(input);
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const blocks: string[][] = [];
  const rollback = rollbackText(plan);
  if (plan.target !== undefined)
    blocks.push([`Plan for ${targetText(plan.target)}`, ...(rollback === undefined ? [] : [rollback])]);
  for (const group of groupChanges(plan.changes)) {
    blocks.push([
      chalk.bold(`${group.title} (${countOf(group.changes.length, 'change', 'changes')})`),
      ...group.changes.flatMap((change) => changeLines(change, chalk)),
    ]);
  }
  blocks.push(...diagnosticTextBlocks(plan.diagnostics, chalk));
  const counts = countPlan(plan.changes, plan.diagnostics);
  const closing = [
    summaryStyle(chalk, counts.bySeverity.destructive > 0)(summaryLine(counts, plan.rollback !== undefined)),
  ];
  const errors = planErrorLine(counts);
  if (errors !== undefined) closing.push(chalk.red(errors));
  blocks.push(closing);
  return blocks.map((block) => block.join('\n')).join('\n\n');
}

function changeLines(change: PlannedChange, chalk: ChalkInstance): string[] {
  const symbol = symbolStyle(chalk, change.action)(symbolOf(change).padEnd(SYMBOL_WIDTH));
  const lines = [`${CHANGE_INDENT}${symbol} ${highlightAddress(change, chalk)}`];
  const severity = severityLabel(change.severity);
  if (severity !== undefined) {
    const style = change.severity === 'destructive' ? chalk.red.bold : chalk.yellow.bold;
    lines.push(`${DETAIL_INDENT}${style(`${severity}:`)} ${change.reason}`);
  }
  const irreversible = irreversibleWhy(change);
  if (irreversible !== undefined)
    lines.push(`${DETAIL_INDENT}${chalk.magenta.bold(`${IRREVERSIBLE}:`)} ${irreversible}`);
  for (const line of policyLines(change))
    lines.push(DETAIL_INDENT + (change.policy.decision === 'refuse' ? chalk.red(line) : line));
  for (const line of textDetailLines(detailsOf(change), chalk)) lines.push(DETAIL_INDENT + line);
  return lines;
}

/** The message with its address in bold: the part a reader scans for. */
function highlightAddress(change: PlannedChange, chalk: ChalkInstance): string {
  const at = change.message.indexOf(change.address);
  if (at < 0 || chalk.level === 0) return change.message;
  const end = at + change.address.length;
  return `${change.message.slice(0, at)}${chalk.bold(change.address)}${change.message.slice(end)}`;
}

function symbolStyle(chalk: ChalkInstance, action: ChangeAction): (text: string) => string {
  const styles: Readonly<Record<ChangeAction, (text: string) => string>> = {
    create: chalk.green,
    update: chalk.yellow,
    replace: chalk.red,
    remove: chalk.red,
  };
  return styles[action];
}

function summaryStyle(chalk: ChalkInstance, destructive: boolean): (text: string) => string {
  return destructive ? chalk.bold.red : chalk.bold;
}
