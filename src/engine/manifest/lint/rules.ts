/**
 * Lint rules: team conventions, as data. Each rule has an id, a default severity, one line for the docs'
 * table, and a check over the manifest entries that reports at the entry's key (file:line:col). Adding a
 * rule is one entry in its family's list (`ManifestPart.lintRules`). `crm-schema lint` runs them all at their default severity unless the project
 * file says otherwise (`lint: { rules: { <id>: error | warning | off } }`); `validate` and `plan` run the
 * rules the project file turns on.
 */
import type { EntryRef, ManifestItems } from '../model/items.js';
import type { PathSegment } from '../../../core/source/locate.js';

export type LintSeverity = 'error' | 'warning' | 'off';

export interface LintSettings {
  rules: Readonly<Record<string, LintSeverity>>;
  /** `property-name-prefix`: the prefixes a custom property name must start with, per object type */
  prefixes: Readonly<Record<string, readonly string[]>>;
}

export interface LintFinding {
  ref: EntryRef;
  keys: readonly PathSegment[];
  message: string;
  hint: string;
}

export interface LintRule {
  id: string;
  severity: LintSeverity;
  summary: string;
  check(items: ManifestItems, settings: LintSettings): LintFinding[];
}
