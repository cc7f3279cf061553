/**
 * How drift entries read, shared by the text and Markdown reports: a field as "live X, declared Y", an
 * option difference by value, section titles and the advice at the end. Values are JSON-quoted so that
 * `""`, spaces and quotes show; an unset value reads `(unset)`.
 */
import type { DriftDocument, DriftField } from '../../drift/drift-report.js';
import { isResourceKind, resourceTypeOf } from '../../installed.js';
import type { OptionChange } from '../../plan/change-types.js';
import { formatOptionValue, formatValue, isLongText } from '../common/plan-values.js';
import type { JsonValue } from '../../../core/json.js';

export const NO_DRIFT = 'No drift: the live account matches the manifests.';

export type DriftSection = 'edited' | 'missing' | 'unmanaged' | 'tombstoned' | 'notDeployed';

export const SECTIONS: readonly { key: DriftSection; title: string; sign: string }[] = [
  { key: 'edited', title: 'Edited outside crm-schema', sign: '~' },
  { key: 'missing', title: 'Missing from the account', sign: '+' },
  { key: 'unmanaged', title: 'In no manifest, within the managed scope', sign: '?' },
  { key: 'tombstoned', title: 'Archived or deleted in a manifest, still in the account', sign: '-' },
  { key: 'notDeployed', title: 'Not yet deployed (the manifests changed since the last deploy)', sign: '>' },
];

/** `Drift: 2 edited, 1 not deployed.`: the words of each count. */
const COUNT_WORDS: Readonly<Record<DriftSection, string>> = {
  edited: 'edited',
  missing: 'missing',
  unmanaged: 'unmanaged',
  tombstoned: 'tombstoned',
  notDeployed: 'not yet deployed',
};

/** `property`, `association label`, ...; an unknown kind as it is. */
export function kindName(kind: string): string {
  return isResourceKind(kind) ? resourceTypeOf({ kind }).type.noun : kind;
}

/** `Drift: 2 edited, 1 missing, 1 unmanaged, 1 tombstoned.` (only the non-zero parts) */
export function driftSummaryLine(report: DriftDocument): string {
  if (!report.drifted) return NO_DRIFT;
  const parts = SECTIONS.filter((s) => report.counts[s.key] > 0).map(
    (s) => `${report.counts[s.key]} ${COUNT_WORDS[s.key]}`,
  );
  return `Drift: ${parts.join(', ')}.`;
}

/** What a person can do about the drift found. */
export function adviceFor(report: DriftDocument): string[] {
  const advice = ['To bring the account back to the manifests: crm-schema plan, then crm-schema apply.'];
  if (report.counts.notDeployed > 0)
    advice.push(
      'Changes not yet deployed are waiting for the deploy workflow (or crm-schema apply): nobody edited them.',
    );
  if (
    report.baseline === undefined &&
    report.counts.edited + report.counts.missing + report.counts.tombstoned > 0
  )
    advice.push(
      'Without --baseline, a difference may also be a change merged but not yet deployed: give --baseline with the ' +
        'ref of the last deploy (e.g. crm-schema/deployed/production) to tell them apart.',
    );
  if (report.counts.edited + report.counts.missing + report.counts.unmanaged > 0)
    advice.push(
      report.baseline === undefined
        ? "To accept the account's state instead: crm-schema pull, then review and commit the changed manifests."
        : // the same baseline: pull then keeps the changes not yet deployed instead of reverting them
          `To accept the account's state instead: crm-schema pull --baseline ${report.baseline.ref} (it keeps ` +
            'the changes not yet deployed), then review and commit the changed manifests.',
    );
  if (report.counts.tombstoned > 0)
    advice.push('To keep a resource a manifest archives or deletes: remove its tombstone from the manifest.');
  return advice;
}

/**
 * A field as one line (`label: live "Old", declared "New"`), or for long text three: the field, then the
 * live and the declared value each on its own line. `value` formats a value (quoting, escaping).
 */
