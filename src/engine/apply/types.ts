/**
 * What apply takes and returns. `applyPlan` prints nothing: it reports progress as events (the renderers
 * in src/engine/render turn them into counters or lines) and returns an `ApplyReport`, which `--json` prints.
 * Every value of a report is JSON-able.
 */
import type { Phase } from '../plan/phases.js';
import type { Severity } from '../plan/severity.js';
import type { FieldDifference } from '../plan/kinds/end-state.js';
import type { ChangeAction } from '../plan/kinds/change-kind.js';
import type { PlanTarget } from '../model/plan-target.js';
import type { RecordValuesPolicy } from '../model/policy.js';

export type OutcomeStatus = 'applied' | 'already-done' | 'failed' | 'skipped';

/**
 * Why a change was skipped: refused by the policy (`--skip-refused`), one it depends on did not apply, or
 * the run was stopped (a signal, or a record that could not be written) before it.
 */
export type SkipCause = 'policy' | 'dependency' | 'interrupted';

/** The API's answer to a failed change, as far as it said it. */
export interface OutcomeError {
  /** the client's error code (`VALIDATION`, `CONFLICT`, `OUTCOME_UNKNOWN`, ...) */
  code: string;
  status?: number;
  /** the API's category, e.g. `VALIDATION_ERROR`, `OBJECT_ALREADY_EXISTS` */
  category?: string;
  subCategory?: string;
  message: string;
  correlationId?: string;
  /** the scopes the token lacks, when the CRM named them */
  missingScopes?: string[];
}

export interface ChangeOutcome {
  id: string;
  type: string;
  /** how the change reads (`create`, `update`, `replace`, `remove`): the report shows its symbol */
  action: ChangeAction;
  address: string;
  message: string;
  severity: Severity;
  phase: Phase;
  status: OutcomeStatus;
  /** applied: found applied by a read-back after the answer to the write was lost */
  reconciled?: boolean;
  /** how many times the write was sent again after a read-back showed it had not been applied */
  resent?: number;
  /** skipped and already-done: why; failed: what to do next */
  reason?: string;
  skipCause?: SkipCause;
  error?: OutcomeError;
  /** failed with a conflict: how the live resource differs from the wanted one */
  differences?: FieldDifference[];
  /** a change with data work (a rename, an option remap): what it did to records */
  records?: RecordWork;
}

/** The record work of a migration: records read, values written, and whether the final check passed. */
export interface RecordWork {
  /** records read (every page of every pass) */
  read: number;
  /** records whose value was written (copied or rewritten) */
  written: number;
  /** passes over every record: the copy, then checks until one finds nothing left to write */
  passes: number;
  /** the last pass found every record as wanted */
  verified: boolean;
  /** a copy: records whose new value the copy did not write, left alone undecided (the last pass's count) */
  conflicts?: number;
  /** a copy with `onConflict: keep`: records that kept a value the copy did not write (the last pass's count) */
  kept?: number;
}

export interface ApplySummary {
  total: number;
  applied: number;
  alreadyDone: number;
  failed: number;
  skipped: number;
  /** of the skipped: changes the policy refused */
  refused: number;
}

export interface ApplyReport {
  /** where apply ran, with the account found there (the command sets it; `applyPlan` knows no target) */
  target?: PlanTarget;
  /** true when nothing failed (changes skipped as refused do not make it false) */
  ok: boolean;
  /** every change of the plan, in plan order */
  outcomes: ChangeOutcome[];
  summary: ApplySummary;
  /** write requests sent (first attempts; the client's retries are not counted) */
  writes: number;
  /** read calls made to reconcile uncertain or conflicting writes */
  readBacks: number;
  durationMs: number;
}

/** Progress, for the renderers. Phases are announced in order; every change gets exactly one outcome. */
export type ApplyEvent =
  | { kind: 'start'; total: number; phases: { phase: Phase; total: number }[] }
  | { kind: 'phase-start'; phase: Phase; index: number; count: number; total: number }
  /** sent next, for the changes `ids` */
  | {
      kind: 'request';
      phase: Phase;
      method: string;
      path: string;
      items: number;
      resend: boolean;
      ids: readonly string[];
    }
  | { kind: 'reconcile'; phase: Phase; ids: string[] }
  /** a migration's progress: after each page of records */
  | { kind: 'records'; id: string; pass: number; read: number; written: number; total?: number }
  | { kind: 'outcome'; outcome: ChangeOutcome }
  | { kind: 'phase-end'; phase: Phase; counts: Record<OutcomeStatus, number> }
  | { kind: 'end'; report: ApplyReport };

export interface ApplyOptions {
  /** independent calls in flight at once (default 4); the client's own rate limit still applies */
  parallelism?: number;
  /** change ids already at their desired end state (found by the stale check), with how it was found */
  alreadyDone?: ReadonlyMap<string, string>;
  /** typeIds of labels that exist already (label address -> typeId), for `{ ref }` placeholders */
  typeIds?: ReadonlyMap<string, number>;
  /** how many times a write whose outcome was unknown may be sent again, each time only after a read-back showed it absent (default 3) */
  maxResends?: number;
  onEvent?: (event: ApplyEvent) => void;
  /**
   * the target's policy on record values (default `hide`): under `hide` an error of the CRM about records
   * in a data step is reduced to what names no value, since its message may quote them (record-errors.ts)
   */
  recordValues?: RecordValuesPolicy;
  /**
   * the values a change's data step wrote, page by page (for the apply record; never in the report,
   * which may be printed: they are customer data)
   */
  onRecordWrites?: (changeId: string, writes: readonly RecordValueWrite[]) => void;
  /**
   * every typeId known (label address, `#inverse` for the other direction -> typeId), for the apply
   * record: at the start, after each outcome, and when the run ends
   */
  onTypeIds?: (typeIds: ReadonlyMap<string, number>) => void;
  /**
   * stops the run: no change is started after it aborts (those left are skipped as interrupted), a data
   * step stops between two pages, and what is in flight finishes; its reason (a string) says why
   */
  signal?: AbortSignal;
}

/** One value a data step wrote to a record, and the value it replaced. */
export interface RecordValueWrite {
  id: string;
  property: string;
  before: string | undefined;
  after: string;
}

export const DEFAULT_PARALLELISM = 4;
export const DEFAULT_MAX_RESENDS = 3;
