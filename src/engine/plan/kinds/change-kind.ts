/**
 * A change kind owns everything about itself, derived from the change's `meta`: the resource it acts on,
 * how it reads (address, message, details, the verb of its summary), how risky it is before and after
 * the data check (the counts it wants, its assessment with them), when it runs (phase, what it needs
 * first), what it sends and the ids its answers make known, what "done" means on the live account, how a
 * saved plan holding it resumes, and how it reads as drift. One module per change type
 * (`property-create.ts`, ...); `all-kinds.ts` lists them, `registry.ts` is the one place generic code asks.
 * Adding a kind is one module and its line in the list.
 */
import type { WriteRequest, Writes } from '../../../wire/writes.js';
import type { GraphEdge } from '../../graph/association-graph.js';
import type { Static, TSchema } from '../../../core/json-schema.js';
import type { SchemaState } from '../../model/schema-model.js';
import type { ScopePolicy } from '../../model/policy.js';
import type { ChangeShape, FieldChange, RemovalCause } from '../change-shapes.js';
import type { DataCheckTarget, SampleValues } from '../data-counts.js';
import type { Phase } from '../phases.js';
import type { PlannedFields } from '../plan-document-shape.js';
import type { Classified, PlanRuleContext } from '../rules/rule-types.js';
import type { Assessment } from '../severity.js';
import type { NormalizedOption } from '../../model/schema-model.js';
import type { ConflictResolution } from '../../model/desired-state.js';
import type { EndState } from './end-state.js';
import type { ResourceRef } from '../../resource-ref.js';
import type { RecordedChange } from '../../record/shape/record-shape.js';
import type { IrreversibleBack, StepBack } from './step-back.js';
import type { Reversal, ReversalContext } from '../reversal-shape.js';

export { ACTION_SYMBOLS, CHANGE_ACTIONS, type ChangeAction } from '../change-shapes.js';
import type { ChangeAction } from '../change-shapes.js';

/** What is shown under a change's line (renderers lay it out). */
export type ChangeDetail =
  /** changed fields, `old -> new` (long text as a word diff, option lists by value) */
  | { kind: 'fields'; fields: readonly FieldChange[] }
  /** the options of a created resource */
  | { kind: 'options'; options: readonly NormalizedOption[] }
  /** a value of a created resource, shown as written */
  | { kind: 'value'; field: string; value: string };

/**
 * What a change provides to others and needs from others, as keys (see `needs` in dependencies.ts): a
 * change runs after every change that provides a key it needs.
 */
export interface DependencyKeys {
  provides: string[];
  needs: string[];
}

/**
 * Data work a change does on records between its schema writes (apply, src/engine/apply/migrate): its requests
 * but the last `after` run before it (the create of a renamed property), the last `after` once the work
 * checked out (the mark and the archive of the old property).
 *
 * - `copy`: every record's value of `from` copied to `to`; a value of `to` the copy did not write is a
 *   conflict, kept or overwritten as `onConflict` says (absent: the change fails before its last step).
 *   `stale`: `to` is restored with the values it held when a rename of it to `from` archived it, which
 *   carried them to `from`: a value of `to` that `from` has held at any time counts as carried over;
 * - `rewrite`: every record holding an old option value of `name` rewritten to its new value (`multiple`:
 *   a checkbox property, whose value is a `;`-separated list);
 * - `put-back`: the records listed (a rollback's, from an apply record) set from `from` back to `to`, each
 *   only while it still holds `from`; any other record holding a value of `removed` (options the last
 *   step removes) is a conflict, and the change fails before its last step.
 */
export type Migration = (
  | {
      kind: 'copy';
      objectType: string;
      from: string;
      to: string;
      onConflict?: ConflictResolution;
      stale?: boolean;
    }
  | {
      kind: 'rewrite';
      objectType: string;
      name: string;
      remaps: readonly { from: string; to: string }[];
      multiple: boolean;
    }
  | {
      kind: 'put-back';
      objectType: string;
      name: string;
      values: readonly { id: string; from: string; to: string }[];
      removed: readonly string[];
      multiple: boolean;
    }
) & { after: number };

export interface EndStateContext {
  live: SchemaState;
  /** label address -> typeId, learned when labels were created */
  typeIds: ReadonlyMap<string, number>;
}

