/**
 * A saved plan is verified, not trusted. Apply makes the plan afresh, from the same manifests (the
 * digest was checked), the live account as it is now, the target's policy with apply's own allowances
 * (never the file's) and the data check the plan was made with, and runs the saved plan only when the two
 * agree:
 *
 * - every change the fresh plan holds is in the saved plan, identical in type, meta, severity, policy
 *   decision and rule, dependencies (those already done left out) and requests, and still reversible
 *   when the plan said it was;
 * - every saved change the fresh plan does not hold is at its end state already (read back): that is how
 *   a run that was interrupted is finished with the same file;
 * - the saved order never runs a change before one it depends on, or a phase before an earlier one.
 *
 * Anything else is refused, naming each difference, so that nothing but what the manifests produce is
 * ever sent, whatever the file says. The changes then run in the saved order with the fresh plan's
 * dependencies. The states of a half-finished run are the kinds' to recognise (`resume` in
 * plan/kinds/change-kind.ts): a limit on a label the plan created (its `{ ref }` is now the label's live
 * typeId, and the plan's own severity and decision stand), a property replace whose archive ran (the fresh
 * plan creates it: the replace's create runs), and an event property recreated for a type change whose
 * delete ran.
 */
import type { CrmClient } from '../../api/client.js';
import { CrmSchemaError } from '../../core/errors.js';
import type { SchemaState } from '../model/schema-model.js';
import { canonicalJson } from '../plan/canonical-json.js';
import type { FieldChange } from '../plan/change-shapes.js';
import { describeCount, type Affected } from '../plan/data-counts.js';
import { phaseIndex } from '../plan/phase-order.js';
import type { PlanDocument, PlannedChange } from '../plan/plan-document.js';
import {
  continuedByOf,
  continuesOf,
  endStateOf,
  resendRequestsOf,
  savedNowOf,
} from '../plan/kinds/registry.js';
import { readBack } from '../apply/read-back.js';
import { must } from '../../core/must.js';
import { notReadFamilyOf } from '../plan/not-read.js';
import { learnTypeIds } from '../apply/type-ids.js';

export const ALREADY_DONE_REASON =
  'already at its planned end state (done by an earlier, interrupted run of this plan, or by someone else)';

export interface VerifiedPlan {
  /**
   * the saved changes, in the saved order, with the fresh plan's dependencies, and the changes planned now
   * of the kinds of resources the saved plan could not read, each in its phase
   */
  changes: PlannedChange[];
  /** the changes planned now, of the kinds of resources the saved plan could not read */
  plannedNow: PlannedChange[];
  /** saved changes already at their end state, with how they were found */
  alreadyDone: Map<string, string>;
  /** typeIds of labels the plan creates that exist already, for `{ ref }` placeholders */
  typeIds: Map<string, number>;
  /** read calls made to check saved changes the fresh plan does not hold */
  calls: number;
}

export interface PlanDifference {
  id: string;
  what: string;
}

