/**
 * Builds the apply record from what apply knew: the plan it applied, the report, the live state the plan
 * was computed from (the definitions before), the desired state (the definitions after), and the values
 * the data steps wrote. Pure: the caller says when, who and where.
 */
import type { ApplyReport, RecordValueWrite } from '../apply/types.js';
import type { JsonValue } from '../core/json.js';
import type { DesiredState } from '../model/desired-state.js';
import type { RecordValuesPolicy } from '../model/policy.js';
import { liveProperty } from '../model/schema-lookup.js';
import type { SchemaState } from '../model/schema-model.js';
import { canonicalDigest } from '../plan/canonical-json.js';
import { refKey } from '../plan/change-shapes.js';
import { changeOf, type PlannedChange } from '../plan/plan-document.js';
import type { PlanTarget } from '../plan/plan-target.js';
import { declaredResourceFor, liveResourceFor, migrationOf, targetOf } from '../plan/kinds/registry.js';
// values kept per change (past it the record keeps the counts and says it is partial): the plan's
// statement of what a rollback can put back reads the same bound
import { MAX_RECORDED_VALUES } from '../plan/reversibility.js';
import type { ApiVersion } from '../wire/api-version.js';
import { defined } from '../core/defined.js';
import {
  RECORD_FORMAT_VERSION,
  type ApplyRecord,
  type RecordedChange,
  type RecordWrites,
} from './record-shape.js';

export interface RecordContext {
  startedAt: Date;
  finishedAt: Date;
  actor: ApplyRecord['actor'];
  git?: ApplyRecord['git'];
  target: PlanTarget;
  apiVersion: ApiVersion;
  manifestDigest: string;
  /** the target's policy on record values: only `show` keeps values, and never a sensitive property's */
  recordValues: RecordValuesPolicy;
  /** set when the apply was a rollback */
  rollbackOf?: string;
}

export interface RecordInput {
  changes: readonly PlannedChange[];
  report: ApplyReport;
  /** the live state the plan was computed from */
  before: SchemaState;
  desired: DesiredState;
  /** change id -> the values its data step wrote */
  writes: ReadonlyMap<string, readonly RecordValueWrite[]>;
  /** the typeIds the run learned (label address, `#inverse` for the other direction -> typeId) */
  typeIds?: ReadonlyMap<string, number>;
}

/** Collects what data steps write (apply's `onRecordWrites`), up to the bound per change. */
export function writesCollector(): {
  writes: Map<string, RecordValueWrite[]>;
  onRecordWrites: (changeId: string, written: readonly RecordValueWrite[]) => void;
} {
  const writes = new Map<string, RecordValueWrite[]>();
  return {
    writes,
    onRecordWrites: (id, written) => {
      const list = writes.get(id) ?? [];
      // past the bound only the counts are kept (the report has them)
      if (list.length < MAX_RECORDED_VALUES)
        list.push(...written.slice(0, MAX_RECORDED_VALUES - list.length));
      writes.set(id, list);
    },
  };
}

export function makeRecord(input: RecordInput, context: RecordContext): ApplyRecord {
  const planDigest = canonicalDigest(input.changes.map((c) => ({ id: c.id, requests: c.requests })));
  const startedAt = context.startedAt.toISOString();
  const outcomes = new Map(input.report.outcomes.map((o) => [o.id, o]));
  const changes = input.changes.map((planned): RecordedChange => {
    const change = changeOf(planned);
    const outcome = outcomes.get(planned.id);
    const status = outcome?.status ?? 'skipped';
    const before = liveResourceFor(change, input.before);
    const leaves = (status === 'applied' || status === 'already-done') && planned.action !== 'remove';
    const after = leaves
      ? withTypeIds(
          declaredResourceFor(change, input.desired.state),
          planned.address,
          input.typeIds,
          targetOf(change).kind,
        )
      : undefined;
    const migration = migrationOf(change);
    const records = outcome?.records;
    const data =
      migration === undefined || records === undefined
        ? undefined
        : dataOf(records, input.writes.get(planned.id) ?? [], (property) =>
            // a copy's values come from its source too: both must be shown
            [property, ...(migration.kind === 'copy' ? [migration.from] : [])].every((name) =>
              valuesShown(
                context.recordValues,
                [input.before, input.desired.state],
                migration.objectType,
                name,
              ),
            ),
          );
    return {
      id: planned.id,
      type: planned.type,
      address: planned.address,
      message: planned.message,
      outcome: status,
      meta: toJson(planned.meta),
      ...defined({
        before: before === undefined ? undefined : toJson(before),
        after: after === undefined ? undefined : toJson(after),
        error: outcome?.error?.message,
        data,
      }),
    };
  });
  return {
    formatVersion: RECORD_FORMAT_VERSION,
    id: recordId(startedAt, planDigest),
    startedAt,
    finishedAt: context.finishedAt.toISOString(),
    actor: context.actor,
    ...defined({ git: context.git }),
    target: context.target,
    apiVersion: context.apiVersion,
    planDigest,
    manifestDigest: context.manifestDigest,
    ok: input.report.ok,
    ...defined({ rollbackOf: context.rollbackOf }),
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
    const found = liveProperty(state, objectType, property);
    return found === undefined ? [] : [found.dataSensitivity];
  });
  return known.length > 0 && known.every((sensitivity) => sensitivity === 'non_sensitive');
}

function dataOf(
  work: NonNullable<ApplyReport['outcomes'][number]['records']>,
  writes: readonly RecordValueWrite[],
  shown: (property: string) => boolean,
): RecordWrites {
  const properties = new Map<string, boolean>();
  const shownFor = (property: string): boolean => {
    let known = properties.get(property);
    if (known === undefined) {
      known = shown(property);
      properties.set(property, known);
    }
    return known;
  };
  const kept = writes
    .slice(0, MAX_RECORDED_VALUES)
    .map((write) =>
      shownFor(write.property)
        ? { id: write.id, property: write.property, ...defined({ before: write.before }), after: write.after }
        : { id: write.id, property: write.property },
    );
  return {
    read: work.read,
    written: work.written,
    verified: work.verified,
    ...defined({ conflicts: work.conflicts }),
    records: kept,
    partial: writes.length > kept.length || writes.length < work.written,
    valuesShown: kept.length > 0 && [...properties.values()].every(Boolean),
  };
}

/**
 * A label the apply created (and a limit on it), with the typeIds its answer gave: a rollback finds it by
 * them, whatever its text now.
 */
function withTypeIds(
  after: unknown,
  address: string,
  typeIds: ReadonlyMap<string, number> | undefined,
  kind: string,
): unknown {
  const typeId = typeIds?.get(address);
  if (typeId === undefined || typeof after !== 'object' || after === null) return after;
  if (kind === 'limit') return { ...after, typeId };
  if (kind !== 'label') return after;
  const inverseTypeId = typeIds?.get(refKey({ ref: address, side: 'inverse' }));
  return { ...after, typeId, ...defined({ inverseTypeId }) };
}

/** A value of the model as plain JSON (no undefined members). */
function toJson(value: unknown): JsonValue {
  return JSON.parse(JSON.stringify(value)) as JsonValue;
}
