/**
 * The drift report: how the live account differs from the manifests, sorted into what a person does
 * about it. `drift --json` prints it (described by `schemas/drift.schema.json`); the text and Markdown
 * renderers read the same document.
 *
 * - `edited`: a managed resource exists live with other values (field by field: live and declared);
 * - `missing`: a declared resource (or limit) is absent from the account;
 * - `unmanaged`: a live custom resource no manifest names, inside the scope the policy manages;
 * - `tombstoned`: a resource a manifest marks archived or deleted is still in the account.
 */
import type { JsonValue, OptionChange } from '../plan/change-types.js';
import type { Diagnostic } from '../plan/diagnostics.js';

export const DRIFT_FORMAT_VERSION = 1;

/** What kind of resource an entry is about: the first part of the plan's change type. */
export type DriftKind = 'property' | 'group' | 'label' | 'limit' | 'eventProperty' | 'eventDefinition';

export interface DriftField {
  field: string;
  /** the value in the account; `null` when not set */
  live: JsonValue;
  /** the value the manifests declare; `null` when not set */
  declared: JsonValue;
  /** `options` only: the option differences, by value (`added`: declared only; `removed`: live only) */
  options?: OptionChange[];
}

export interface DriftEdited {
  address: string;
  kind: DriftKind;
  fields: DriftField[];
  /** `replace`: a field the API cannot change in place differs: apply would archive and create again */
  fix: 'update' | 'replace';
}

export interface DriftMissing {
  address: string;
  kind: DriftKind;
  /** a missing limit: the declared maximum */
  declared?: number;
}

export interface DriftUnmanaged {
  address: string;
  kind: DriftKind;
  /** the live label of the resource, when it has one */
  label?: string;
  /** why it is in the managed scope: `group 'support_escalation'`, `prefix 'support_'`, `its pair is declared` */
  scope: string;
}

export interface DriftTombstoned {
  address: string;
  kind: DriftKind;
}

export interface DriftCounts {
  total: number;
  edited: number;
  missing: number;
  unmanaged: number;
  tombstoned: number;
}

export interface DriftDocument {
  formatVersion: typeof DRIFT_FORMAT_VERSION;
  drifted: boolean;
  /** where the check ran (never a token) */
  target?: { baseUrl: string; environment?: string };
  counts: DriftCounts;
  edited: DriftEdited[];
  missing: DriftMissing[];
  unmanaged: DriftUnmanaged[];
  tombstoned: DriftTombstoned[];
  /** the planner's errors, warnings and notes (an error makes `drift` exit 1) */
  diagnostics: Diagnostic[];
}

export function driftCounts(
  report: Pick<DriftDocument, 'edited' | 'missing' | 'unmanaged' | 'tombstoned'>,
): DriftCounts {
  const counts = {
    edited: report.edited.length,
    missing: report.missing.length,
    unmanaged: report.unmanaged.length,
    tombstoned: report.tombstoned.length,
  };
  return { total: counts.edited + counts.missing + counts.unmanaged + counts.tombstoned, ...counts };
}
