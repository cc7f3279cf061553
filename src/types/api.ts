/**
 * Wire types of the CRM's interface: the one contract shared by the API client (`src/api/`) and the
 * emulator (`src/emulator/`). Field names follow `shared/spec/crm-api.md` exactly.
 *
 * Types marked "beyond the spec" come from `shared/reference/platform-api.md` §1.
 * Response types carry an index signature where the platform may add fields we do not model:
 * unknown response fields are kept, never dropped.
 */

/** Association categories: the neutral spec name plus those the reference lists; unknown strings pass through. */
export type AssociationCategory =
  'PLATFORM_DEFINED' | 'USER_DEFINED' | 'INTEGRATOR_DEFINED' | 'WORK' | (string & {});

// ---------------------------------------------------------------------------------------------
// 2.3 Property definitions
// ---------------------------------------------------------------------------------------------

export const PROPERTY_TYPES = [
  'bool',
  'date',
  'datetime',
  'enumeration',
  'number',
  'phone_number',
  'string',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const FIELD_TYPES = [
  'booleancheckbox',
  'calculation_equation',
  'checkbox',
  'date',
  'file',
  'html',
  'number',
  'phonenumber',
  'radio',
  'select',
  'text',
  'textarea',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const DATA_SENSITIVITIES = ['highly_sensitive', 'non_sensitive', 'sensitive'] as const;
export type DataSensitivity = (typeof DATA_SENSITIVITIES)[number];

/** Valid type / fieldType pairs (reference §4). */
export const VALID_FIELD_TYPES: Readonly<Record<PropertyType, readonly FieldType[]>> = {
  bool: ['booleancheckbox', 'calculation_equation'],
  enumeration: ['booleancheckbox', 'checkbox', 'radio', 'select', 'calculation_equation'],
  date: ['date'],
  datetime: ['date'],
  string: ['file', 'text', 'textarea', 'calculation_equation', 'html', 'phonenumber'],
  number: ['number', 'calculation_equation'],
  phone_number: ['phonenumber'],
};

export interface PropertyOption {
  label: string;
  value: string;
  description?: string;
  displayOrder?: number;
  hidden?: boolean;
}

/** Request body of 4.1 and of each input of the properties batch create (beyond the spec). */
export interface PropertyCreate {
  name: string;
  label: string;
  type: PropertyType;
  fieldType: FieldType;
  groupName: string;
  description?: string;
  displayOrder?: number;
  options?: PropertyOption[];
  calculationFormula?: string;
  dataSensitivity?: DataSensitivity;
  externalOptions?: boolean;
  referencedObjectType?: string;
  formField?: boolean;
  hasUniqueValue?: boolean;
  hidden?: boolean;
}

/** PATCH /crm/v3/properties/{objectType}/{name} body (beyond the spec). */
export interface PropertyUpdate {
  label?: string;
  description?: string;
  groupName?: string;
  type?: PropertyType;
  fieldType?: FieldType;
  options?: PropertyOption[];
  displayOrder?: number;
  hidden?: boolean;
  formField?: boolean;
  calculationFormula?: string;
  showCurrencySymbol?: boolean;
}

export interface ModificationMetadata {
  archivable: boolean;
  readOnlyDefinition: boolean;
  readOnlyOptions?: boolean;
  readOnlyValue: boolean;
  [key: string]: unknown;
}

export const DATE_DISPLAY_HINTS = ['absolute', 'absolute_with_relative', 'time_since', 'time_until'] as const;
export type DateDisplayHint = (typeof DATE_DISPLAY_HINTS)[number];

/** A property definition as the API returns it (2.3, request fields plus response-only fields). */
export interface Property {
  name: string;
  label: string;
  type: PropertyType | (string & {});
  fieldType: FieldType | (string & {});
  groupName: string;
  description: string;
  options: PropertyOption[];
  displayOrder?: number;
  calculationFormula?: string;
  dataSensitivity?: DataSensitivity | (string & {});
  externalOptions?: boolean;
  referencedObjectType?: string;
  formField?: boolean;
  hasUniqueValue?: boolean;
  hidden?: boolean;
  // response-only
  archived?: boolean;
  archivedAt?: string;
  calculated?: boolean;
  createdAt?: string;
  createdUserId?: string;
  dateDisplayHint?: DateDisplayHint | (string & {});
  platformDefined?: boolean;
  modificationMetadata?: ModificationMetadata;
  sensitiveDataCategories?: string[];
  showCurrencySymbol?: boolean;
  updatedAt?: string;
  updatedUserId?: string;
  [key: string]: unknown;
}

/** 4.2 body. */
export interface PropertyBatchReadRequest {
  archived?: boolean;
  dataSensitivity?: DataSensitivity;
  inputs: { name: string }[];
}

/** Property groups (beyond the spec). */
export interface PropertyGroup {
  name: string;
  label: string;
  displayOrder: number;
  archived: boolean;
  [key: string]: unknown;
}
export interface PropertyGroupCreate {
  name: string;
  label: string;
  displayOrder?: number;
}
export interface PropertyGroupUpdate {
  label?: string;
  displayOrder?: number;
}

// ---------------------------------------------------------------------------------------------
// 2.4 Batch responses and section 7 errors
// ---------------------------------------------------------------------------------------------

export type BatchStatus = 'CANCELED' | 'COMPLETE' | 'PENDING' | 'PROCESSING';

/** A detail item of an error (section 7). */
export interface ErrorDetail {
  message: string;
  code?: string;
  in?: string;
  subCategory?: string;
  context?: { missingScopes?: string[]; [key: string]: unknown };
  [key: string]: unknown;
}

/** An error item inside a batch response (section 7; reference §2). */
export interface BatchErrorItem {
  status: string;
  category: string;
  message: string;
  id?: string;
  subCategory?: string | Record<string, unknown>;
  context: Record<string, string[]>;
  errors: ErrorDetail[];
  links: Record<string, string>;
  [key: string]: unknown;
}

export interface BatchResponse<T> {
  status: BatchStatus;
  results: T[];
  startedAt: string;
  completedAt: string;
  requestedAt?: string;
  errors?: BatchErrorItem[];
  numErrors?: number;
  links?: Record<string, string>;
  [key: string]: unknown;
}

/** The body of every non-2xx answer (reference §2). */
export interface ErrorBody {
  status: 'error';
  message: string;
  correlationId: string;
  category: string;
  subCategory?: string;
  errors?: ErrorDetail[];
  context?: Record<string, string[]>;
  links?: Record<string, string>;
  [key: string]: unknown;
}

/** 429 body (reference §2). */
export interface RateLimitErrorBody {
  status: 'error';
  message: string;
  errorType: 'RATE_LIMIT';
  correlationId: string;
  policyName: 'TEN_SECONDLY_ROLLING' | 'DAILY' | 'SECONDLY' | (string & {});
  category?: string;
  [key: string]: unknown;
}

// ---------------------------------------------------------------------------------------------
// 2.1 / 2.2 Records
// ---------------------------------------------------------------------------------------------

export interface ValueWithTimestamp {
  value: string;
  timestamp: string;
  sourceType: string;
  sourceId?: string;
  sourceLabel?: string;
  updatedByUserId?: number;
}

/** 2.1 */
export interface SimpleRecord {
  id: string;
  properties: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  archivedAt?: string;
  objectWriteTraceId?: string;
  propertiesWithHistory?: Record<string, ValueWithTimestamp[]>;
  url?: string;
  [key: string]: unknown;
}

/** 4.5 result item. */
export interface UpsertedRecord extends SimpleRecord {
  new: boolean;
}

export interface AssociatedId {
  id: string;
  type: string;
}

/** 2.2: associations grouped by the associated object type. */
export interface FullRecord extends SimpleRecord {
  associations?: Record<string, { results: AssociatedId[]; paging?: Paging }>;
}

/** 2.6 */
export interface AssociationSpec {
  associationCategory: AssociationCategory;
  associationTypeId: number;
}
export interface AssociationInput {
  to: { id: string };
  types: AssociationSpec[];
}

export interface RecordCreate {
  properties: Record<string, string>;
  associations?: AssociationInput[];
  objectWriteTraceId?: string;
}
export interface RecordUpdateInput {
  id: string;
  properties: Record<string, string>;
  idProperty?: string;
  objectWriteTraceId?: string;
}
export interface RecordUpsertInput {
  id: string;
  properties: Record<string, string>;
  idProperty?: string;
  objectWriteTraceId?: string;
}
export interface RecordBatchReadRequest {
  inputs: { id: string }[];
  properties: string[];
  propertiesWithHistory: string[];
  idProperty?: string;
}

// 2.7 paging
export interface Paging {
  next?: { after: string; link?: string };
  prev?: { before: string; link?: string };
}

export interface CollectionResponse<T> {
  results: T[];
  paging?: Paging;
}

// 4.8 search (operators and sort objects: reference §3)
export const FILTER_OPERATORS = [
  'EQ',
  'NEQ',
  'LT',
  'LTE',
  'GT',
  'GTE',
  'BETWEEN',
  'IN',
  'NOT_IN',
  'HAS_PROPERTY',
  'NOT_HAS_PROPERTY',
  'CONTAINS_TOKEN',
  'NOT_CONTAINS_TOKEN',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface Filter {
  propertyName: string;
  operator: FilterOperator;
  value?: string;
  highValue?: string;
  values?: string[];
}
export interface FilterGroup {
  filters: Filter[];
}
export interface SearchSort {
  propertyName: string;
  direction?: 'ASCENDING' | 'DESCENDING';
}
export interface SearchRequest {
  filterGroups?: FilterGroup[];
  sorts?: (string | SearchSort)[];
  query?: string;
  properties?: string[];
  limit?: number;
  after?: string;
}
export interface SearchResponse {
  total: number;
  results: SimpleRecord[];
  paging?: Paging;
}

// ---------------------------------------------------------------------------------------------
// Associations: 2.5, 4.7, 4.16 and the label / limit endpoints beyond the spec
// ---------------------------------------------------------------------------------------------

/** 2.5 */
export interface AssociationTypeConfig {
  category: AssociationCategory;
  typeId: number;
  label: string | null;
  userEnforcedMaxToObjectIds?: number;
  [key: string]: unknown;
}

/** 4.7 input. */
export interface AssociationLabelArchiveInput {
  from: { id: string };
  to: { id: string };
  types: AssociationSpec[];
}

/** GET .../labels result item (beyond the spec). */
export interface AssociationLabel {
  category: AssociationCategory;
  typeId: number;
  label: string | null;
  [key: string]: unknown;
}
export interface AssociationLabelCreate {
  name: string;
  label: string;
  inverseLabel?: string;
}
export interface AssociationLabelUpdate {
  associationTypeId: number;
  label: string;
  inverseLabel?: string;
}

/** Limit configuration inputs (beyond the spec). */
export interface AssociationLimitInput {
  category: AssociationCategory;
  typeId: number;
  maxToObjectIds: number;
}
export interface AssociationLimitPurgeInput {
  category: AssociationCategory;
  typeId: number;
}
/** GET .../definitions/configurations/all item. */
export interface AssociationLimitConfigAll {
  fromObjectTypeId: string;
  toObjectTypeId: string;
  category: AssociationCategory;
  typeId: number;
  label: string | null;
  userEnforcedMaxToObjectIds?: number;
  [key: string]: unknown;
}

// ---------------------------------------------------------------------------------------------
// Custom event definitions: 4.17, 4.18 and the endpoints beyond the spec
// ---------------------------------------------------------------------------------------------

export const EVENT_PROPERTY_TYPES = ['string', 'number', 'enumeration', 'datetime'] as const;
export type EventPropertyType = (typeof EVENT_PROPERTY_TYPES)[number];

/** 4.17 body. */
export interface EventPropertyCreate {
  label: string;
  type: EventPropertyType;
  name?: string;
  description?: string;
  options?: PropertyOption[];
}

/** PATCH .../property/{propertyName} body (beyond the spec). */
export interface EventPropertyUpdate {
  label?: string;
  description?: string;
  options?: PropertyOption[];
}

/** 4.17 response: a property definition with `externalOptionsReferenceType` instead of `referencedObjectType`. */
export interface EventProperty extends Property {
  externalOptionsReferenceType?: string;
}

export interface EventDefinition {
  id: string;
  name: string;
  fullyQualifiedName: string;
  labels: { singular: string; plural?: string };
  objectTypeId: string;
  primaryObject?: string;
  description?: string;
  properties: EventProperty[];
  associations: unknown[];
  archived: boolean;
  createdAt: string;
  updatedAt?: string;
  [key: string]: unknown;
}

export interface EventDefinitionCreate {
  label: string;
  name?: string;
  description?: string;
  primaryObject?: string;
  includeDefaultProperties: boolean;
  propertyDefinitions: EventPropertyCreate[];
}

export interface EventDefinitionList {
  results: EventDefinition[];
  total: number;
  paging?: Paging;
}
