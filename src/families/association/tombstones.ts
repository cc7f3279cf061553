/** The association family's tombstones: a user label marked deleted, a limit removed. */
import type { SourceLocation } from '../../core/source/source-location.js';
import { labelAddress } from './label-model.js';
import { limitAddress } from './limit-model.js';
import { USER_DEFINED } from './normalize-association.js';

export type LabelTombstone = {
  kind: 'label';
  from: string;
  to: string;
  label: string;
  source?: SourceLocation | undefined;
};

/** a limit a rollback removes: of a user label by its text, else of a type by category and typeId */
export type LimitTombstone = {
  kind: 'limit';
  from: string;
  to: string;
  label?: string;
  category?: string;
  typeId?: number;
  source?: SourceLocation | undefined;
};

export const associationTombstones = {
  label: (t: LabelTombstone) => labelAddress(t.from, t.to, t.label),
  limit: (t: LimitTombstone) =>
    limitAddress(t.from, t.to, {
      category: t.label !== undefined ? USER_DEFINED : (t.category ?? ''),
      typeId: t.typeId,
      label: t.label,
    }),
};
