/**
 * Fitting a Markdown plan into a comment's size limit. The comment is a head (always shown) and
 * sections of whole items; sections are added in order while they fit, and the first one that does not
 * is cut between two items (never inside an item, so never inside a code block), closed properly (so a
 * `<details>` always gets its `</details>`), and everything after it left out. A note then says how
 * many changes and findings are not shown. The result is always shorter than `limit`.
 */
import type { DiagnosticLevel } from '../../plan/diagnostics.js';

export interface MarkdownItem {
  text: string;
  /** the changes this item shows */
  changeIds?: readonly string[];
  /** the finding this item shows */
  diagnostic?: DiagnosticLevel;
}

export interface MarkdownSection {
  /** written before the first item; `shown` < `items.length` when the section is cut */
  open: (shown: number) => string;
  close: string;
  items: readonly MarkdownItem[];
}

export interface Omitted {
  /** changes shown nowhere in the comment */
  changes: number;
  diagnostics: Readonly<Record<DiagnosticLevel, number>>;
}

export interface BudgetInput {
  head: string;
  sections: readonly MarkdownSection[];
  limit: number;
  /** every change id of the plan, to count those not shown */
  changeIds: readonly string[];
  diagnostics: Readonly<Record<DiagnosticLevel, number>>;
  /** the note for what was left out; must not grow longer for smaller counts */
  note: (omitted: Omitted) => string;
}

/** Room kept for an `open` that says how many items it shows, on top of its full-length form. */
const OPEN_SLACK = 80;

export function fitToLimit(input: BudgetInput): string {
  const noteRoom = input.note({ changes: input.changeIds.length, diagnostics: input.diagnostics }).length + 4;
  const shownIds = new Set<string>();
  const shownDiagnostics: Record<DiagnosticLevel, number> = { error: 0, warning: 0, info: 0 };
  let out = input.head;
  let cut = false;

  for (const section of input.sections) {
    const openRoom = section.open(section.items.length).length + OPEN_SLACK;
    let body = '';
    let shown = 0;
    for (const item of section.items) {
      const needed = out.length + openRoom + body.length + item.text.length + section.close.length + noteRoom;
      if (needed >= input.limit) {
        cut = true;
        break;
      }
      body += item.text;
      shown += 1;
      for (const id of item.changeIds ?? []) shownIds.add(id);
      if (item.diagnostic !== undefined) shownDiagnostics[item.diagnostic] += 1;
    }
    if (shown > 0) out += section.open(shown) + body + section.close;
    if (cut) break;
  }

  const omitted: Omitted = {
    changes: input.changeIds.filter((id) => !shownIds.has(id)).length,
    diagnostics: {
      error: input.diagnostics.error - shownDiagnostics.error,
      warning: input.diagnostics.warning - shownDiagnostics.warning,
      info: input.diagnostics.info - shownDiagnostics.info,
    },
  };
  if (cut) out += `\n${input.note(omitted)}\n`;
  return out;
}
