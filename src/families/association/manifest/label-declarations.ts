/** Declared labels as the manifests write them, and label pairs as their entries merge (declared-pairs.ts). */
import type { SourceLocation } from '../../../core/source/source-location.js';

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
