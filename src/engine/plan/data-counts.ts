/**
 * The counts of the data check: what is counted (the targets a change kind asks for, see `dataCheck` in
 * kinds/change-kind.ts), how each is keyed, and the counts themselves. The live reader counts them
 * (src/engine/live) and hands them to the kinds' severity assessment as `DataCounts`; every count says whether it
 * is exact or a lower bound, and why.
 *
 *   tickets.escalation_level             records that hold any value (archive, replace)
 *   tickets.escalation_level=legacy      records that hold the option value `legacy` (option removal)
 *   links:tickets->orders#1001           record associations that use association type 1001 (label delete)
 *   over:tickets->orders#1001>2          records linked by type 1001 to more than 2 records (limit lowered)
 *   convert:tickets.code>number          records whose value of `code` does not convert to a number
 *   conflicts:tickets.old>new            a rename's records whose value of `new` the copy did not write
 */
import { fieldAddress as propertyAddress, pairKey } from '../model/object-types.js';
import { defined } from '../../core/defined.js';
import { formatCount } from '../../core/count-text.js';
import { Type, oneOfValues, type Static, type TObject } from '../../core/json-schema.js';

/**
 * A record counted, by id; with its values only where the target's policy lets plans quote record values
 * (`recordValues: show`) and the property is not sensitive.
 */
const CountSampleShape = Type.Object(
  {
    id: Type.String({ description: 'Record id.' }),
    value: Type.Optional(
      Type.String({
        description:
          "Its value: only where the target's policy lets plans quote record values (`recordValues: show`), never a sensitive property's.",
      }),
    ),
    current: Type.Optional(
      Type.String({ description: "A rename's conflict: the value the new property holds." }),
    ),
  },
  { description: 'A record, and its value where allowed.', additionalProperties: false },
);

export type CountSample = Static<typeof CountSampleShape>;

/** The fields of a count, as a plan's `affected` publishes them. */
const countFields = {
  count: Type.Integer({ minimum: 0, description: 'How many.' }),
  exact: Type.Boolean({ description: 'false: at least `count` (the count stopped early, see `capped`).' }),
  /** why a count is not exact: what stopped it */
  capped: Type.Optional(Type.String({ description: 'Why the count is not exact.' })),
  /** how many records were looked at (conversions: those holding a value) */
  of: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: 'How many records were looked at (conversions: those holding a value).',
    }),
  ),
  /**
   * up to five of the records counted, with the value that made them count (conversions; a rename's
   * conflicts: the old property's value, and in `current` the value the new property holds)
   */
  samples: Type.Optional(
    Type.Array(CountSampleShape, {
      maxItems: 5,
      description:
        'Up to five of the records counted (by id; with the value that made them count where the policy allows).',
    }),
  ),
};

/** A count of records (or record associations); `exact: false` means "at least `count`". */
export type Count = Static<TObject<typeof countFields>>;

export type DataCounts = ReadonlyMap<string, Count>;

/** `"N/A" (record 8), "ten" (record 41)`, or without values `records 8 and 41`. */
export function describeSamples(samples: readonly CountSample[]): string {
  if (samples.length === 0) return '';
  if (samples.some((s) => s.value !== undefined))
    return samples
      .map((s) =>
        s.current === undefined
          ? `${JSON.stringify(s.value ?? '')} (record ${s.id})`
          : `record ${s.id}: ${JSON.stringify(s.current)} vs old ${JSON.stringify(s.value ?? '')}`,
      )
      .join(', ');
  const ids = samples.map((s) => s.id);
  return `${ids.length === 1 ? 'record' : 'records'} ${ids.length === 1 ? (ids[0] ?? '') : `${ids.slice(0, -1).join(', ')} and ${ids.at(-1) ?? ''}`}`;
}

/** What the data check may quote of records: values, for these non-sensitive properties only. */
export interface SampleValues {
  /** the target's `recordValues` policy */
  show: boolean;
  /** whether a property (`tickets.code`, live) holds sensitive data: never quoted */
  sensitive: (objectType: string, name: string) => boolean;
}

export const NO_VALUES: SampleValues = { show: false, sensitive: () => true };

/** Records holding a value (or an option value) of a property: counted through search. */
export interface RecordTarget {
  kind: 'records';
  key: string;
  objectType: string;
  propertyName: string;
  /** absent: count records holding any value */
  value?: string;
}

/** Record associations of one association type (a label's direction): read record by record. */
export interface LinkTarget {
  kind: 'links';
  key: string;
  from: string;
  to: string;
  typeId: number;
}

/** Records linked to more than `max` records by one association type (a limit lowered to `max`). */
export interface OverLimitTarget {
  kind: 'over-limit';
  key: string;
  from: string;
  to: string;
  typeId: number;
  max: number;
}

/** Records whose value of a property would not convert to a new type (or into the new options). */
export interface ConversionTarget {
  kind: 'conversion';
  key: string;
  objectType: string;
  propertyName: string;
  toType: string;
  /** enumerations: the values the property will have; `multiple`: `;`-separated lists (checkbox) */
  options?: string[];
  multiple?: boolean;
  /** its samples may carry their values */
  values: boolean;
}