export async function verifySavedPlan(
  client: CrmClient,
  saved: Pick<PlanDocument, 'changes' | 'notRead'>,
  fresh: Pick<PlanDocument, 'changes'>,
  live: SchemaState,
): Promise<VerifiedPlan> {
  // the kinds of resources the saved plan could not read: their changes are planned now, not verified
  const unread = new Set<string>(saved.notRead ?? []);
  const plannedNow = fresh.changes.filter((f) => unread.has(notReadFamilyOf(f) ?? ''));
  const freshById = new Map(fresh.changes.filter((f) => !plannedNow.includes(f)).map((c) => [c.id, c]));
  const savedIds = new Set(saved.changes.map((c) => c.id));
  const differences: PlanDifference[] = [];
  if (savedIds.size < saved.changes.length) {
    const seen = new Set<string>();
    for (const { id } of saved.changes) {
      if (seen.has(id)) differences.push({ id, what: 'the plan holds this change more than once' });
      seen.add(id);
    }
  }
  const alreadyDone = new Map<string, string>();
  const typeIds = new Map<string, number>();
  /** saved id -> the fresh change it is (the same id, or a half-done replace's create) */
  const matched = new Map<string, PlannedChange>();

  const absent = saved.changes.filter((s) => !freshById.has(s.id));
  let calls = 0;
  if (absent.length > 0) {
    const back = await readBack(client, absent);
    calls = back.calls;
    for (const s of absent) {
      const end = endStateOf(s, back.live, typeIds);
      // a change left half-done (a replace whose archive ran): a fresh change may carry on what is left
      const continued = continuedByOf(s)
        .map((id) => freshById.get(id))
        .find((f) => f !== undefined);
      if (end.done) {
        alreadyDone.set(s.id, ALREADY_DONE_REASON);
        learnTypeIds(typeIds, s, end);
      } else if (continued !== undefined && !savedIds.has(continued.id) && end.absent) {
        matched.set(s.id, continued);
      } else {
        differences.push({
          id: s.id,
          what: 'the plan holds it, but the manifests and the account no longer call for it, and it is not done',
        });
      }
    }
  }
  const continuing = new Set([...matched.values()].map((f) => f.id));
  for (const f of freshById.values()) {
    if (savedIds.has(f.id)) matched.set(f.id, f);
    else if (!continuing.has(f.id))
      differences.push({
        id: f.id,
        what: `the manifests and the account call for it now ("${f.message}"), but the plan does not hold it`,
      });
  }

  const run: PlannedChange[] = [];
  for (const s of saved.changes) {
    const f = matched.get(s.id);
    if (f === undefined) {
      if (alreadyDone.has(s.id)) run.push(s);
      continue;
    }
    if (f.id !== s.id) {
      // what is left of it (a replace's create) must be exactly what the fresh change does
      if (continuesOf(s, f)) run.push({ ...s, requests: resendRequestsOf(s), dependsOn: f.dependsOn });
      else differences.push({ id: s.id, what: `it no longer matches ${f.id}` });
      continue;
    }
    const what = compare(s, f, live, alreadyDone, savedDependencies(s, alreadyDone, matched));
    if (what.length > 0) differences.push({ id: s.id, what: what.join('; ') });
    else run.push({ ...s, dependsOn: f.dependsOn, phase: f.phase });
  }
  differences.push(...orderProblems(run, alreadyDone));
  if (differences.length > 0) throw planMismatch(differences);
  return { changes: inPhases(run, plannedNow), plannedNow, alreadyDone, typeIds, calls };
}

/** The saved changes with those planned now, each of the latter placed at the end of its phase. */
function inPhases(run: readonly PlannedChange[], now: readonly PlannedChange[]): PlannedChange[] {
  if (now.length === 0) return [...run];
  const out = [...run];
  for (const change of now) {
    const phase = phaseIndex(change.phase);
    let at = out.length;
    while (at > 0 && phaseIndex(must(out[at - 1], 'a change').phase) > phase) at -= 1;
    out.splice(at, 0, change);
  }
  return out;
}

