/** Wire types of records, paging and search; part of `api.ts`, which re-exports them. */
import type { AssociationCategory } from './api-properties.js';

// ---------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------

export interface ValueWithTimestamp {
  value: string;
  timestamp: string;
  sourceType: string;
  sourceId?: string;
  sourceLabel?: string;
  updatedByUserId?: number;
}

/** A record without its associations. */
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

/** A batch upsert result item. */
export interface UpsertedRecord extends SimpleRecord {
  new: boolean;
}

export interface AssociatedId {
  id: string;
  type: string;
}

/** A record with its associations, grouped by the associated object type. */
export interface FullRecord extends SimpleRecord {
  associations?: Record<string, { results: AssociatedId[]; paging?: Paging }>;
}

/** An association type, as a record create or a label archive names it. */
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

// Paging
export interface Paging {
  next?: { after: string; link?: string };
  prev?: { before: string; link?: string };
}

export interface CollectionResponse<T> {
  results: T[];
  paging?: Paging;
}

// Search (POST /crm/v3/objects/{objectType}/search): filter operators and sorts
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