/** The typeIds an answer or a read-back makes known: a created label's, of both directions. */
export interface LearnedIds {
  typeId?: number;
  inverseTypeId?: number;
}

/** How a removal is counted in a plan's summary (`1 to archive, 2 to delete, 1 to remove`). */
export type RemovalVerb = 'archive' | 'delete' | 'remove';

/** What a kind's drift reading knows besides the change: the project's policy. */
export interface DriftContext {
  policy: ScopePolicy;
}

/**
 * How a change of a plan made from the live account to the manifests reads as drift (src/engine/drift):
 *
 * - `missing`: declared, absent from the account (`declared`: a limit's declared maximum; `note`: what
 *   bringing it back would mean, when that is more than a create);
 * - `edited`: different live, field by field (`old` the live value, `new` the declared one); `fix` is what
 *   apply would do;
 * - `unmanaged`: a live resource in the managed scope that no manifest names; `scope` says why it counts
 *   (undefined: the project's policy does not count it), `label` is its live label;
 * - `tombstoned`: marked archived or deleted, still live (`address`: when another than the change's);
 * - `with-another`: reported with another change of the plan (a limit on a label the plan creates).
 */
export type DriftReading =
  | { as: 'missing'; declared?: number; note?: string }
  | { as: 'edited'; fields: readonly FieldChange[]; fix: 'update' | 'replace' }
  | { as: 'unmanaged'; scope: string | undefined; label?: string }
  | { as: 'tombstoned'; address?: string }
  | { as: 'with-another' };

/**
 * How a change an apply record says applied is reversed by a rollback (src/engine/rollback), where its resource
 * going back to its definition before the apply (a resource it made removed) is not the whole story:
 *
 * - `irreversible`: it cannot be reversed, and why;
 * - `put`: its resource cannot come back whole (`lost` says what is lost): left as it is, and said;
 * - `step`: a data step reversed as a data step (a rename renamed back with its values, an option rewrite
 *   put back record by record), which the family carries out itself (`StepWay`).
 *
 * The plan states from the same declaration whether a rollback can reverse each change
 * (plan/reversibility.ts), so the plan and a rollback cannot disagree.
 */
export type RollbackWay =
  { as: 'irreversible'; why: string } | { as: 'put'; lost: string } | { as: 'step'; step: StepWay };

/** A data step's own way back (see `RollbackWay`). */
export interface StepWay {
  /** whether a rollback can reverse it once applied, from the plan's data check (absent: it can) */
  reversal?(ctx: ReversalContext): Reversal;
  /** its reversal, from what the apply record says of it (`recorded`), or what stops one */
  back(recorded: RecordedChange, change: ChangeShape, recordId: string): StepBack | IrreversibleBack;
}

/** A saved change as it compares with the fresh plan's after an earlier run did part of the plan. */
export interface SavedNow<M> {
  meta: M;
  /** its requests as they read now (a ref resolved); absent: as saved */
  requests?: unknown;
  /** the plan's own severity and decision stand (unless the change is worse now than the plan says) */
  ownEvaluation?: boolean;
}

/**
 * How a saved plan holding the change is finished after a run that stopped part-way (apply verifies a
 * saved plan against the plan made afresh, src/engine/pipeline/verify-saved.ts), and how it is sent again when
 * the outcome of its create was lost.
 */
export interface Resume<C extends ChangeShape> {
  /**
   * A saved change the fresh plan does not hold and that is not at its end state: the ids of the fresh
   * changes that may carry on what is left of it (a replace whose archive ran: the create of its name).
   */
  continuedBy?(meta: C['meta'], address: string): string[];
  /** whether `fresh` (one of `continuedBy`) carries on exactly what is left of the saved change */
  continues?(meta: C['meta'], fresh: ChangeShape): boolean;
  /** the requests left when its create is sent again (its earlier requests done); absent: all of them */
  resend?(requests: readonly WriteRequest[]): WriteRequest[];
  /**
   * The saved change as it compares with the fresh change of its id now that changes it depends on are
   * done (`done`: their ids); undefined: as saved.
   */
  savedNow?(
    saved: Planned<C>,
    fresh: ChangeShape,
    ctx: { live: SchemaState; done: ReadonlyMap<string, string> },
  ): SavedNow<C['meta']> | undefined;
}

