/**
 * The manifest documents and the project file as users write them (YAML, camelCase API names).
 * `schemas/manifest.schema.json` and `schemas/config.schema.json` describe the same shapes; the key
 * lists in test/manifest/schema-keys.ts tie both together and a test fails when they drift apart.
 */
import type { ApiVersion } from '../../wire/api-version.js';
import type {
  AssociationCategory,
  EventPropertyType,
  PropertyCreate,
  PropertyOption,
} from '../../wire/api.js';
import type {
  DangerousPolicy,
  IrreversiblePolicy,
  DestructivePolicy,
  RecordValuesPolicy,
  UnmanagedPolicy,
} from '../../model/policy.js';
import type { ConflictResolution } from '../../model/desired-state.js';

export const MANIFEST_KINDS = ['Properties', 'Associations', 'EventProperties'] as const;
export type ManifestKind = (typeof MANIFEST_KINDS)[number];

/** Association categories a manifest may name (the neutral names plus the platform's own). */
export const ASSOCIATION_CATEGORIES = [
  'PLATFORM_DEFINED',
  'USER_DEFINED',
  'INTEGRATOR_DEFINED',
  'WORK',
] as const satisfies readonly AssociationCategory[];
export type ManifestAssociationCategory = (typeof ASSOCIATION_CATEGORIES)[number];

/**
 * An enumeration option as the API has it, plus `replaces`: option values this option takes over. Records
 * holding one of them are rewritten to this option's value, then the old options are removed.
 */
export type OptionEntry = PropertyOption & { replaces?: string[] };

/** A property group. `archived: true` with just `name` is a tombstone. */
export interface GroupEntry {
  name: string;
  label?: string;
  displayOrder?: number;
  archived?: boolean;
}

/**
 * A property: every request field of a property definition under its API name, so a property read from
 * the CRM writes back as the same YAML. `archived: true` with just `name` is a tombstone.
 */
export type PropertyEntry = Omit<Partial<PropertyCreate>, 'options'> & {
  name: string;
  options?: OptionEntry[];
  /** rename: the property's current internal name; its values are copied over, then it is archived */
  renamedFrom?: string;
  /**
   * A rename or a remap meeting a value it did not write: `keep` leaves that value, `overwrite` writes over
   * it. Absent: such records are conflicts and the change is refused.
   */
  onConflict?: ConflictResolution;
  archived?: boolean;
};

export interface PropertiesManifest {
  kind: 'Properties';
  objectType: string;
  groups?: GroupEntry[];
  properties?: PropertyEntry[];
}

/**
 * One association type of a `from -> to` pair: a user label (by `label`) or a built-in type (by
 * `category` + `typeId`). `maxToObjectIds: null` removes a limit; `deleted: true` deletes a label. A
 * user label is one side of a label pair (a label and its inverse); `inverseLabel` names the other side.
 */
export interface AssociationTypeEntry {
  label?: string;
  name?: string;
  inverseLabel?: string;
  /** rename in place: the label's current text (this direction) */
  renamedFrom?: string;
  /** rename the other direction in place: its current text */
  inverseRenamedFrom?: string;
  category?: ManifestAssociationCategory;
  typeId?: number;
  maxToObjectIds?: number | null;
  /** the limit of the other direction's type (`to -> from`) */
  inverseMaxToObjectIds?: number | null;
  deleted?: boolean;
}

export interface AssociationsManifest {
  kind: 'Associations';
  from: string;
  to: string;
  types: AssociationTypeEntry[];
}

/** A property of a custom event definition. `deleted: true` with just `name` is a tombstone. */
export interface EventPropertyEntry {
  name: string;
  label?: string;
  type?: EventPropertyType;
  description?: string;
  options?: OptionEntry[];
  deleted?: boolean;
}

/**
 * The custom event definition itself. When the account lacks the definition `eventName` names, the plan
 * creates it from this block; without the block that is a plan error.
 * The API cannot change a definition after creation, so for an existing one the block is only compared.
 */
export interface EventDefinitionEntry {
  label: string;
  description?: string;
  /** `CONTACT` (the platform's default), `COMPANY`, `DEAL`, `TICKET`, or an object type name or id */
  primaryObject?: string;
}

export interface EventPropertiesManifest {
  kind: 'EventProperties';
  eventName: string;
  definition?: EventDefinitionEntry;
  properties: EventPropertyEntry[];
}

// ---------------------------------------------------------------------------------------------
// The project file, crm-schema.yaml
// ---------------------------------------------------------------------------------------------

export interface ManageEntry {
  groups?: string[];
  prefixes?: string[];
  /** event definition names */
  events?: string[];
  /** association labels: `tickets->orders`, `contacts->companies:Escalation *` */
  labels?: string[];
}

export interface PolicyEntry {
  destructive?: DestructivePolicy;
  dangerous?: DangerousPolicy;
  irreversible?: IrreversiblePolicy;
  allow?: string[];
  unmanaged?: UnmanagedPolicy;
  recordValues?: RecordValuesPolicy;
  manage?: ManageEntry;
}

export interface EnvironmentEntry {
  baseUrl: string;
  tokenEnv?: string;
  /** the id of the account the token must reach (checked before any other call) */
  accountId?: number;
  /** the API version every call uses (absent: legacy) */
  apiVersion?: ApiVersion;
  policy?: PolicyEntry;
}

export interface ProjectFile {
  manifests: string[];
  /** the folder apply writes its records to, relative to the project file */
  applyRecords?: string;
  /** the git branch `history --push` publishes apply records to */
  recordsBranch?: string;
  defaultEnvironment?: string;
  environments?: Record<string, EnvironmentEntry>;
  policy?: PolicyEntry;
  /** custom object types the manifests name by name */
  objectTypes?: string[];
  lint?: LintEntry;
}

/** Team conventions: each rule's severity (`off` turns it off), and the prefixes of `property-name-prefix`. */
export interface LintEntry {
  rules?: Record<string, 'error' | 'warning' | 'off'>;
  /** per object type (name or id): the prefixes a custom property name must start with */
  prefixes?: Record<string, string[]>;
}
