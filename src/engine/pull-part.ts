/**
 * A family's part of `pull` and `init --pull`: the flags naming what of it to read, what a pull reads of
 * it (from those flags, or from what the project's manifests and policy name), which live resources it
 * adds (only those in the managed scope: never another team's), and how it writes them into its
 * documents. The engine resolves the managed scope (`policy.manage`, or the flags of the families' manage
 * keys), reads the account, keeps what a baseline says is not deployed yet, and writes the files.
 */
import type { CrmClient } from '../api/client.js';
import type { DesiredState } from './model/desired-state.js';
import type { ManageEntries, ScopePolicy } from './model/policy.js';
import type { SchemaState } from './model/schema-model.js';
import type { ManifestDocuments as ManifestSet } from './pull/manifest-set.js';
import type { Recorder } from './pull/pull-report.js';

/** A repeatable string flag of `pull` (and `init`). */
export interface PullFlag {
  /** without the dashes: `object-type` */
  name: string;
  summary: string;
  helpValue: string;
}

/** What a family's pull scope is made from. */
export interface PullScopeContext {
  /** `flags`: a flag naming what to read was given (of any family); `project`: what the project names */
  mode: 'flags' | 'project';
  /** the values of this family's read flags, by flag name (empty when not given) */
  flags: Readonly<Record<string, readonly string[]>>;
  /** what the manifests declare (empty without a project) */
  desired: DesiredState;
  /** the project's (or environment's) policy, canonical */
  policy: ScopePolicy;
  /** the managed scope the pull adds within: the flags' entries, else the policy's */
  manage: ManageEntries;
}

/** What selecting and writing get, besides the family's own scope. */
export interface PullContext {
  /** the managed scope the pull adds within */
  manage: ManageEntries;
  /** per manage key given by flags: the project's own entries, which bound them (absent: unbounded) */
  within: ManageEntries;
  /** the manage keys whose entries the flags gave */
  byFlags: ReadonlySet<string>;
  /** how the scope of those keys was given, for notes: `--prefix support_`, else `policy.manage` */
  source(keys: readonly string[]): string;
  mode: 'flags' | 'project';
  /** what the manifests declare (empty without a project) */
  desired: DesiredState;
  includeBuiltIn: boolean;
  /** addresses pull leaves as the manifests have them (with a baseline): never added nor refreshed */
  held: ReadonlySet<string>;
  /** notes for the person */
  notes: string[];
}

export interface PullPart<P = unknown, S = unknown> {
  /** its flags naming what to read: given, a pull reads exactly what the flags name */
  readonly flags?: readonly PullFlag[];
  /** what it reads and may add; may refuse a scope that would take another team's resources */
  scope(ctx: PullScopeContext): P;
  /** whether its scope reads nothing */
  isEmpty(scope: P): boolean;
  /** its part of the live read */
  liveScope(scope: P, into: S): void;
  /** what it adds, and the live state its documents are refreshed from (notes for what it leaves out) */
  select(live: SchemaState, scope: P, ctx: PullContext): unknown;
  /** brings its documents to the live state: refreshes, removes and appends entries */
  merge(set: ManifestSet, selection: unknown, rec: Recorder, ctx: PullContext): void;
  /**
   * The entries a pull that added `added` (its own resources' addresses) adopts besides the scope it was
   * given: a custom group a manifest now declares is owned (`manage.groups`).
   */
  adopted?(manage: ManageEntries, added: readonly string[]): ManageEntries;
  /** the object types its `added` addresses name, for the project file's custom object types */
  objectTypesOf?(added: readonly string[]): string[];
  /**
   * In a project whose file lacks the entries a pull's flags gave (`manage`: those entries, with what it
   * adopted), what to say so that plan and drift watch what was pulled; undefined: nothing.
   */
  unrecordedNote?(
    file: string,
    manage: ManageEntries,
    added: readonly string[],
    ctx: PullContext,
  ): string | undefined;
  /** `init --pull`: what adopting a scope reads and adds of it (see `AdoptPart`) */
  readonly adopt?: AdoptPart;
}

/**
 * A family's part of `init --pull`: what the account holds that a scope could adopt, what it offers to
 * choose from, and what a pull of the chosen scope reads.
 */
export interface AdoptPart<F = unknown, P = unknown> {
  /** reads what the account holds (reads only) */
  discover(client: CrmClient): Promise<F>;
  /** choices of manage entries, with where each is found */
  offers?(findings: F): AdoptOffer[];
  /**
   * What adopting `manage` takes of it: its pull scope (project mode), and what it takes for the summary;
   * `objectTypes`: those the families before it adopt.
   */
  adoption(
    findings: F,
    manage: ManageEntries,
    client: CrmClient,
    objectTypes: readonly string[],
  ): Promise<Adoption<P>>;
  /**
   * The manifests a project starts with when init pulled none (`schemaComment`: their first line), or an
   * example of a document to show in a starter file that holds none (`example`, one line each).
   */
  starter?(manage: ManageEntries, schemaComment: string): { files: StarterFile[]; example: string[] };
}

/**
 * An entry a person may choose (`tickets.support`, `support_`), under its manage key, with what it holds:
 * a count (`3 properties`), or where it is found (`tickets 2`; several families' places of the same entry
 * are listed together).
 */
export interface AdoptOffer {
  key: string;
  entry: string;
  /** what the entry holds, shown after it; absent: its places */
  detail?: string;
  /** where it is found: `tickets`, `event order_shipped`, with how many there (object types first) */
  places?: { where: string; count: number; order: number }[];
}

export interface Adoption<P = unknown> {
  scope: P;
  /** the object types it adopts (a family adopting links between object types sees them) */
  objectTypes: string[];
  /** `3 custom properties of tickets`: what the adoption takes, for the summary; none: nothing */
  takes: string[];
  /** what a person should know (labels left out, and how to adopt them) */
  notes: string[];
}

/** A manifest a project starts with when init pulled none. */
export interface StarterFile {
  /** the file name, in the manifests folder */
  name: string;
  text: string;
}
