/**
 * The desired state: what the manifests declare, normalised and keyed for the planner, every entry
 * with the source location of its YAML node so later errors (plan, apply) can point at it.
 *
 * - Keys: object types by `canonicalObjectType` (well-known ids such as `0-5` and any spelling of a
 *   well-known name become `tickets`; other names and ids stay as written, the planner resolves them);
 *   association pairs by `pairKey` (`tickets->orders`).
 * - Definitions hold exactly the fields the manifest writes. An omitted optional field is absent
 *   (not defaulted): filling the platform's defaults is the planner's normalisation.
 * - Tombstones (`archived: true`, `deleted: true`) are entries of their own, without a definition.
 * - A declaration seen twice is a validation error; the model keeps the first.
 */
import type { EventPropertyCreate, PropertyCreate } from '../../wire/api.js';
import type { ManifestAssociationCategory } from '../schema/types.js';
import type { ConflictResolution } from '../../model/desired-state.js';
import { USER_DEFINED, limitKey } from '../../model/normalize-association.js';
import type { SourceLocation } from '../../core/source/source-location.js';

export interface DesiredProperty {
  archived: false;
  /** the object type as written in the manifest */
  objectType: string;
  name: string;
  /** the property's request fields as written, ready for a create */
  definition: PropertyCreate;
  /** rename: the current internal name, whose values move to this property */
  renamedFrom?: string;
  /** option value -> the value of the option that `replaces` it */
  remaps?: ReadonlyMap<string, string>;
  /** what the rename or remap does with a value it did not write */
  onConflict?: ConflictResolution;
  source: SourceLocation;
}

export interface ArchivedProperty {
  archived: true;
  objectType: string;
  name: string;
  source: SourceLocation;
}

export type DesiredPropertyEntry = DesiredProperty | ArchivedProperty;

export interface DesiredGroup {
  archived: false;
  objectType: string;
  name: string;
  label: string;
  displayOrder?: number;
  source: SourceLocation;
}

export interface ArchivedGroup {
  archived: true;
  objectType: string;
  name: string;
  source: SourceLocation;
}

export type DesiredGroupEntry = DesiredGroup | ArchivedGroup;

export interface DesiredLabel {
  deleted: false;
  from: string;
  to: string;
  /** the label text in this direction: it identifies the label (the account never returns `name`) */
  label: string;
  /** the internal name for a create: as written, or derived from the label */
  name: string;
  nameDerived: boolean;
  inverseLabel?: string;
  /** rename in place: the current text of this direction */
  renamedFrom?: string;
  /** rename the other direction in place: its current text */
  inverseRenamedFrom?: string;
  /** the other direction's limit, as written (absent: not written) */
  inverseMaxToObjectIds?: number | null;
  source: SourceLocation;
  /** where each key written in the entry is */
  keySources: Readonly<Record<string, SourceLocation>>;
}

export interface DeletedLabel {
  deleted: true;
  from: string;
  to: string;
  label: string;
  source: SourceLocation;
}

export type DesiredLabelEntry = DesiredLabel | DeletedLabel;

/** What a limit applies to: a user label (typeId learned from the account) or a known type. */
export type LimitTarget = { label: string } | { category: ManifestAssociationCategory; typeId: number };

export interface DesiredLimit {
  from: string;
  to: string;
  target: LimitTarget;
  /** a positive integer, or null: no limit (purge one set earlier) */
  maxToObjectIds: number | null;
  source: SourceLocation;
}

export interface DesiredAssociationPair {
  /** as written */
  from: string;
  to: string;
  /** by label text */
  labels: Map<string, DesiredLabelEntry>;
  /** by `limitTargetKey(target)` */
  limits: Map<string, DesiredLimit>;
}

/**
 * A label pair: one association type with two directions, a label and its inverse. The entries that
 * declare it (one direction's entry with `inverseLabel`, the other direction's entry, or both) are
 * merged into one pair, oriented as the first entry that declares it (`from -> to`).
 */
export interface DesiredLabelPair {
  /** as written in the first declaring entry */
  from: string;
  to: string;
  /** the text of the `from -> to` direction */
  label: string;
  /** the text of the `to -> from` direction, when an entry declares it */
  inverseLabel?: string;
  name: string;
  nameDerived: boolean;
  /** the current texts of a rename in place, per direction */
  renamedFrom?: string;
  inverseRenamedFrom?: string;
  /** the limits of the two directions' types: a number, or null / absent for none */
  maxToObjectIds?: number | null;
  inverseMaxToObjectIds?: number | null;
  /** the first declaring entry */
  source: SourceLocation;
}

export interface DesiredEventProperty {
  deleted: false;
  eventName: string;
  name: string;
  definition: EventPropertyCreate & { name: string };
  source: SourceLocation;
}

export interface DeletedEventProperty {
  deleted: true;
  eventName: string;
  name: string;
  source: SourceLocation;
}

export type DesiredEventPropertyEntry = DesiredEventProperty | DeletedEventProperty;

/** The `definition` block of an event: the plan creates the definition when the account lacks it. */
export interface DesiredEventDefinition {
  eventName: string;
  label: string;
  description?: string;
  primaryObject?: string;
  source: SourceLocation;
}

export interface Declarations {
  /** object type key -> property name -> entry */
  properties: Map<string, Map<string, DesiredPropertyEntry>>;
  /** object type key -> group name -> entry */
  groups: Map<string, Map<string, DesiredGroupEntry>>;
  /** `from->to` -> labels and limits of that direction, as written */
  associations: Map<string, DesiredAssociationPair>;
  /** every declared label pair once, both directions merged (`label-pairs.ts`) */
  labelPairs: DesiredLabelPair[];
  /** event name -> property name -> entry */
  eventProperties: Map<string, Map<string, DesiredEventPropertyEntry>>;
  /** event name -> its `definition` block */
  eventDefinitions: Map<string, DesiredEventDefinition>;
}

export function emptyDeclarations(): Declarations {
  return {
    properties: new Map(),
    groups: new Map(),
    associations: new Map(),
    labelPairs: [],
    eventProperties: new Map(),
    eventDefinitions: new Map(),
  };
}

/** Key of a limit in `DesiredAssociationPair.limits`: the model's limit key of what it applies to. */
export function limitTargetKey(target: LimitTarget): string {
  return limitKey('label' in target ? { category: USER_DEFINED, label: target.label } : target);
}
