/**
 * Builds the apply record. It is opened before the first write (`openRecord`: every change not run yet,
 * with its definition before and the one it sets), and the run's trace (what was sent, each outcome, the
 * values the data steps wrote, the typeIds learned, how it ended) is folded into it (`foldRecord`), as
 * often as wanted: while the run goes on, when it ends, and when a record whose apply was killed is read.
 * Pure: the caller says when, who and where, and keeps the trace (record-journal.ts keeps it on disk).
 */
import type { ChangeOutcome, RecordValueWrite, RecordWork } from '../apply/types.js';
import type { JsonValue } from '../../core/json.js';
import type { DesiredState } from '../model/desired-state.js';
import type { RecordValuesPolicy } from '../model/policy.js';
import type { SchemaState } from '../model/schema-model.js';
import { canonicalDigest } from '../plan/canonical-json.js';
import type { Change } from '../plan/change-types.js';
import { changeOf, type PlannedChange } from '../plan/plan-document.js';
import type { PlanTarget } from '../model/plan-target.js';
import { declaredResourceFor, liveResourceFor, migrationOf, targetOf } from '../plan/kinds/registry.js';
// values kept per change (past it the record keeps the counts and says it is partial): the plan's
// statement of what a rollback can put back reads the same bound
import type { ApiVersion } from '../../wire/api-version.js';
import { defined } from '../../core/defined.js';
import {
  RECORD_FORMAT_VERSION,
  type ApplyRecord,
  type RecordedChange,
  type RecordOutcome,
  type RecordWrites,
} from './shape/record-shape.js';
import { fieldSensitivity, NON_SENSITIVE } from '../record-fields.js';
import { resourceTypeOf } from '../installed.js';
import type { ResourceRef } from '../plan/kinds/resource.js';

export interface RecordContext {
  startedAt: Date;
  actor: ApplyRecord['actor'];
  git?: ApplyRecord['git'];
  target: PlanTarget;
  apiVersion: ApiVersion;
  manifestDigest: string;
  /** the target's policy on record values: only `show` keeps values, and never a sensitive property's */
  recordValues: RecordValuesPolicy;
  /** set when the apply was a rollback: the record it rolled back, by id and digest */
  rollbackOf?: { id: string; digest: string };
}

export interface RecordInput {
  changes: readonly PlannedChange[];
  /** the live state the plan was computed from */
  before: SchemaState;
  desired: DesiredState;
}

/** One value as the record keeps it: the values only where the policy shows them. */
export type KeptWrite = RecordWrites['records'][number];

/** An outcome as the record keeps it. */
export interface TracedOutcome {
  outcome: RecordOutcome;
  error?: string;
  records?: RecordWork;
}

/** What a run did, as far as it is known: folded into the opened record. */
export interface RunTrace {
  /** changes a write of which was sent */
  sent: Set<string>;
  outcomes: Map<string, TracedOutcome>;
  /** change id -> the values its data step wrote, as kept */
  values: Map<string, KeptWrite[]>;
  /** change id -> a data step's counts so far (for a step the run stopped in) */
  progress: Map<string, { read: number; written: number }>;
  /** label address (`#inverse` for the other direction) -> typeId */
  typeIds: Map<string, number>;
  end?: { finishedAt: string; ok: boolean; stoppedBy?: string };
  /** a line of the journal had a secret masked */
  masked?: boolean;
}

export function emptyTrace(): RunTrace {
  return { sent: new Set(), outcomes: new Map(), values: new Map(), progress: new Map(), typeIds: new Map() };
}

/**
 * The record of a run about to start: every change `not-run`, with the definition before and the one it
 * sets (kept only for the changes that turn out applied), and `keep`, which reduces the values a data
 * step writes to what the record may hold.
 */
export function openRecord(
  input: RecordInput,
  context: RecordContext,
): { record: ApplyRecord; keep: (changeId: string, writes: readonly RecordValueWrite[]) => KeptWrite[] } {
  const planDigest = canonicalDigest(input.changes.map((c) => ({ id: c.id, requests: c.requests })));
  const startedAt = context.startedAt.toISOString();
  const shownFor = new Map<string, (property: string) => boolean>();
  const changes = input.changes.map((planned): RecordedChange => {
    const change = changeOf(planned);
    const before = liveResourceFor(change, input.before);
    const after = planned.action === 'remove' ? undefined : declaredResourceFor(change, input.desired.state);
    const migration = migrationOf(change);
    if (migration !== undefined) {
      const states = [input.before, input.desired.state];
      // a copy's values come from its source too: both must be shown
      const names = (property: string) => [property, ...(migration.kind === 'copy' ? [migration.from] : [])];
      shownFor.set(planned.id, (property) =>
        names(property).every((name) =>
          valuesShown(context.recordValues, states, migration.objectType, name),
        ),
      );
    }
    return {
      id: planned.id,
      type: planned.type,
      address: planned.address,
      message: planned.message,
      outcome: 'not-run',
      meta: toJson(planned.meta),
      ...defined({
        before: before === undefined ? undefined : toJson(before),
        after: after === undefined ? undefined : toJson(after),
      }),
    };
  });
  const record: ApplyRecord = {
    formatVersion: RECORD_FORMAT_VERSION,
    id: recordId(startedAt, planDigest),
    startedAt,
    complete: false,
    actor: context.actor,
    ...defined({ git: context.git }),
    target: context.target,
    apiVersion: context.apiVersion,
    planDigest,
    manifestDigest: context.manifestDigest,
    ok: false,
    ...defined({ rollbackOf: context.rollbackOf?.id, rollbackDigest: context.rollbackOf?.digest }),
    changes,
  };
  const keep = (changeId: string, writes: readonly RecordValueWrite[]): KeptWrite[] => {
    const shown = shownFor.get(changeId) ?? (() => false);
    const known = new Map<string, boolean>();
    return writes.map((write) => {
      let show = known.get(write.property);
      if (show === undefined) {
        show = shown(write.property);
        known.set(write.property, show);
      }
      return show
        ? { id: write.id, property: write.property, ...defined({ before: write.before }), after: write.after }
        : { id: write.id, property: write.property };
    });
  };
  return { record, keep };
}