export function fieldLines(field: DriftField, format: (v: JsonValue) => string = formatValue): string[] {
  // no limit is a value of its own, not a field left unset
  const value = (v: JsonValue) => (v === null && field.field === 'maxToObjectIds' ? 'none' : format(v));
  if (field.options !== undefined) return [`${field.field}:`];
  if (isLongText(field.field, field.live, field.declared)) {
    return [`${field.field}:`, `  live:     ${value(field.live)}`, `  declared: ${value(field.declared)}`];
  }
  return [`${field.field}: live ${value(field.live)}, declared ${value(field.declared)}`];
}

export interface DriftOptionLine {
  sign: '+' | '-' | '~';
  text: string;
}

type Modification = Exclude<OptionChange, { kind: 'added' } | { kind: 'removed' }>;

const DESCRIBE: { readonly [K in Modification['kind']]: (c: Extract<Modification, { kind: K }>) => string } =
  {
    relabelled: (c) => `label live ${JSON.stringify(c.old)}, declared ${JSON.stringify(c.new)}`,
    reordered: (c) =>
      c.oldPosition !== c.newPosition
        ? `position live ${c.oldPosition + 1}, declared ${c.newPosition + 1}`
        : `displayOrder live ${c.oldDisplayOrder}, declared ${c.newDisplayOrder}`,
    hidden: (c) => `live ${c.old ? 'hidden' : 'shown'}, declared ${c.new ? 'hidden' : 'shown'}`,
    description: (c) => `description live ${JSON.stringify(c.old)}, declared ${JSON.stringify(c.new)}`,
  };

/**
 * Option differences by value: `+` declared but not in the account, `-` in the account but not declared,
 * `~` on both sides with other values (all of one option's differences on one line).
 */
export function optionLines(changes: readonly OptionChange[]): DriftOptionLine[] {
  const lines: DriftOptionLine[] = [];
  const modified = new Map<string, DriftOptionLine>();
  for (const change of changes) {
    if (change.kind === 'added') {
      lines.push({ sign: '+', text: `${optionName(change.option)}: declared, not in the account` });
    } else if (change.kind === 'removed') {
      lines.push({ sign: '-', text: `${optionName(change.option)}: in the account, not declared` });
    } else {
      const what = (DESCRIBE[change.kind] as (c: Modification) => string)(change);
      const line = modified.get(change.value);
      if (line === undefined) {
        const created: DriftOptionLine = { sign: '~', text: `${formatOptionValue(change.value)}: ${what}` };
        modified.set(change.value, created);
        lines.push(created);
      } else {
        line.text += `; ${what}`;
      }
    }
  }
  return lines;
}

function optionName(option: { value: string; label: string }): string {
  return `${formatOptionValue(option.value)} ${JSON.stringify(option.label)}`;
}

type AnyEntry = DriftDocument[DriftSection][number];

/** What follows an entry's address on its line: `(property): declared, not in the account`. */
export function entryDetail(section: DriftSection, entry: AnyEntry): string {
  const kind = kindName(entry.kind);
  if (section === 'edited') {
    const { fix, modified } = entry as DriftDocument['edited'][number];
    const when = [
      modified?.at === undefined ? '' : ` at ${modified.at}`,
      modified?.by === undefined ? '' : ` by user ${modified.by}`,
    ].join('');
    const last = when === '' ? '' : `; last changed${when}`;
    return fix === 'replace'
      ? `(${kind}; apply replaces it: archive, then create${last})`
      : `(${kind}${last})`;
  }
  if (section === 'notDeployed')
    return `(${kind}): ${(entry as DriftDocument['notDeployed'][number]).change}`;
  if (section === 'missing') {
    const { declared, note } = entry as DriftDocument['missing'][number];
    if (declared !== undefined) return `(${kind}): declared ${declared}, none set in the account`;
    return `(${kind}): declared, not in the account${note === undefined ? '' : `; ${note}`}`;
  }
  if (section === 'unmanaged') {
    const { label, scope } = entry as DriftDocument['unmanaged'][number];
    return `${label === undefined ? '' : `${JSON.stringify(label)} `}(${kind}; in the managed scope: ${scope})`;
  }
  const verb = isResourceKind(entry.kind) ? resourceTypeOf({ kind: entry.kind }).type.removal : 'deleted';
  return `(${kind}): marked ${verb} in a manifest, still in the account`;
}
