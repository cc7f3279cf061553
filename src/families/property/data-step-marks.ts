/**
 * The marks a finished data step leaves on what it retires, so that the step is known to be done
 * whatever happens later to the old name or value (pure text in, text out):
 *
 * - a rename writes `crm-schema: renamed to <new name>` as the last line of the old property's
 *   description just before it archives the old property. The platform keeps an archived property's
 *   definition, so a property restored later (by hand, an integration, or the platform) still carries it;
 * - an option remap keeps each replaced option, hidden, with the description
 *   `crm-schema: replaced by '<value>'` (instead of removing it). Records can no longer be given it in
 *   forms; an option shown again, or values written to it later, are then known to come after the remap.
 */
import type { NormalizedOption } from '../../engine/model/schema-model.js';

const RENAMED = 'crm-schema: renamed to ';
const REPLACED = /^crm-schema: replaced by '(.*)'$/s;

/** The old property's description with the mark of a rename to `to` as its last line. */
export function renamedDescription(description: string, to: string): string {
  const mark = `${RENAMED}${to}`;
  return description === '' ? mark : `${description}\n\n${mark}`;
}

/** The name a description's last line says the property was renamed to, if it carries the mark. */
export function renamedTo(description: string): string | undefined {
  const last = description.slice(description.lastIndexOf('\n') + 1);
  return last.startsWith(RENAMED) ? last.slice(RENAMED.length) : undefined;
}

/** A replaced option as a finished remap keeps it: hidden, its description saying what replaced it. */
export function retiredOption(option: NormalizedOption, to: string): NormalizedOption {
  return { ...option, description: `crm-schema: replaced by '${to}'`, hidden: true };
}

/** The value an option says replaced it, when it carries the mark of a finished remap. */
export function replacedBy(option: Pick<NormalizedOption, 'description'>): string | undefined {
  return REPLACED.exec(option.description)?.[1];
}
