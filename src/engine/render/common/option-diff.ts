/**
 * Option list changes as lines by option value: `+` added, `-` removed (with the records still holding
 * it, when the data check counted them), `~` for an option kept with a new label, place, visibility or
 * description (all of one option's changes on one line). Text and Markdown share these lines.
 */
import type { NormalizedOption } from '../../model/schema-model.js';
import type { OptionChange } from '../../plan/change-types.js';
import { formatOptionValue, recordsHolding } from './plan-values.js';

export type OptionSign = '+' | '-' | '~';

export interface OptionLine {
  sign: OptionSign;
  text: string;
}

type Modification = Exclude<OptionChange, { kind: 'added' } | { kind: 'removed' }>;

const DESCRIBE: { readonly [K in Modification['kind']]: (c: Extract<Modification, { kind: K }>) => string } =
  {
    relabelled: (c) => `label ${JSON.stringify(c.old)} -> ${JSON.stringify(c.new)}`,
    reordered: (c) => describeMove(c),
    hidden: (c) => (c.new ? 'hidden' : 'shown again'),
    description: (c) => `description ${JSON.stringify(c.old)} -> ${JSON.stringify(c.new)}`,
  };

export function optionDiffLines(changes: readonly OptionChange[]): OptionLine[] {
  const lines: OptionLine[] = [];
  // one `~` line per option value, at the place of its first change
  const modified = new Map<string, OptionLine>();
  for (const change of changes) {
    if (change.kind === 'added') {
      lines.push({ sign: '+', text: optionText(change.option) });
    } else if (change.kind === 'removed') {
      const held =
        change.recordCount === undefined ? '' : ` (${recordsHolding(change.recordCount, change.replacedBy)})`;
      lines.push({ sign: '-', text: `${optionText(change.option)}${held}` });
    } else {
      const what = (DESCRIBE[change.kind] as (c: Modification) => string)(change);
      const line = modified.get(change.value);
      if (line === undefined) {
        const created: OptionLine = { sign: '~', text: `${formatOptionValue(change.value)}: ${what}` };
        modified.set(change.value, created);
        lines.push(created);
      } else {
        line.text += `, ${what}`;
      }
    }
  }
  return lines;
}

/** `low "Low"`, `urgent "Urgent" (hidden)` */
export function optionText(option: NormalizedOption): string {
  return `${formatOptionValue(option.value)} ${JSON.stringify(option.label)}${option.hidden ? ' (hidden)' : ''}`;
}

/** The options of a created property on one line: `low "Low", high "High" and 3 more`. */
export function optionListText(options: readonly NormalizedOption[], max = 8): string {
  const shown = options.slice(0, max).map(optionText).join(', ');
  return options.length > max ? `${shown} and ${options.length - max} more` : shown;
}

/** Positions are shown 1-based; `displayOrder` only when it does not simply follow the position. */
function describeMove(c: Extract<OptionChange, { kind: 'reordered' }>): string {
  const parts: string[] = [];
  if (c.oldPosition !== c.newPosition) parts.push(`position ${c.oldPosition + 1} -> ${c.newPosition + 1}`);
  const orderFollowsPosition = c.oldDisplayOrder === c.oldPosition && c.newDisplayOrder === c.newPosition;
  if (c.oldDisplayOrder !== c.newDisplayOrder && !orderFollowsPosition) {
    parts.push(`displayOrder ${c.oldDisplayOrder} -> ${c.newDisplayOrder}`);
  }
  // its place among the options both lists share changed, though its index did not
  return parts.length > 0
    ? parts.join(', ')
    : `moved among the other options (position ${c.newPosition + 1})`;
}