/** The outcome of a report as a record keeps it: a change the run stopped in, or before, says so. */
export function tracedOutcome(outcome: ChangeOutcome): TracedOutcome {
  const interrupted = outcome.error?.code === 'INTERRUPTED';
  const status: RecordOutcome =
    outcome.status === 'skipped' && outcome.skipCause === 'interrupted'
      ? 'not-run'
      : outcome.status === 'failed' && interrupted
        ? 'interrupted'
        : outcome.status;
  return {
    outcome: status,
    ...defined({ error: outcome.error?.message, records: outcome.records }),
  };
}

/**
 * The opened record with what the trace knows: each change's outcome (a change a write of which was sent
 * with no outcome known is `interrupted`: the run stopped while it was under way), its data step, the
 * definition it left, and the end, when the run got there.
 */
export function foldRecord(opened: ApplyRecord, trace: RunTrace): ApplyRecord {
  const changes = opened.changes.map((recorded): RecordedChange => {
    const traced = trace.outcomes.get(recorded.id);
    const started =
      trace.sent.has(recorded.id) || trace.progress.has(recorded.id) || trace.values.has(recorded.id);
    const outcome: RecordOutcome = traced?.outcome ?? (started ? 'interrupted' : 'not-run');
    const { after: planned, data: _data, error: _error, ...rest } = recorded;
    const leaves = outcome === 'applied' || outcome === 'already-done' || outcome === 'interrupted';
    const change = { type: recorded.type, meta: recorded.meta } as Change;
    const after =
      leaves && planned !== undefined
        ? withIds(planned, recorded.address, trace.typeIds, targetOf(change))
        : undefined;
    const data = migrationOf(change) === undefined ? undefined : dataOf(recorded.id, traced, trace);
    return {
      ...rest,
      outcome,
      ...defined({ after: after === undefined ? undefined : toJson(after), error: traced?.error, data }),
    };
  });
  const end = trace.end;
  const interrupted = end?.stoppedBy !== undefined;
  return {
    ...opened,
    ...(end === undefined ? {} : { finishedAt: end.finishedAt, ok: end.ok && !interrupted }),
    complete: end !== undefined && !interrupted,
    ...defined({
      stoppedBy: end?.stoppedBy,
      masked: opened.masked === true || trace.masked === true ? true : undefined,
    }),
    changes,
  };
}

/** `2026-11-27T07-40-00-123Z-<12 hex of the plan digest>`: sorts by time, safe as a file name. */
export function recordId(startedAt: string, planDigest: string): string {
  return `${startedAt.replaceAll(':', '-').replace('.', '-')}-${planDigest.replace(/^sha256:/, '').slice(0, 12)}`;
}

/**
 * Whether a property's values may be kept: the policy shows record values, and the property is known
 * (live before, or declared) and non-sensitive wherever it is known. Unknown: not kept.
 */
function valuesShown(
  policy: RecordValuesPolicy,
  states: readonly SchemaState[],
  objectType: string,
  property: string,
): boolean {
  if (policy !== 'show') return false;
  const known = states.flatMap((state) => {
    const found = fieldSensitivity(state, objectType, property);
    return found === undefined ? [] : [found];
  });
  return known.length > 0 && known.every((sensitivity) => sensitivity === NON_SENSITIVE);
}

/** A data step's work: its outcome's counts, or (stopped in it) the counts so far; undefined: never started. */
function dataOf(id: string, traced: TracedOutcome | undefined, trace: RunTrace): RecordWrites | undefined {
  const kept = trace.values.get(id) ?? [];
  const progress = trace.progress.get(id);
  const work = traced?.records ?? (progress === undefined ? undefined : { ...progress, verified: false });
  if (work === undefined) return undefined;
  return {
    read: work.read,
    written: work.written,
    verified: work.verified,
    ...defined({ conflicts: 'conflicts' in work ? work.conflicts : undefined }),
    records: kept,
    partial: kept.length < work.written,
    valuesShown: kept.length > 0 && kept.every((write) => write.after !== undefined),
  };
}

/**
 * What the record keeps of a resource after the apply: with the ids the apply made known (a label's
 * typeIds, as its type says), so that a rollback finds it by them whatever its text is then.
 */
function withIds(
  after: unknown,
  address: string,
  typeIds: ReadonlyMap<string, number>,
  ref: ResourceRef,
): unknown {
  if (typeof after !== 'object' || after === null) return after;
  const { type } = resourceTypeOf(ref);
  return type.recorded === undefined ? after : type.recorded(ref, after, address, typeIds);
}

/** A value of the model as plain JSON (no undefined members). */
function toJson(value: unknown): JsonValue {
  return JSON.parse(JSON.stringify(value)) as JsonValue;
}
