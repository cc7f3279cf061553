/**
 * Key lists derived from the manifest and config types, for schema-drift.test.ts: `satisfies
 * Record<keyof T, true>` makes the compiler reject a missing or an extra key, and the test compares
 * each list with the matching object of the JSON Schemas (both directions), so types and schemas
 * cannot drift apart silently.
 */
import type {
  AssociationTypeEntry,
  AssociationsManifest,
  EnvironmentEntry,
  EventDefinitionEntry,
  EventPropertiesManifest,
  EventPropertyEntry,
  GroupEntry,
  ManageEntry,
  OptionEntry,
  PolicyEntry,
  ProjectFile,
  LintEntry,
  PropertiesManifest,
  PropertyEntry,
} from '../../src/manifest/schema/types.js';

/** The keys a type requires (non-optional). */
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

type KeySet<T> = Record<keyof T, true>;
type RequiredSet<T> = Record<RequiredKeys<T>, true>;

export interface SchemaObjectKeys {
  /** which schema file: `manifest` or `config` */
  schema: 'manifest' | 'config';
  /** the `$defs` entry, or `''` for the schema's root object */
  def: string;
  keys: Readonly<Record<string, true>>;
  /** keys the schema requires unconditionally */
  required: Readonly<Record<string, true>>;
}

export const OPTION_KEYS = {
  label: true,
  value: true,
  description: true,
  displayOrder: true,
  hidden: true,
  replaces: true,
} as const satisfies KeySet<OptionEntry>;

export const GROUP_KEYS = {
  name: true,
  label: true,
  displayOrder: true,
  archived: true,
} as const satisfies KeySet<GroupEntry>;

export const PROPERTY_KEYS = {
  name: true,
  label: true,
  type: true,
  fieldType: true,
  groupName: true,
  description: true,
  displayOrder: true,
  options: true,
  calculationFormula: true,
  dataSensitivity: true,
  externalOptions: true,
  referencedObjectType: true,
  formField: true,
  hasUniqueValue: true,
  hidden: true,
  numberDisplayHint: true,
  textDisplayHint: true,
  currencyPropertyName: true,
  showCurrencySymbol: true,
  renamedFrom: true,
  onConflict: true,
  archived: true,
} as const satisfies KeySet<PropertyEntry>;

export const ASSOCIATION_TYPE_KEYS = {
  label: true,
  name: true,
  inverseLabel: true,
  renamedFrom: true,
  inverseRenamedFrom: true,
  category: true,
  typeId: true,
  maxToObjectIds: true,
  inverseMaxToObjectIds: true,
  deleted: true,
} as const satisfies KeySet<AssociationTypeEntry>;

export const EVENT_PROPERTY_KEYS = {
  name: true,
  label: true,
  type: true,
  description: true,
  options: true,
  deleted: true,
} as const satisfies KeySet<EventPropertyEntry>;

export const EVENT_DEFINITION_KEYS = {
  label: true,
  description: true,
  primaryObject: true,
} as const satisfies KeySet<EventDefinitionEntry>;

export const SCHEMA_OBJECTS: readonly SchemaObjectKeys[] = [
  {
    schema: 'manifest',
    def: 'PropertiesManifest',
    keys: {
      kind: true,
      objectType: true,
      groups: true,
      properties: true,
    } satisfies KeySet<PropertiesManifest>,
    required: { kind: true, objectType: true } satisfies RequiredSet<PropertiesManifest>,
  },
  {
    schema: 'manifest',
    def: 'Group',
    keys: GROUP_KEYS,
    required: { name: true } satisfies RequiredSet<GroupEntry>,
  },
  {
    schema: 'manifest',
    def: 'Property',
    keys: PROPERTY_KEYS,
    required: { name: true } satisfies RequiredSet<PropertyEntry>,
  },
  {
    schema: 'manifest',
    def: 'Option',
    keys: OPTION_KEYS,
    required: { label: true, value: true } satisfies RequiredSet<OptionEntry>,
  },
  {
    schema: 'manifest',
    def: 'AssociationsManifest',
    keys: { kind: true, from: true, to: true, types: true } satisfies KeySet<AssociationsManifest>,
    required: { kind: true, from: true, to: true, types: true } satisfies RequiredSet<AssociationsManifest>,
  },
  {
    schema: 'manifest',
    def: 'AssociationType',
    keys: ASSOCIATION_TYPE_KEYS,
    // eslint-disable-next-line @typescript-eslint/no-generated-empty-object-type -- {}: the type requires no key
    required: {} satisfies RequiredSet<AssociationTypeEntry>,
  },
  {
    schema: 'manifest',
    def: 'EventPropertiesManifest',
    keys: {
      kind: true,
      eventName: true,
      definition: true,
      properties: true,
    } satisfies KeySet<EventPropertiesManifest>,
    required: {
      kind: true,
      eventName: true,
      properties: true,
    } satisfies RequiredSet<EventPropertiesManifest>,
  },
  {
    schema: 'manifest',
    def: 'EventDefinition',
    keys: EVENT_DEFINITION_KEYS,
    required: { label: true } satisfies RequiredSet<EventDefinitionEntry>,
  },
  {
    schema: 'manifest',
    def: 'EventProperty',
    keys: EVENT_PROPERTY_KEYS,
    required: { name: true } satisfies RequiredSet<EventPropertyEntry>,
  },
  {
    schema: 'config',
    def: '',
    keys: {
      manifests: true,
      applyRecords: true,
      recordsBranch: true,
      defaultEnvironment: true,
      environments: true,
      policy: true,
      objectTypes: true,
      lint: true,
    } satisfies KeySet<ProjectFile>,
    required: { manifests: true } satisfies RequiredSet<ProjectFile>,
  },
  {
    schema: 'config',
    def: 'Lint',
    keys: { rules: true, prefixes: true } satisfies KeySet<LintEntry>,
    // eslint-disable-next-line @typescript-eslint/no-generated-empty-object-type -- {}: the type requires no key
    required: {} satisfies RequiredSet<LintEntry>,
  },
  {
    schema: 'config',
    def: 'Environment',
    keys: {
      baseUrl: true,
      tokenEnv: true,
      accountId: true,
      apiVersion: true,
      policy: true,
    } satisfies KeySet<EnvironmentEntry>,
    required: { baseUrl: true } satisfies RequiredSet<EnvironmentEntry>,
  },
  {
    schema: 'config',
    def: 'Policy',
    keys: {
      destructive: true,
      dangerous: true,
      irreversible: true,
      allow: true,
      recordValues: true,
      unmanaged: true,
      manage: true,
    } satisfies KeySet<PolicyEntry>,
    // eslint-disable-next-line @typescript-eslint/no-generated-empty-object-type -- {}: the type requires no key
    required: {} satisfies RequiredSet<PolicyEntry>,
  },
  {
    schema: 'config',
    def: 'Manage',
    keys: { groups: true, prefixes: true, events: true, labels: true } satisfies KeySet<ManageEntry>,
    // eslint-disable-next-line @typescript-eslint/no-generated-empty-object-type -- {}: the type requires no key
    required: {} satisfies RequiredSet<ManageEntry>,
  },
];
