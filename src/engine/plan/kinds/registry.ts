/**
 * The registry: change type -> its kind, made from the installed families' kinds (engine/installed.ts). Every derived
 * value of a change (target, address, message, severity before and after the data check, phase, requests,
 * end state, dependencies, details, drift reading, how a saved plan resumes) comes from here, so a plan
 * read back from JSON derives the same, and generic code never switches on change types.
 */
import { writesFor, type WriteRequest } from '../../../wire/writes.js';
import type { GraphEdge } from '../../graph/association-graph.js';
import type { ApiVersion } from '../../../wire/api-version.js';
import type { SchemaState } from '../../model/schema-model.js';
import type { Change, ChangeType } from '../change-types.js';
import type { ChangeShape, FieldChange, RemovalCause } from '../change-shapes.js';
import { changeId } from '../change-id.js';
import type { DataCheckTarget, SampleValues } from '../data-counts.js';
import type { Phase } from '../phases.js';
import type { PlannedChange } from '../plan-document-shape.js';
import type { ClassifiedChange, PlanRuleContext } from '../rules/rule-types.js';
import type { Assessment } from '../severity.js';
import type {
  ChangeAction,
  ChangeDetail,
  ChangeKind,
  DependencyKeys,
  DriftContext,
  DriftReading,
  LearnedIds,
  Migration,
  RemovalVerb,
  RollbackWay,
  SavedNow,
} from './change-kind.js';
import { kindRegistry } from '../../installed.js';
import type { EndState } from './end-state.js';
import { declaredResourceOf, liveResourceOf, type ResourceRef } from './resource.js';

/** Every change type of the installed families, in the order of the family list. */
export function changeTypes(): readonly string[] {
  return kindRegistry().types;
}

/** Every kind of the installed families, in the order of the family list (the plan's JSON Schema follows it). */
export function allKinds(): readonly ChangeKind<ChangeShape>[] {
  return kindRegistry().kinds;
}

function kindOf<C extends ChangeShape>(change: Pick<C, 'type'>): ChangeKind<C> {
  return kindRegistry().kindOf<C>(change);
}

export function targetOf(change: Change): ResourceRef {
  return kindOf(change).target(change.meta);
}

export function addressOf(change: Change): string {
  return kindOf(change).address(change.meta);
}

export function messageOf(change: Change): string {
  return kindOf(change).message(change.meta);
}

export function baseSeverityOf(change: Change): Assessment {
  return kindOf(change).severity(change.meta);
}

/** The severity with the data check's counts: the kind's own assessment (its rules, in order). */
export function assessedWithCounts(change: ClassifiedChange, ctx: PlanRuleContext): ClassifiedChange {
  return kindOf<ClassifiedChange>(change).assess?.(change, ctx) ?? change;
}

export function phaseOf(change: Change): Phase {
  return kindOf(change).phase(change.meta);
}

/** The requests of a change, on the paths of the API version the plan is made for. */
export function requestsFor(change: Change, version: ApiVersion): WriteRequest[] {
  return kindOf(change).requests(change.meta, writesFor(version));
}

export function actionOf(change: Change): ChangeAction {
  return kindOf(change).action(change.meta);
}

export function idOf(change: Change): string {
  return changeId(change.type, addressOf(change));
}

/** The association graph edge a label or limit change adds, changes or removes; undefined for others. */
export function edgeOf(change: Change): GraphEdge | undefined {
  return kindOf(change).edge?.(change.meta);
}

/** Whether a change's write is a create: sent with the `unsafe` retry class, never twice blindly. */
export function isCreate(change: Change): boolean {
  return kindOf(change).creates(change.meta);
}

/** Whether a change removes something: a 404 means its end state (absent) already holds. */
export function isRemoval(change: Change): boolean {
  return kindOf(change).removes;
}

/** The live resource a change acts on, or undefined when there is none. */
export function liveResourceFor(change: Change, live: SchemaState): unknown {
  return liveResourceOf(targetOf(change), live);
}

/** How a rollback reverses the change, where it is more than its resource going back (see `RollbackWay`). */
export function rollbackWayOf(change: Change): RollbackWay | undefined {
  return kindOf(change).rollback?.(change.meta);
}

