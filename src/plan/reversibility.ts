/**
 * Whether `crm-schema rollback` can reverse a change once it is applied, and why not: the plan states it
 * for every change, from the same declaration the rollback follows (the kind's `rollback`, see
 * `RollbackWay` in kinds/change-kind.ts and src/rollback/reversal.ts), so that the two cannot disagree:
 *
 * - a change whose resource goes back as it was, or a rename (renamed back): reversible;
 * - `irreversible` (an event definition created, a property replaced): not, with the kind's reason;
 * - `put` with something lost (a label deleted with its record links, an event property deleted with
 *   its values on past events): not, with what is lost;
 * - `rewrite` (an option remap): the rollback puts back the records its apply record lists, which keeps
 *   at most `MAX_RECORDED_VALUES` of them, with their values only where the target's policy shows record
 *   values (`recordValues: show`, never a sensitive property's). So it is reversible when no record holds
 *   an old value; otherwise only while the records it rewrites are counted within that bound, and either
 *   the change alone tells each record's value (one old value to one new value, not a checkbox) or the
 *   values are kept. Not counted (`--no-data-check`, or a count that stopped early) is taken as not
 *   reversible, since the plan cannot promise it. Pure.
 */
import { Type, type Static } from '../core/json-schema.js';
import { formatCount } from '../core/count-text.js';
import type { Change } from './change-types.js';
import { describeCount, NO_VALUES, type DataCounts, type SampleValues } from './data-counts.js';
import type { RollbackWay } from './kinds/change-kind.js';
import { rollbackWayOf } from './kinds/registry.js';

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

export function reversalOf(change: Change, ctx: ReversalContext = {}): Reversal {
  const way = rollbackWayOf(change);
  if (way === undefined || way.as === 'rename') return REVERSIBLE;
  if (way.as === 'irreversible') return { reversible: false, why: way.why };
  if (way.as === 'put') return { reversible: false, why: way.lost };
  return rewriteReversal(way, ctx);
}

function rewriteReversal(way: Extract<RollbackWay, { as: 'rewrite' }>, ctx: ReversalContext): Reversal {
  const held = way.records(ctx.counts);
  if (held?.exact === true && held.count === 0) return REVERSIBLE;
  const bound = formatCount(MAX_RECORDED_VALUES);
  if (held !== undefined && held.count > MAX_RECORDED_VALUES)
    return {
      reversible: false,
      why: `it rewrites ${describeCount(held, 'record', 'records')}, and an apply record keeps at most ${bound}: a rollback cannot put them back`,
    };
  const quote = ctx.quote ?? NO_VALUES;
  const kept = quote.show && !quote.sensitive(way.objectType, way.name);
  if (!way.idsSuffice && !kept) {
    const what = way.multiple ? 'values inside checkbox lists are rewritten' : 'several old values go to one';
    const hidden = quote.show ? 'the property is sensitive' : "the target's policy hides record values";
    return {
      reversible: false,
      why: `${what}, and the apply record keeps the records' ids only (${hidden}): a rollback cannot tell which value each record held`,
    };
  }
  if (held === undefined || !held.exact)
    return {
      reversible: false,
      why: `the records it rewrites were not counted, and a rollback puts back at most ${bound} (the apply record keeps no more)`,
    };
  return REVERSIBLE;
}
