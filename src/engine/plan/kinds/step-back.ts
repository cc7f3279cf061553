/** The shapes of a data step's reversal, which its family carries out (see reversal.ts). */
import type { Change } from '../change-types.js';
import type { SchemaState } from '../../model/schema-model.js';
import type { PutBackTarget } from '../../resource-ref.js';

/** Where a resource stands against the apply: as it left it, as it was before, part-way back, or moved. */
export type Standing = 'after' | 'before' | 'between' | 'moved';

/** What a step's reversal puts into: a desired state, and its family's intents (a rename's old name). */
export interface StepTarget extends PutBackTarget {
  intents: Map<string, unknown>;
}

/**
 * A data step reversed as a data step, by its family: what the rollback reads for it, where it stands,
 * its part of the rollback's desired state, and the changes it carries out in place of the diff's.
 */
export interface StepBack {
  kind: 'step';
  /** the address of the change it reverses */
  address: string;
  /** the resources it covers besides the change's own, as `<kind> <address>` (a rename's old name) */
  alsoCovers: readonly string[];
  /** the last change of the apply that touched it */
  last: Change;
  /** puts what the rollback must read for it into `into`, as if nothing had moved */
  reads(into: StepTarget): void;
  /** where it stands; `leftByApply`: whether the live account holds what the apply left */
  standing(live: SchemaState, leftByApply: boolean): Standing;
  /** its part of the rollback's desired state, where it stands as said (never `moved`) */
  desire(into: StepTarget, live: SchemaState, standing: Standing): void;
  /**
   * The diff's changes of the addresses it carries out (`handles`) replaced by its own (a rename back, a
   * put-back of the records' values); undefined when it stands where nothing is left to carry out.
   */
  carriesOut?: {
    handles: readonly string[];
    adjust(changes: readonly Change[], live: SchemaState, recordId: string): Change[];
  };
  /** why it moved, for the conflict's message */
  movedDetail?(live: SchemaState): string | undefined;
}

/** Part of the apply that cannot be reversed, and why. */
export interface IrreversibleBack {
  kind: 'irreversible';
  address: string;
  why: string;
}