/** The resource a change acts on as a desired state declares it (labels and limits by their text). */
export function declaredResourceFor(change: Change, desired: SchemaState): unknown {
  return declaredResourceOf(targetOf(change), desired);
}

/** Whether the live state holds what the change wants (see end-state.ts). */
export function endStateOf(
  change: Change,
  live: SchemaState,
  typeIds: ReadonlyMap<string, number> = new Map(),
): EndState {
  const found = liveResourceOf(targetOf(change), live, typeIds);
  return kindOf(change).endState(change.meta, found, { live, typeIds });
}

/** Whether `found` (the change's resource, found by the caller) is what the change wants. */
export function endStateAgainst(change: Change, found: unknown, live: SchemaState): EndState {
  return kindOf(change).endState(change.meta, found, { live, typeIds: new Map() });
}

export function dependencyKeysOf(change: Change): Partial<DependencyKeys> {
  return kindOf(change).dependencies?.(change.meta) ?? {};
}

export function detailsOf(change: Change): ChangeDetail[] {
  return kindOf(change).details?.(change.meta) ?? [];
}

/** The fields an update or replace changes (live -> declared); none for other kinds. */
export function changedFieldsOf(change: Change): readonly FieldChange[] {
  return kindOf(change).fields?.(change.meta) ?? [];
}

/** Why a removal removes; undefined for changes that remove nothing. */
export function causeOf(change: Change): RemovalCause | 'type-change' | undefined {
  return kindOf(change).cause?.(change.meta);
}

/** The data work a change does on records, if any. */
export function migrationOf(change: Change): Migration | undefined {
  return kindOf(change).migration?.(change.meta);
}

/** How a removal of this type is counted in a summary: archive, delete or remove. */
export function removalVerbOf(type: ChangeType): RemovalVerb {
  return kindOf({ type }).removalVerb ?? 'remove';
}

/** The counts that would sharpen the change's severity (the data check). */
export function dataCheckTargetsOf(change: Change, quote: SampleValues): DataCheckTarget[] {
  return kindOf(change).dataCheck?.(change.meta, quote) ?? [];
}

/** Whether a dependency cycle among changes of this id's type is only an order, never an error. */
export function cycleAllowed(id: string): boolean {
  return kindOf({ type: id.slice(0, id.indexOf(' ')) }).cyclesAllowed === true;
}

/** The typeIds the answer to a change's write names (a created label's). */
export function idsFromAnswer(change: Change, answer: unknown): LearnedIds {
  return kindOf(change).idsFromAnswer?.(change.meta, answer) ?? {};
}

/** The `{ ref }` keys and typeIds a change made known (a created label's), for later changes. */
export function refsLearned(change: Change, learned: LearnedIds): [string, number][] {
  return kindOf(change).refsLearned?.(change.meta, learned) ?? [];
}

/** How a change reads as drift, when its kind says; undefined: by its action. */
export function driftReadingOf(change: Change, ctx: DriftContext): DriftReading | undefined {
  return kindOf(change).drift?.(change.meta, ctx);
}

/** The fresh changes that may carry on what is left of a saved change (see `Resume`). */
export function continuedByOf(change: PlannedChange): string[] {
  return kindOf(change).resume?.continuedBy?.(change.meta, change.address) ?? [];
}

/** Whether `fresh` carries on exactly what is left of the saved change. */
export function continuesOf(saved: PlannedChange, fresh: Change): boolean {
  return kindOf(saved).resume?.continues?.(saved.meta, fresh) ?? false;
}

/** The requests a change sends again when its create must go again (its earlier requests done). */
export function resendRequestsOf(change: PlannedChange): WriteRequest[] {
  return kindOf(change).resume?.resend?.(change.requests) ?? change.requests;
}

/** A saved change as it compares with the fresh one now that changes it depends on are done. */
export function savedNowOf(
  saved: PlannedChange,
  fresh: Change,
  ctx: { live: SchemaState; done: ReadonlyMap<string, string> },
): SavedNow<unknown> | undefined {
  return kindOf(saved).resume?.savedNow?.(saved, fresh, ctx);
}