/**
 * A rename's records where the old and the new property hold different values. `history`: a rename to
 * resume counts only the conflicts (the new value is newer than the old one: the copy did not write it,
 * see copy-values.ts); a finished one (no history) counts every record whose old value differs.
 */
export interface CopyConflictTarget {
  kind: 'copy-conflicts';
  key: string;
  objectType: string;
  from: string;
  to: string;
  history: boolean;
  /** the new property is restored with stale values a rename carried to the old one (see copy-values.ts) */
  stale?: boolean;
  /** its samples may carry their values */
  values: boolean;
}

export type DataCheckTarget =
  RecordTarget | LinkTarget | OverLimitTarget | ConversionTarget | CopyConflictTarget;

export function copyConflictKey(objectType: string, from: string, to: string): string {
  return `conflicts:${propertyAddress(objectType, from)}>${to}`;
}

export function overLimitKey(from: string, to: string, typeId: number, max: number): string {
  return `over:${pairKey(from, to)}#${typeId}>${max}`;
}

export function conversionKey(objectType: string, propertyName: string, toType: string): string {
  return `convert:${propertyAddress(objectType, propertyName)}>${toType}`;
}

export function recordCountKey(objectType: string, propertyName: string, value?: string): string {
  const address = propertyAddress(objectType, propertyName);
  return value === undefined ? address : `${address}=${value}`;
}

export function linkCountKey(from: string, to: string, typeId: number): string {
  return `links:${pairKey(from, to)}#${typeId}`;
}

/** Records holding any value of a property, or (with `value`) that option value. */
export function recordsTarget(objectType: string, propertyName: string, value?: string): RecordTarget {
  return {
    kind: 'records',
    key: recordCountKey(objectType, propertyName, value),
    objectType,
    propertyName,
    ...defined({ value }),
  };
}

/**
 * What an in-place change of a property's fields has counted: the records holding each option value it
 * removes and, when it changes `type`, the values that would not convert (quoted only where `quote` lets).
 */
export function fieldChangeTargets(
  objectType: string,
  propertyName: string,
  fields: readonly { field: string; old: unknown; new: unknown; options?: readonly OptionLike[] }[],
  quote: SampleValues,
): DataCheckTarget[] {
  const targets: DataCheckTarget[] = removedOptionValues(fields).map((value) =>
    recordsTarget(objectType, propertyName, value),
  );
  const conversion = conversionTarget(objectType, propertyName, fields);
  if (conversion !== undefined)
    targets.push({ ...conversion, values: quote.show && !quote.sensitive(objectType, propertyName) });
  return targets;
}

interface OptionLike {
  kind: string;
  value: string;
}

export function removedOptionValues(fields: readonly { options?: readonly OptionLike[] }[]): string[] {
  const values: string[] = [];
  for (const field of fields)
    for (const o of field.options ?? []) if (o.kind === 'removed') values.push(o.value);
  return values;
}

/** What a change does to data: how many records (or record associations) it touches. */
export const AffectedShape = Type.Object(
  {
    unit: oneOfValues(
      ['records', 'associations'],
      'What is counted: records holding a value, or record associations using a label.',
    ),
    ...countFields,
  },
  {
    description:
      'What the change does to data: how many records (or record associations) it touches, from the data check.',
    additionalProperties: false,
  },
);

export type Affected = Static<typeof AffectedShape>;

/** `412 records`, `at least 1,000 record associations` */
export function describeCount(count: Count, one: string, many: string): string {
  const n = formatCount(count.count);
  return `${count.exact ? '' : 'at least '}${n} ${count.count === 1 && count.exact ? one : many}`;
}

/** Counts added up: exact when every one is; undefined when any was not counted (or there are none). */
export function sumCounts(counts: readonly (Count | undefined)[]): Count | undefined {
  if (counts.length === 0 || counts.some((c) => c === undefined)) return undefined;
  const known = counts as readonly Count[];
  return { count: known.reduce((sum, c) => sum + c.count, 0), exact: known.every((c) => c.exact) };
}

/** The conversion to count when an update changes `type` (or an enumeration's fieldType to or from checkbox). */
export function conversionTarget(
  objectType: string,
  propertyName: string,
  fields: readonly { field: string; old: unknown; new: unknown }[],
): ConversionTarget | undefined {
  const type = fields.find((f) => f.field === 'type');
  if (type === undefined || typeof type.new !== 'string' || type.new === 'string') return undefined;
  const target: ConversionTarget = {
    kind: 'conversion',
    key: conversionKey(objectType, propertyName, type.new),
    objectType,
    propertyName,
    toType: type.new,
    values: false,
  };
  if (type.new === 'enumeration') {
    const options: unknown = fields.find((f) => f.field === 'options')?.new;
    target.options = Array.isArray(options)
      ? options.flatMap((o: unknown) => {
          const value = typeof o === 'object' && o !== null ? (o as { value?: unknown }).value : undefined;
          return typeof value === 'string' ? [value] : [];
        })
      : [];
    target.multiple = fields.find((f) => f.field === 'fieldType')?.new === 'checkbox';
  }
  return target;
}