/** What differs between a saved change and the fresh one of the same id. */
function compare(
  s: PlannedChange,
  f: PlannedChange,
  live: SchemaState,
  alreadyDone: ReadonlyMap<string, string>,
  savedDeps: readonly string[],
): string[] {
  // after an earlier run did part of the plan, the change may read otherwise now (its kind says how)
  const now = savedNowOf(s, f, { live, done: alreadyDone });
  const meta: unknown = now?.meta ?? s.meta;
  const requests: unknown = now?.requests ?? s.requests;
  const ownEvaluation = now?.ownEvaluation === true;
  const what: string[] = [];
  if (s.type !== f.type) what.push(`type: the plan says ${s.type}, now ${f.type}`);
  // record counts move with the data: compared on their own below
  const [savedMeta, freshMeta] = [withoutCounts(meta), withoutCounts(f.meta)];
  if (!same(savedMeta, freshMeta)) what.push(`meta: ${metaDifferences(savedMeta, freshMeta)}`);
  const grew = countGrowth(s.affected, f.affected);
  if (grew !== undefined) what.push(grew);
  if (!ownEvaluation && s.severity !== f.severity)
    what.push(`severity: the plan says ${s.severity}, now ${f.severity} (${f.reason})`);
  if (!ownEvaluation && s.policy.decision !== f.policy.decision)
    what.push(
      `policy decision: the plan says ${s.policy.decision}, now ${f.policy.decision} (${f.policy.reason})`,
    );
  else if (!ownEvaluation && s.policy.rule !== f.policy.rule)
    what.push(`policy rule: the plan says ${s.policy.rule}, now ${f.policy.rule} (${f.policy.reason})`);
  // the plan's own evaluation stands only while nothing it did not foresee is at stake now
  if (ownEvaluation && (isNewRefusal(s, f) || (f.affected?.count ?? 0) > 0))
    what.push(
      `severity: the plan says ${s.severity} (${s.policy.decision}), now ${f.severity} (${f.policy.decision}: ${f.policy.reason})`,
    );
  // a rollback the plan promised must still be possible; one it said was not may have become possible (a
  // remap part-done by an earlier run has fewer records left to rewrite)
  if (!ownEvaluation && s.reversal.reversible && !f.reversal.reversible)
    what.push(`reversal: the plan says ${reversalWords(s)}, now ${reversalWords(f)}`);
  if (!same(requests, f.requests)) what.push('requests: they are not what the change sends now');
  const deps = dependencyDifference(savedDeps, f.dependsOn);
  if (deps !== undefined) what.push(deps);
  return what;
}

/** `reversible`, or `irreversible (why)`: what a plan says a rollback can do with the change. */
const reversalWords = (c: PlannedChange): string =>
  c.reversal.reversible ? 'reversible' : `irreversible (${c.reversal.why ?? ''})`;

const isNewRefusal = (s: PlannedChange, f: PlannedChange): boolean =>
  s.policy.decision === 'apply' && f.policy.decision === 'refuse';

/**
 * The dependencies of a saved change, as the fresh plan names them: those already done are left out
 * (the fresh plan no longer holds them), a half-done replace is its create.
 */
function savedDependencies(
  s: PlannedChange,
  alreadyDone: ReadonlyMap<string, string>,
  matched: ReadonlyMap<string, PlannedChange>,
): string[] {
  return s.dependsOn.flatMap((dep) => (alreadyDone.has(dep) ? [] : [matched.get(dep)?.id ?? dep]));
}

/** How the dependencies of a saved change differ from those of the fresh one, if they do. */
function dependencyDifference(saved: readonly string[], fresh: readonly string[]): string | undefined {
  const [a, b] = [[...saved].sort(), [...fresh].sort()];
  if (same(a, b)) return undefined;
  const list = (ids: readonly string[]): string => (ids.length === 0 ? '(none)' : ids.join(', '));
  const extra = a.filter((id) => !b.includes(id));
  const lacking = b.filter((id) => !a.includes(id));
  const parts = [
    ...(extra.length > 0 ? [`the plan adds ${list(extra)}`] : []),
    ...(lacking.length > 0 ? [`the plan leaves out ${list(lacking)}`] : []),
  ];
  return `dependsOn: the plan says ${list(a)}, now ${list(b)}${parts.length > 0 ? ` (${parts.join('; ')})` : ''}`;
}

/**
 * How the meta of a saved change differs from the fresh one's: field by field for the fields of an update
 * (`label: the account held "Before" when planned, "Someone else" now`), else key by key.
 */
function metaDifferences(saved: unknown, fresh: unknown): string {
  const a = (saved ?? {}) as Record<string, unknown>;
  const b = (fresh ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !same(a[k], b[k]));
  return keys
    .flatMap((key) =>
      key === 'fields' && Array.isArray(a.fields) && Array.isArray(b.fields)
        ? fieldDifferences(a.fields as FieldChange[], b.fields as FieldChange[])
        : [`${key} ${short(a[key])} in the plan, ${short(b[key])} now`],
    )
    .join(', ');
}

