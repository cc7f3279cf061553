/** Wire types of association types, labels and limits; part of `api.ts`, which re-exports them. */
import type { AssociationSpec, Paging } from './api-records.js';
import type { AssociationCategory } from './api-properties.js';

// ---------------------------------------------------------------------------------------------
// Associations: type configurations, label archive on records, label and limit endpoints
// ---------------------------------------------------------------------------------------------

/** An association type configuration (labels and limits of an object pair). */
export interface AssociationTypeConfig {
  category: AssociationCategory;
  typeId: number;
  label: string | null;
  userEnforcedMaxToObjectIds?: number;
  [key: string]: unknown;
}

/** Input of POST /crm/v4/associations/{from}/{to}/batch/labels/archive. */
export interface AssociationLabelArchiveInput {
  from: { id: string };
  to: { id: string };
  types: AssociationSpec[];
}

/** GET .../labels result item. */
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

/** Limit configuration inputs. */
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
// v4 record associations: labelled links between two records
// ---------------------------------------------------------------------------------------------

/** The answer to a link (PUT) and a batch create result item. Ids are strings. */
export interface RecordAssociationLink {
  fromObjectTypeId: string;
  fromObjectId: string;
  toObjectTypeId: string;
  toObjectId: string;
  /** the labels of the labelled types now linking from -> to */
  labels: string[];
  [key: string]: unknown;
}

/** One associated record with every type linking to it (a GET result item, a batch read `to` item). */
export interface AssociatedRecord {
  toObjectId: string;
  associationTypes: AssociationLabel[];
  [key: string]: unknown;
}

/** Batch read result item: one per record read. */
export interface RecordAssociationsOf {
  from: { id: string };
  to: AssociatedRecord[];
  paging?: Paging;
  [key: string]: unknown;
}

/** Batch create input. */
export interface RecordAssociationCreateInput {
  from: { id: string };
  to: { id: string };
  types: AssociationSpec[];
}

/** Batch archive input: every association between `from` and each of `to` is removed. */
export interface RecordAssociationArchiveInput {
  from: { id: string };
  to: { id: string }[];
}
