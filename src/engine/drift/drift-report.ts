/**
 * The drift report: how the live account differs from the manifests, sorted into what a person does
 * about it. `drift --json` prints it (described by `schemas/drift.schema.json`); the text and Markdown
 * renderers read the same document.
 *
 * - `edited`: a managed resource exists live with other values (field by field: live and declared);
 * - `missing`: a declared resource (or limit) is absent from the account;
 * - `unmanaged`: a live custom resource no manifest names, inside the scope the policy manages;
 * - `tombstoned`: a resource a manifest marks archived or deleted is still in the account;
 * - `notDeployed` (with a baseline only): the account still matches what was last deployed, and the
 *   manifests changed since: waiting for a deploy, not an outside edit.
 *
 * Without a baseline every difference is counted as made outside crm-schema (it may also be a change
 * merged but not deployed yet); with one, only what differs from the last deploy is.
 */
import type { OptionChange } from '../plan/change-types.js';
import type { PlanDiagnostic } from '../plan/diagnostics.js';
import type { PlanTarget } from '../model/plan-target.js';
import type { JsonValue } from '../../core/json.js';

export const DRIFT_FORMAT_VERSION = 3;

/** What kind of resource an entry is about: its type of resource, as its family names it. */
export type DriftKind = string;

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
  /** when and by whom the resource was last changed, where the API says (properties) */
  modified?: { at?: string; by?: string };
}

/** A change the manifests call for that the last deploy did not have: apply makes it. */
export interface DriftNotDeployed {
  address: string;
  kind: DriftKind;
  /** what apply would do, in the plan's words */
  change: string;
  action: 'create' | 'update' | 'replace' | 'remove';
}

export interface DriftMissing {
  address: string;
  kind: DriftKind;
  /** a missing limit: the declared maximum */
  declared?: number;
  /** what bringing it back would mean, when that is more than a create (a property a rename archived) */
  note?: string;
}

export interface DriftUnmanaged {
  address: string;
  kind: DriftKind;
  /** the live label of the resource, when it has one */
  label?: string;
  /**
   * why it is in the managed scope: `group 'support_escalation'`, `prefix 'support_'`,
   * `labels 'tickets->orders'`, `its pair is declared`
   */
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
  notDeployed: number;
}

export interface DriftDocument {
  formatVersion: typeof DRIFT_FORMAT_VERSION;
  drifted: boolean;
  /** where the check ran, and the account found there (never a token) */
  target?: PlanTarget;
  /** the manifests as last deployed, when given (`--baseline`) */
  baseline?: { ref: string; commit: string };
  counts: DriftCounts;
  edited: DriftEdited[];
  missing: DriftMissing[];
  unmanaged: DriftUnmanaged[];
  tombstoned: DriftTombstoned[];
  notDeployed: DriftNotDeployed[];
  /** the planner's errors, warnings and notes (an error makes `drift` exit 1) */
  diagnostics: PlanDiagnostic[];
}

export function driftCounts(
  report: Pick<DriftDocument, 'edited' | 'missing' | 'unmanaged' | 'tombstoned' | 'notDeployed'>,
): DriftCounts {
  const counts = {
    edited: report.edited.length,
    missing: report.missing.length,
    unmanaged: report.unmanaged.length,
    tombstoned: report.tombstoned.length,
    notDeployed: report.notDeployed.length,
  };
  const total = counts.edited + counts.missing + counts.unmanaged + counts.tombstoned + counts.notDeployed;
  return { total, ...counts };
}