/** The change of a kind: its type and its data, typed from the declaration of its meta. */
export interface KindChange<T extends string, M extends TSchema> {
  type: T;
  meta: Static<M>;
}

/** The declaration of a kind's meta: a JSON Schema object whose TypeScript type is the meta's. */
export type MetaSchema<M> = TSchema & { static: M };

/** A change of one kind as a plan stores it. */
export type Planned<C extends ChangeShape> = C & PlannedFields;

export interface ChangeKind<C extends ChangeShape> {
  /** the change type it handles, e.g. `property.create`: its key in the registry */
  readonly type: C['type'];
  /**
   * the declaration of its meta (`metaObject`): the TypeScript type of the meta comes from it, and so
   * does the kind's part of the plan's JSON Schema (`$defs/<type>_meta`)
   */
  readonly meta: MetaSchema<C['meta']>;
  /** the resource the change acts on */
  target(meta: C['meta']): ResourceRef;
  action(meta: C['meta']): ChangeAction;
  address(meta: C['meta']): string;
  /** one line, no severity, no colour */
  message(meta: C['meta']): string;
  /** before rules run */
  severity(meta: C['meta']): Assessment;
  phase(meta: C['meta']): Phase;
  /** the exact requests, in order, on the paths of the API version `w` builds */
  requests(meta: C['meta'], w: Writes): WriteRequest[];
  /** data work on records between the schema writes (see `Migration`); undefined: none this time */
  migration?(meta: C['meta']): Migration | undefined;
  /** the write makes something new: never sent twice blindly (a lost answer is read back first) */
  creates(meta: C['meta']): boolean;
  /** the write removes something: a 404 means its end state already holds */
  removes: boolean;
  /** whether `found` (the live target, or undefined) is what the change wants */
  endState(meta: C['meta'], found: unknown, ctx: EndStateContext): EndState;
  dependencies?(meta: C['meta']): Partial<DependencyKeys>;
  details?(meta: C['meta']): ChangeDetail[];
  /** the fields an update or replace changes (live -> declared) */
  fields?(meta: C['meta']): readonly FieldChange[];
  /** an association label or limit change: the edge of the association graph it adds, changes or removes */
  edge?(meta: C['meta']): GraphEdge;
  /** why a removal removes: a tombstone, the unmanaged policy, or a type change */
  cause?(meta: C['meta']): RemovalCause | 'type-change';
  /** a removal's verb in a plan's summary; absent: remove */
  readonly removalVerb?: RemovalVerb;
  /** the counts that would sharpen its severity (see data-counts.ts); absent: none */
  dataCheck?(meta: C['meta'], quote: SampleValues): DataCheckTarget[];
  /** its severity with the data check's counts, after the base severity (the rules of rules/, in order) */
  assess?(change: Classified<C>, ctx: PlanRuleContext): Classified<C>;
  /**
   * changes of this kind alone may depend on each other in a cycle (archives of properties whose live
   * formulas use each other): they are only ordered, never an error
   */
  readonly cyclesAllowed?: boolean;
  /** the typeIds the answer to its write names (a label create: both directions') */
  idsFromAnswer?(meta: C['meta'], answer: unknown): LearnedIds;
  /** the `{ ref }` keys (`refKey`) under which the typeIds it made known are kept for later changes */
  refsLearned?(meta: C['meta'], learned: LearnedIds): [key: string, typeId: number][];
  /** how it reads as drift; undefined: by its action (a create missing, an update edited, a removal tombstoned) */
  drift?(meta: C['meta'], ctx: DriftContext): DriftReading | undefined;
  /** how a saved plan holding it resumes; absent: it is done or it runs as saved */
  readonly resume?: Resume<C>;
  /** how a rollback reverses it (see `RollbackWay`); absent: its resource goes back as it was */
  rollback?(meta: C['meta']): RollbackWay;
}

export function fieldNames(fields: readonly { field: string }[]): string {
  return fields.map((f) => f.field).join(', ');
}

/** The change a kind handles. */
export type ChangeOfKind<K> = K extends ChangeKind<infer C> ? C : never;
