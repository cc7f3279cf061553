/** Whether a rollback can reverse a change, as a plan states it: the shape, declared once. */
import { Type, type Static } from '../../core/json-schema.js';
import type { DataCounts, SampleValues } from './data-counts.js';

/** Values an apply record keeps per change; past it the record keeps the counts and says it is partial. */
export const MAX_RECORDED_VALUES = 10_000;

export const ReversalShape = Type.Object(
  {
    reversible: Type.Boolean({
      description: 'Whether `crm-schema rollback` can reverse the change once it is applied.',
    }),
    why: Type.Optional(Type.String({ description: 'Why a rollback cannot reverse it (when it cannot).' })),
  },
  {
    description:
      'Whether a rollback of the apply can reverse the change; `policy.irreversible: deny` refuses those it cannot.',
    additionalProperties: false,
  },
);

export type Reversal = Static<typeof ReversalShape>;

export const REVERSIBLE: Reversal = { reversible: true };

export interface ReversalContext {
  /** the data check's counts (absent: not counted) */
  counts?: DataCounts;
  /** the target's policy on record values: what an apply record keeps of them */
  quote?: SampleValues;
}