function fieldDifferences(saved: readonly FieldChange[], fresh: readonly FieldChange[]): string[] {
  const before = new Map(saved.map((f) => [f.field, f]));
  const now = new Map(fresh.map((f) => [f.field, f]));
  const out: string[] = [];
  for (const field of new Set([...before.keys(), ...now.keys()])) {
    const [p, f] = [before.get(field), now.get(field)];
    if (p === undefined) out.push(`${field}: needs changing now, and the plan does not change it`);
    else if (f === undefined) out.push(`${field}: the plan changes it, and it needs no change now`);
    else {
      if (!same(p.old, f.old))
        out.push(`${field}: the account held ${short(p.old)} when planned, ${short(f.old)} now`);
      if (!same(p.new, f.new))
        out.push(`${field}: the plan sets ${short(p.new)}, the manifests now ${short(f.new)}`);
    }
  }
  return out;
}

/** The meta without the record counts the data check put on removed options. */
function withoutCounts(meta: unknown): unknown {
  const fields = (meta as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(fields)) return meta;
  return {
    ...(meta as object),
    fields: (fields as FieldChange[]).map((field) =>
      field.options === undefined
        ? field
        : {
            ...field,
            options: field.options.map((o) => {
              if (o.kind !== 'removed') return o;
              const { recordCount: _count, ...rest } = o;
              return rest;
            }),
          },
    ),
  };
}

/**
 * The records a change touches are part of what was reviewed: more now than the plan said (a rename
 * copying many more values, a remap rewriting more records) refuses the plan. Fewer is fine.
 */
function countGrowth(saved: Affected | undefined, fresh: Affected | undefined): string | undefined {
  if (saved === undefined || fresh === undefined || fresh.count <= saved.count) return undefined;
  const [one, many] =
    saved.unit === 'records' ? ['record', 'records'] : ['record association', 'record associations'];
  return (
    `records: the plan said it touches ${describeCount(saved, one, many)}, ` +
    `it would touch ${describeCount(fresh, one, many)} now`
  );
}

function short(value: unknown): string {
  const text = value === undefined ? '(none)' : canonicalJson(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** A change that runs before one it depends on, or a phase out of order. */
function orderProblems(run: readonly PlannedChange[], done: ReadonlyMap<string, string>): PlanDifference[] {
  const position = new Map(run.map((c, i) => [c.id, i]));
  const problems: PlanDifference[] = [];
  let phase = -1;
  run.forEach((change, i) => {
    if (done.has(change.id)) return;
    const index = phaseIndex(change.phase);
    if (index < phase)
      problems.push({
        id: change.id,
        what: `its phase ${change.phase} comes after a later phase in the plan`,
      });
    phase = Math.max(phase, index);
    for (const dep of change.dependsOn) {
      const at = position.get(dep);
      if (at !== undefined && at > i && !done.has(dep))
        problems.push({ id: change.id, what: `it comes before ${dep}, which it depends on` });
    }
  });
  return problems;
}

function same(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

export function planMismatch(differences: readonly PlanDifference[]): CrmSchemaError {
  const lines = differences.slice(0, 50).map((d) => `  - ${d.id}: ${d.what}`);
  if (differences.length > 50) lines.push(`  - ... and ${differences.length - 50} more`);
  return new CrmSchemaError(
    'PLAN_MISMATCH',
    `The plan does not match the manifests and the live account (${differences.length} ${differences.length === 1 ? 'difference' : 'differences'}); nothing was applied:\n${lines.join('\n')}`,
    {
      hint: 'Make a new plan (crm-schema plan --out FILE) from the manifests and the account as they are now, review it, and apply that.',
      meta: { differences },
    },
  );
}
