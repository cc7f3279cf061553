/**
 * The contract a resource family implements: everything about one family of resources (property
 * definitions and their groups, association labels and limits, event definitions, ...) in one folder,
 * behind these members. The engine (validate, read live, diff, order, plan, apply, verify, drift, pull,
 * init adoption, records, rollback) asks a family only through them and never imports one; the family
 * list (`src/families/all-families.ts`) is built at the top and installed once (`installed.ts`).
 *
 * A family's slice of a state (`SliceKey`), its tombstones and its resource references are its own
 * shapes: the engine moves them around without looking inside.
 */
import type { CrmClient } from '../api/client.js';
import type { SharedShape, TSchema } from '../core/json-schema.js';
import type { ApiVersion } from '../wire/api-version.js';
import type { AssociationGraph } from './graph/association-graph.js';
import type { DesiredState } from './model/desired-state.js';
import type { PutBackTarget, ResourceRef } from './resource-ref.js';
import type { ScopePolicy } from './model/policy.js';
import type { ResourceFlags, SchemaState } from './model/schema-model.js';
import type { ChangeShape } from './plan/change-shapes.js';
import type { DiffContext } from './plan/diff/diff-context.js';
import type { ChangeKind } from './plan/kinds/change-kind.js';
import type { PlanCodeInfo } from './plan/codes.js';
import type { PlanDiagnostic } from './plan/diagnostics.js';
import type { ManifestPart } from './manifest-part.js';
import type { PullPart } from './pull-part.js';

export type { PutBackTarget, ResourceRef } from './resource-ref.js';

/** A change kind of any change type (the registry keeps them by type). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind takes its own meta
export type AnyKind = ChangeKind<any>;

/** What generic code asks of one type of resource (a property, a label, an event property). */
export interface ResourceType<R extends ResourceRef = ResourceRef, S = unknown> {
  /** how messages name one: `property`, `event property` */
  readonly noun: string;
  /** how drift says it is removed: archived (can be restored) or deleted */
  readonly removal: 'archived' | 'deleted';
  /** the shared shape of its definition in a plan and an apply record (`$defs`), when it has one */
  readonly shape?: SharedShape;
  /** what is wrong with `value` as a definition of it, read from outside (an apply record); absent: `shape` says */
  definitionProblem?(value: unknown): string | undefined;
  /**
   * The normalised live resource, or undefined when there is none. `typeIds`: ids learned while applying
   * (a resource made by the same plan, found through them); without them (when a plan is made) a
   * resource known only by such an id cannot exist yet.
   */
  live(ref: R, state: SchemaState, typeIds?: ReadonlyMap<string, number>): unknown;
  /** the resource as a desired state declares it; absent: as `live` finds it there */
  declared?(ref: R, desired: SchemaState): unknown;
  /** what it belongs to, for reading and grouping: `tickets`, `tickets->orders`, `event:order_shipped` */
  owner(ref: R): string;
  /** puts it into its family's read scope (a read-back reads exactly the resources of some changes) */
  readBack(ref: R, scope: S): void;
  /** a rollback: the resource back as `before`, or a tombstone of it when `before` is undefined */
  putBack(ref: R, before: unknown, into: PutBackTarget): void;
  /** the reference by an id an apply record knows (`known`: the resource as recorded); absent: as it is */
  knownAs?(ref: R, known: unknown): R;
  /** a resource the apply removed that was made again since, by someone (nothing is left to put back) */
  madeAgain?(ref: R, before: unknown, live: SchemaState): boolean;
  /**
   * What an apply record keeps of it after a write (`after`, as the plan wanted it): with the ids the
   * write made known (`typeIds`, by the address of the change), so that a rollback finds it by them
   * whatever its text is then. Absent: `after` as it is.
   */
  recorded?(ref: R, after: object, address: string, typeIds: ReadonlyMap<string, number>): unknown;
  /** its live-only flags (drift shows who changed it last) */
  flags?(ref: R, live: SchemaState): ResourceFlags | undefined;
}

/**
 * How a family reads the live account: its part of a read scope (`S`), filled from what the manifests
 * and the policy name, and the read itself with the fewest calls the API allows.
 */
export interface LivePart<S = unknown> {
  emptyScope(): S;
  /** what the desired state and the policy put in scope */
  fromDesired(desired: DesiredState, policy: ScopePolicy, scope: S): void;
  /** `into` widened to read everything `other` reads too */
  merge(into: S, other: S): void;
  /** whether the scope reads nothing */
  isEmpty(scope: S): boolean;
  /** reads the scope into `state` (its slice); may mark the family not read (`state.notRead`) */
  read(client: CrmClient, scope: S, state: SchemaState): Promise<void>;
  /** the calls `read` made for `scope`, given what it found: the fewest the API allows */
  calls(scope: S, live: SchemaState, version: ApiVersion): number;
}

/**
 * The phases a family's changes run in: `build` ones run in the order of the family list, before every
 * family's `tearDown` ones, which run in the reverse order (what others depend on is made first and
 * removed last).
 */
