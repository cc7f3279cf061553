/**
 * An option remap reversed as a data step: the property's options put back as they were, with the values
 * of the records the apply rewrote (from the apply record, which lists them up to a bound; with their
 * values where the target's policy kept them, else derived from the change when one old value went to one
 * new value). property-unremap.ts carries it out. Whether a plan can promise it is said before the apply,
 * from the data check's counts (`rewriteReversal`).
 */
import { formatCount } from '../../../core/count-text.js';
import { canonicalJson } from '../../../engine/plan/canonical-json.js';
import type { Change } from '../../../engine/plan/change-types.js';
import type { Count, DataCounts } from '../../../engine/plan/data-counts.js';
import { describeCount, NO_VALUES } from '../../../engine/plan/data-counts.js';
import { actionOf, changedFieldsOf } from '../../../engine/plan/kinds/registry.js';
import type { StepWay } from '../../../engine/plan/kinds/change-kind.js';
import {
  MAX_RECORDED_VALUES,
  REVERSIBLE,
  type Reversal,
  type ReversalContext,
} from '../../../engine/plan/reversibility.js';
import type { RecordedChange } from '../../../engine/record/shape/record-shape.js';
import { backTo, holds } from '../../../engine/rollback/put-back.js';
import type { IrreversibleBack, StepBack } from '../../../engine/rollback/reversal.js';
import { liveProperty, objectSchemaOf, propertyAddress, type NormalizedProperty } from '../model.js';
import { unremapChange } from './property-unremap-meta.js';

export interface RewriteWay {
  objectType: string;
  name: string;
  /** a checkbox property, whose value is a `;`-separated list */
  multiple: boolean;
  /** the fields the apply changed (the options, and any other it changed with them) */
  fields: string[];
  /** `derive` knows every record's values (a record of ids only is enough) */
  idsSuffice: boolean;
  /** the value a record held and holds, from the change alone, where the record kept ids only */
  derive(id: string): { from: string; to: string } | undefined;
  /** how many records it rewrites at most, from the data check's counts (undefined: not counted) */
  records(counts: DataCounts | undefined): Count | undefined;
}

export function rewriteBackWay(way: RewriteWay): StepWay {
  return {
    reversal: (ctx) => rewriteReversal(way, ctx),
    back: (recorded, change, recordId) => rewriteBack(way, change, recorded, recordId),
  };
}

/**
 * The rollback puts back the records its apply record lists, which keeps at most `MAX_RECORDED_VALUES` of
 * them, with their values only where the target's policy shows record values (`recordValues: show`, never
 * a sensitive property's). So it is reversible when no record holds an old value; otherwise only while the
 * records it rewrites are counted within that bound, and either the change alone tells each record's value
 * (one old value to one new value, not a checkbox) or the values are kept. Not counted (`--no-data-check`,
 * or a count that stopped early) is taken as not reversible, since the plan cannot promise it.
 */
function rewriteReversal(way: RewriteWay, ctx: ReversalContext): Reversal {
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

/** A record whose list of rewritten records is not what its apply wrote: it was edited. */
function notTheApplys(address: string, recordId: string, why: string): IrreversibleBack {
  return {
    kind: 'irreversible',
    address,
    why: `apply record ${recordId} cannot be what its apply wrote (${why}): the records it lists are not put back`,
  };
}

function rewriteBack(
  way: RewriteWay,
  change: Change,
  recorded: RecordedChange,
  recordId: string,
): StepBack | IrreversibleBack {
  const address = recorded.address;
  const before = recorded.before as NormalizedProperty | undefined;
  if (before === undefined)
    return {
      kind: 'irreversible',
      address,
      why: `apply record ${recordId} holds no definition of it before`,
    };
  const data = recorded.data;
  if (data === undefined)
    return {
      kind: 'irreversible',
      address,
      why: `apply record ${recordId} does not say which records it rewrote (the change stopped before its data step)`,
    };
  if (data.partial)
    return {
      kind: 'irreversible',
      address,
      why: `apply record ${recordId} lists ${String(data.records.length)} of the ${String(data.written)} records it rewrote (records beyond the bound are kept as a count only)`,
    };
  const values: { id: string; from: string; to: string }[] = [];
  const seen = new Set<string>();
  const offered = (definition: unknown) =>
    new Set(((definition as NormalizedProperty | undefined)?.options ?? []).map((o) => o.value));
  const [wasOffered, leftOffered] = [offered(before), offered(recorded.after)];
  const within = (value: string, options: ReadonlySet<string>) =>
    value !== '' && (way.multiple ? value.split(';') : [value]).every((part) => options.has(part));
  for (const written of data.records) {
    // a record names each record once, for this property, with values its options offered
    if (written.property !== way.name || seen.has(written.id))
      return notTheApplys(address, recordId, `it lists record ${written.id} twice, or for another property`);
    seen.add(written.id);
    if (data.valuesShown && written.after !== undefined && written.before !== undefined) {
      if (!within(written.before, wasOffered) || !within(written.after, leftOffered))
        return notTheApplys(
          address,
          recordId,
          `record ${written.id} holds values its options did not offer before and after the apply`,
        );
      values.push({ id: written.id, from: written.after, to: written.before });
      continue;
    }
    const derived = way.derive(written.id);
    if (derived === undefined)
      return {
        kind: 'irreversible',
        address,
        why:
          `apply record ${recordId} holds the records it rewrote as ids only (the policy kept no values), ` +
          'and the values they held cannot be told from the change: several old values went to one, or a checkbox list',
      };
    values.push({ id: written.id, ...derived });
  }
  return putBackValues(way, before, values, change);
}

/** The step that puts the options and the records' values back (see the top). */
function putBackValues(
  way: RewriteWay,
  before: NormalizedProperty,
  values: { id: string; from: string; to: string }[],
  last: Change,
): StepBack {
  const { objectType, name, fields } = way;
  const address = propertyAddress(objectType, name);
  return {
    kind: 'step',
    address,
    alsoCovers: [],
    last,
    reads: (into) => {
      objectSchemaOf(into.state, objectType).properties.set(name, before);
    },
    standing: (live, leftByApply) => {
      const now = liveProperty(live, objectType, name);
      if (holds(now, before, fields)) return 'before';
      if (leftByApply) return 'after';
      // the first update of a put-back ran: the options as they were are shown again, with those it removes
      const shown = new Set((now?.options ?? []).map((o) => canonicalJson(o)));
      return now !== undefined && before.options.every((o) => shown.has(canonicalJson(o)))
        ? 'between'
        : 'moved';
    },
    desire: (into, live) => {
      const now = liveProperty(live, objectType, name);
      const back = backTo(before, now, fields) as NormalizedProperty;
      objectSchemaOf(into.state, objectType).properties.set(name, back);
    },
    carriesOut: {
      handles: [address],
      // the diff's update of the rewritten property: its fields are what the put-back sets
      adjust: (changes, _live, recordId) =>
        changes.map((change) =>
          actionOf(change) === 'update'
            ? unremapChange({
                objectType,
                name,
                fields: [...changedFieldsOf(change)],
                values,
                multiple: way.multiple,
                record: recordId,
              })
            : change,
        ),
    },
  };
}
