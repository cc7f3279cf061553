/**
 * A family's part of the manifests: the documents it owns (`kind: ...`), the shapes of their entries
 * (declared once: the manifest's JSON Schema and the TypeScript types come from them), how their
 * entries become the family's declarations (reporting duplicates), the semantic rules over them, and
 * how they become the desired state. The engine reads and shape-checks every document, hands each family
 * the entries of its documents, and never looks inside an entry.
 */
import type { SharedShape } from '../core/json-schema.js';
import type { CodeInfo } from '../core/source/codes.js';
import type { DiagnosticInput, DiagnosticSink } from '../core/source/diagnostics.js';
import type { SourceLocation } from '../core/source/source-location.js';
import type { Tombstone } from './model/desired-state.js';
import type { SchemaState } from './model/schema-model.js';
import type { EntryRef, ManifestItems } from './manifest/model/items.js';
import type { Declarations } from './manifest/model/declarations.js';
import type { LintRule } from './manifest/lint/rules.js';

/** A list of entries in a document, each checked (and skipped when broken) on its own. */
export interface EntryList {
  /** its key in the document: `properties` */
  key: string;
  /** what to tell a user who left out a required key of an entry */
  missingHint?: string;
  /** an entry with `flag: true` is a tombstone that takes only `keys` (when `applies` says it is one) */
  tombstone?: { flag: string; keys: readonly string[]; applies?(entry: Record<string, unknown>): boolean };
}

/** A kind of manifest document, owned by one family. */
export interface DocumentKind {
  /** its `kind:` value: `Properties` */
  readonly kind: string;
  /** what a document of it declares, for the schema's description: `property groups and properties of one object type` */
  readonly summary: string;
  /** its JSON Schema (`$defs/<name>`, the name the shape is shared under) */
  readonly schema: SharedShape;
  /** its lists of entries */
  readonly lists: readonly EntryList[];
  /** its keys holding one entry (a definition block): a broken one makes the document unusable */
  readonly blocks?: readonly string[];
  /** its keys naming object types: the project's object types rule checks them */
  readonly objectTypeKeys?: readonly string[];
  /** what a document is about (its canonical key: `tickets`, `tickets->orders`); undefined: unusable */
  about(data: Readonly<Record<string, unknown>>): string | undefined;
  /** its top-level keys in writing order (pull writes new keys into place) */
  readonly keyOrder: readonly string[];
  /**
   * the file pull writes a new document of it to, in the output folder: `tickets.yaml`; `shared`: into the
   * file that already holds documents of this kind, when one does
   */
  readonly newFile: { name(about: string): string; shared: boolean };
  /** a new document's top-level keys for what it is about (pull): `{ objectType: 'tickets' }` */
  header(about: string): Record<string, unknown>;
}

/**
 * Registers a declaration under `key`; reports it at `ref`'s `nameKey` and returns false when it was
 * declared before (`what` says it in the message: `property 'x' of tickets`).
 */
export type Claim = (key: string, ref: EntryRef, nameKey: string, code: string, what: string) => boolean;

export interface DeclareContext {
  sink: DiagnosticSink;
  claim: Claim;
}

/** What a family's rules get: every item and declaration, the sink, the project's object types. */
export interface RuleContext {
  items: ManifestItems;
  model: Declarations;
  sink: DiagnosticSink;
  /** custom object types the project file declares (`objectTypes:`) */
  objectTypes: readonly string[];
}

/** A semantic rule: reads the items and the declarations, reports problems. */
export type Rule = (context: RuleContext) => void;

/** What building the desired state fills: the state, the tombstones, sources and intents. */
export interface DesiredBuilder {
  state: SchemaState;
  tombstones: Tombstone[];
  /** where each declared resource was written, keyed by its plan address */
  sources: Map<string, SourceLocation>;
  /** what a family's manifests say beside its resources, under the family's name */
  intents: Map<string, unknown>;
}

export interface ManifestPart<D = unknown> {
  readonly documents: readonly DocumentKind[];
  /** the shapes it publishes under the manifest schema's `$defs`, in order (its documents' with them) */
  readonly defs: readonly SharedShape[];
  /** the shapes its `policy.manage` keys refer to, published under the project file schema's `$defs` */
  readonly configDefs?: readonly SharedShape[];
  /** what to tell a user who left out a required key of an entry in a list of an entry (`options`) */
  readonly missingHints?: Readonly<Record<string, string>>;
  /** plain messages of `pattern` failures, by the `$defs` name holding the pattern */
  readonly patterns?: Readonly<Record<string, (value: string) => DiagnosticInput>>;
  /** keys users often write for another one of its entries: `group` for `groupName` */
  readonly synonyms?: Readonly<Record<string, readonly string[]>>;
  /** the validation codes its declarations and rules report */
  readonly codes?: Readonly<Record<string, CodeInfo>>;
  /** its declarations from the entries of its documents (or of documents it builds on) */
  declare(items: ManifestItems, ctx: DeclareContext): D;
  /** its semantic rules, run in order after every family declared */
  readonly rules: readonly Rule[];
  /** its lint rules (team conventions) */
  readonly lintRules?: readonly LintRule[];
  /** its part of the desired state */
  desire(declarations: D, out: DesiredBuilder): void;
}
