/**
 * Wire types of the CRM's interface for property definitions, groups and errors (records,
 * associations, events and the account have files of their own; `api.ts` exports them all). Field names
 * are the API's own.
 *
 * Response types carry an index signature where the platform may add fields we do not model:
 * unknown response fields are kept, never dropped.
 */

/** Association categories: the neutral name, the platform's own names, and any unknown string as is. */
export type AssociationCategory =
  'PLATFORM_DEFINED' | 'USER_DEFINED' | 'INTEGRATOR_DEFINED' | 'WORK' | (string & {});

// ---------------------------------------------------------------------------------------------
// Property definitions
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

/** The type / fieldType pairs the platform accepts. */
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

/** Request body of POST /crm/v3/properties/{objectType}, and each input of its batch create. */
export interface PropertyCreate extends PropertyDisplayFields {
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

/** PATCH /crm/v3/properties/{objectType}/{name} body. */
export interface PropertyUpdate extends PropertyDisplayFields {
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
}

export interface ModificationMetadata {
  archivable: boolean;
  readOnlyDefinition: boolean;
  readOnlyOptions?: boolean;
  readOnlyValue: boolean;
  [key: string]: unknown;
}

export const DATE_DISPLAY_HINTS = ['absolute', 'absolute_with_relative', 'time_since', 'time_until'] as const;

/** How a number property's values are shown (`numberDisplayHint`). */
export const NUMBER_DISPLAY_HINTS = [
  'unformatted',
  'formatted',
  'currency',
  'percentage',
  'duration',
  'probability',
] as const;
export type NumberDisplayHint = (typeof NUMBER_DISPLAY_HINTS)[number];

/** How a string property's values are shown and checked (`textDisplayHint`). */
export const TEXT_DISPLAY_HINTS = [
  'unformatted_single_line',
  'multi_line',
  'email',
  'phone_number',
  'domain_name',
  'ip_address',
  'physical_address',
  'postal_code',
] as const;
export type TextDisplayHint = (typeof TEXT_DISPLAY_HINTS)[number];

/**
 * The display fields of a property, settable on create and update: each is managed only where a
 * manifest gives it (absent: whatever the account holds stays).
 */
export const PROPERTY_DISPLAY_FIELDS = [
  'numberDisplayHint',
  'textDisplayHint',
  'currencyPropertyName',
  'showCurrencySymbol',
] as const;

/** The display fields, as a create, an update and an answer carry them. */
export interface PropertyDisplayFields {
  numberDisplayHint?: NumberDisplayHint | (string & {});
  textDisplayHint?: TextDisplayHint | (string & {});
  /** the property holding each record's currency, for a number shown as currency */
  currencyPropertyName?: string;
  showCurrencySymbol?: boolean;
}
export type DateDisplayHint = (typeof DATE_DISPLAY_HINTS)[number];

/** A property definition as the API returns it: the request fields plus response-only fields. */
export interface Property extends PropertyDisplayFields {
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
  updatedAt?: string;
  updatedUserId?: string;
  [key: string]: unknown;
}

/** Property groups. */
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
// Batch responses and error bodies
// ---------------------------------------------------------------------------------------------

export type BatchStatus = 'CANCELED' | 'COMPLETE' | 'PENDING' | 'PROCESSING';

/** A detail item of an error (`errors[]`). */
export interface ErrorDetail {
  message: string;
  code?: string;
  in?: string;
  subCategory?: string;
  context?: { missingScopes?: string[]; [key: string]: unknown };
  [key: string]: unknown;
}

/** An error item inside a batch response. */
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

/** The body of every non-2xx answer. */
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
