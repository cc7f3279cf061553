/**
 * The one normalised schema model. Desired state (from the manifests) and live state (from the API)
 * are both converted into it, with the platform's defaults filled (see `defaults.ts`), so the diff
 * compares like with like. Everything is keyed by canonical object type name (`object-types.ts`).
 *
 * Compared fields and live-only flags are kept apart: a `NormalizedProperty` holds exactly the request
 * fields of a property definition (what a manifest can declare and the diff compares), while
 * `platformDefined` and `archived` live in `PropertyFlags` next to it.
 *
 * The parts a plan carries (options, properties, groups, labels, event definitions and properties) are
 * declared once in `model-shapes.ts`: their types here come from those declarations, which the plan's
 * JSON Schema publishes.
 */
import type { Static } from '../core/json-schema.js';
import type { AssociationCategory } from '../wire/api.js';
import type {
  EventDefinitionShape,
  EventPropertyShape,
  GroupShape,
  LabelShape,
  OptionShape,
  PropertyShape,
} from './model-shapes.js';

export type NormalizedOption = Static<typeof OptionShape>;

/** Every request field of a property definition, defaults filled; the two optional fields stay absent when unset. */
export type NormalizedProperty = Static<typeof PropertyShape>;

/** Live-only facts about a property; never compared, never declared. */
export interface PropertyFlags {
  /** a built-in property: crm-schema never changes it */
  platformDefined: boolean;
  /** an archived property counts as absent */
  archived: boolean;
  /** when it was made, when the API says (a rename tells its own new property from an older one) */
  createdAt?: string;
  /** when and by whom it was last changed, when the API says (drift shows it for outside edits) */
  updatedAt?: string;
  updatedUserId?: string;
}

export type NormalizedGroup = Static<typeof GroupShape>;

/** The schema of one object type. */
export interface ObjectSchema {
  /** canonical name, e.g. `tickets` */
  objectType: string;
  properties: Map<string, NormalizedProperty>;
  /** live state only; a property without an entry counts as custom and active */
  propertyFlags: Map<string, PropertyFlags>;
  groups: Map<string, NormalizedGroup>;
}

/**
 * An association label pair seen from one direction (`from` -> `to`): `label` is the text of this
 * direction, `inverseLabel` the text of the other (when known). Keyed by its text. `name` is the internal
 * name given at creation: the platform's label lists never return it, so live labels normally lack it.
 * `typeId` / `inverseTypeId` are the two directions' types, known for live labels. A desired label is
 * stored once, in the direction its first manifest entry declares it; a live one in both directions (when
 * both were read), each the mirror of the other.
 */
export type NormalizedLabel = Static<typeof LabelShape> & {
  /** desired only: rename in place from this text (of this direction) */
  renamedFrom?: string;
  /** desired only: rename the inverse direction in place from this text */
  inverseRenamedFrom?: string;
};

/**
 * A limit (`userEnforcedMaxToObjectIds`) on an association type of one direction. A user label's limit
 * is declared by the label's text (its typeId is only known live); a built-in type's by category and
 * typeId. `maxToObjectIds` absent: no limit (desired: remove any live limit).
 */
export interface NormalizedLimit {
  category: AssociationCategory;
  typeId?: number;
  label?: string;
  maxToObjectIds?: number;
}

/** Labels and limits of one ordered pair of object types. */
export interface AssociationPairSchema {
  /** canonical names */
  from: string;
  to: string;
  /** keyed by label text */
  labels: Map<string, NormalizedLabel>;
  /** keyed by `limitKey()`: the label text for user labels, `CATEGORY/typeId` otherwise */
  limits: Map<string, NormalizedLimit>;
}

export type NormalizedEventProperty = Static<typeof EventPropertyShape>;

/**
 * What a custom event definition is besides its properties. Desired: the
 * manifest's `definition` block, from which crm-schema creates a definition the account lacks. Live: what
 * the account holds, read with the definition. The API cannot change these after creation.
 */
export type NormalizedEventDefinitionInfo = Static<typeof EventDefinitionShape>;

export interface NormalizedEventDefinition {
  name: string;
  /** live: whether the definition exists; desired: always true */
  exists: boolean;
  /** desired: the `definition` block, when the manifests give one; live: when the definition exists */
  definition?: NormalizedEventDefinitionInfo;
  properties: Map<string, NormalizedEventProperty>;
  /** live state only: flags of the definition's built-in (default) properties */
  propertyFlags: Map<string, PropertyFlags>;
}

export interface SchemaState {
  /** keyed by canonical object type name */
  objects: Map<string, ObjectSchema>;
  /** keyed by `pairKey(from, to)`, e.g. `tickets->orders` */
  associations: Map<string, AssociationPairSchema>;
  /** keyed by event definition name */
  events: Map<string, NormalizedEventDefinition>;
  /**
   * what the read of the event definition list found, when it read the list: the account's total, the
   * definitions on its first page, and how many of those in scope were among them (the calls the read
   * took follow from these)
   */
  eventListing?: { total: number; firstPageSize: number; inScopeOnFirstPage: number };
  /**
   * the event definitions could not be read: the token lacks the scope (the platform's only scope for
   * event definitions also writes them, so a read-only token holds none); `calls` were refused
   */
  eventsNotRead?: { missingScopes: string[]; calls: number };
}