export interface FamilyPhases {
  build: readonly string[];
  tearDown: readonly string[];
}

/** The family's part of the project file's `policy.manage`: one list of entries per key. */
export interface ManageKey {
  key: string;
  /** its JSON Schema in the project file (an array of entries) */
  schema: TSchema;
  /** the entry as the planner reads it (object types by their canonical names); absent: as written */
  canonical?(entry: string): string;
  /**
   * The flag of `pull` and `init` giving entries of it (`prefix`): each value checked and made canonical
   * by `parse` (which throws a clear error for a value that is no entry); absent: only the project file
   * gives them.
   */
  flag?: {
    name: string;
    /** its summary in `pull`'s help: the scope a pull adds within */
    summary: string;
    /** its summary in `init`'s help: the scope the project owns */
    owns: string;
    helpValue: string;
    /** its values are quoted for a shell in messages (they hold `>`) */
    quoted?: boolean;
    /** its place among the manage flags when messages list them (`--prefix` before `--group`) */
    rank: number;
    /** how to give it, for the hint of an `init` that has no scope and no terminal to ask on */
    guide?: string;
    parse(value: string, given: string): string;
  };
  /**
   * How `init` asks for entries of it on a terminal (absent: it never asks): the heading of the entries an
   * account offers, the question with them and without an account, and what one entry is called.
   */
  prompt?: {
    heading: string;
    ask: string;
    askOwn: string;
    noun: string;
    /** what `init` says before its questions without an account (said once, by the first key having one) */
    intro?: string;
  };
  /**
   * What `init` writes beside it in the project file: `given` above its entries, `absent` (how to own
   * some, with an example) after the scope when it has none; absent: nothing.
   */
  note?: { given: readonly string[]; absent?: readonly string[] };
  /**
   * The keys given together (`groups`, `prefixes` and `events` own properties): when the flags give any
   * of them, the flags give all of them (the policy's are the bound); absent: the key alone.
   */
  together?: string;
}

/** A family's drawing of its resources (`crm-schema graph`): a graph of object types. */
export interface FamilyGraph<S = unknown> {
  ofState(state: SchemaState): AssociationGraph;
  /** what `graph --live` reads: the resources the manifests name */
  readScope(desired: DesiredState, scope: S): void;
}

export interface Family<S = unknown> {
  /** its name: the key of its slice, its part of a read scope, its declarations */
  readonly name: string;
  /** one line on what it manages, for help and docs */
  readonly description: string;
  /** families it builds on (it may import them); each comes earlier in the list */
  readonly dependsOn?: readonly string[];
  /** its change kinds, in the order the plan's JSON Schema lists them */
  readonly kinds: readonly AnyKind[];
  /** its types of resources, by `ResourceRef.kind` */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each type takes its own references
  readonly resources: Readonly<Record<string, ResourceType<any, S>>>;
  /** the address of each kind of tombstone it declares, by `Tombstone.kind` */
  readonly tombstones: Readonly<Record<string, (tombstone: never) => string>>;
  /** shapes it publishes in the plan's JSON Schema (`$defs`) besides its resources' */
  readonly shapes?: readonly SharedShape[];
  readonly phases: FamilyPhases;
  readonly live: LivePart<S>;
  /** the addresses of the resources a (desired) state holds of it */
  addresses(state: SchemaState): string[];
  /** the plan: its changes and diagnostics, pushed into the context */
  diff(ctx: DiffContext): void;
  readonly manifest: ManifestPart;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each family's scope and selection are its own
  readonly pull?: PullPart<any, S>;
  /**
   * The data sensitivity of a field of an object type's records (its property), when the family defines
   * record fields: data steps and the data check never keep or quote a sensitive field's values.
   */
  fieldSensitivity?(state: SchemaState, objectType: string, name: string): string | undefined;
  /** warnings a plan made from manifests carries once, about the policy (a scope it lacks) */
  planWarnings?(policy: ScopePolicy, desired: DesiredState): PlanDiagnostic[];
  /** its drawing, when it has one */
  readonly graph?: FamilyGraph<S>;
  /** its keys of `policy.manage` */
  readonly manage?: readonly ManageKey[];
  /** the diagnostic codes its diff reports, with their level and what each means */
  readonly planCodes?: Readonly<Record<string, PlanCodeInfo>>;
  /**
   * Diagnostic codes of its diff that say a declared resource is missing from the account and cannot be
   * made by the plan, with the kind of that resource: drift lists it as missing.
   */
  readonly missingCodes?: Readonly<Record<string, string>>;
  /**
   * The resources a plan may leave unread when the token lacks their scope (their only scope also
   * writes them), as a plan names them in `notRead`.
   */
  readonly notReadName?: string;
}

/** The change kind of a family, typed loosely: a kind's members take its own meta. */
export type KindOf<C extends ChangeShape> = ChangeKind<C>;
