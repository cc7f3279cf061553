/** Wire types of association types, labels and limits; part of `api.ts`, which re-exports them. */
import type { AssociationSpec } from './api-records.js';
import type { AssociationCategory } from './api.js';

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
