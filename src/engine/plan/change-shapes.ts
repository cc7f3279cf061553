/**
 * The shapes the changes of several kinds share, declared once (their types and their part of the plan's
 * JSON Schema): a changed field (with its option changes), why a resource is removed, and a value only
 * known at apply time (`Ref`).
 */
import {
  Type,
  anyJson,
  constant,
  exactlyOneOf,
  oneOfValues,
  ref,
  shared,
  type Static,
} from '../../core/json-schema.js';
import { OptionShape } from '../model/model-shapes.js';

const optionValue = Type.String({ description: 'Value of the option.' });

/**
 * Option changes, compared by `value`. On a removal, `recordCount` (records holding it) is attached by the
 * data-check rule, and `replacedBy` (the value those records are rewritten to) by a remap.
 */
export const OptionChangeShape = shared(
  'optionChange',
  exactlyOneOf(
    [
      Type.Object(
        {
          kind: constant('added', 'An option added.'),
          value: optionValue,
          option: ref(OptionShape, 'The new option.'),
        },
        { description: 'An option added.', additionalProperties: false },
      ),
      Type.Object(
        {
          kind: constant('removed', 'An option removed: values on records may become invalid.'),
          value: optionValue,
          option: ref(OptionShape, 'The removed option.'),
          recordCount: Type.Optional(
            Type.Integer({ description: 'Records still holding the value (data check).', minimum: 0 }),
          ),
          replacedBy: Type.Optional(
            Type.String({ description: 'A remap: the value the records holding it are rewritten to.' }),
          ),
        },
        {
          description: 'An option removed: values on records may become invalid.',
          additionalProperties: false,
        },
      ),
      Type.Object(
        {
          kind: constant('relabelled', "An option's label changed."),
          value: optionValue,
          old: Type.String({ description: 'Live label.' }),
          new: Type.String({ description: 'Desired label.' }),
        },
        { description: "An option's label changed.", additionalProperties: false },
      ),
      Type.Object(
        {
          kind: constant(
            'reordered',
            'An option moved: its displayOrder or its position among the shared options changed.',
          ),
          value: optionValue,
          oldPosition: Type.Integer({ description: '0-based position in the live list.' }),
          newPosition: Type.Integer({ description: '0-based position in the desired list.' }),
          oldDisplayOrder: Type.Integer({ description: 'Live displayOrder.' }),
          newDisplayOrder: Type.Integer({ description: 'Desired displayOrder.' }),
        },
        {
          description: 'An option moved: its displayOrder or its position among the shared options changed.',
          additionalProperties: false,
        },
      ),
      Type.Object(
        {
          kind: constant('hidden', "An option's hidden flag changed."),
          value: optionValue,
          old: Type.Boolean({ description: 'Live value.' }),
          new: Type.Boolean({ description: 'Desired value.' }),
        },
        { description: "An option's hidden flag changed.", additionalProperties: false },
      ),
      Type.Object(
        {
          kind: constant('description', "An option's description changed."),
          value: optionValue,
          old: Type.String({ description: 'Live description.' }),
          new: Type.String({ description: 'Desired description.' }),
        },
        { description: "An option's description changed.", additionalProperties: false },
      ),
    ],
    { description: 'A change to one option, compared by value.' },
  ),
);

export type OptionChange = Static<typeof OptionChangeShape>;

/**
 * One changed field of an update or replace: `old` is the live value, `new` the desired one; an unset
 * optional field is `null`. An `options` field also lists the option changes, compared by `value`.
 */
export const FieldChangeShape = shared(
  'fieldChange',
  Type.Object(
    {
      field: Type.String({ description: 'Field name, e.g. label or options.' }),
      old: anyJson('Live value; null when unset.'),
      new: anyJson("Desired value; null when unset (sent as '' to clear it)."),
      options: Type.Optional(
        Type.Array(ref(OptionChangeShape, 'An option change.'), {
          description: 'For the options field: the option changes, compared by value.',
        }),
      ),
    },
    { description: 'One changed field.', additionalProperties: false },
  ),
);

export type FieldChange = Static<typeof FieldChangeShape>;

/** Why a resource is removed: a tombstone in a manifest, or the `unmanaged: archive` policy. */
export const REMOVAL_CAUSES = ['tombstone', 'unmanaged'] as const;

export type RemovalCause = (typeof REMOVAL_CAUSES)[number];

/** The `cause` of a removal, in a kind's meta. */
export const removalCause = () =>
  oneOfValues(
    REMOVAL_CAUSES,
    'Why it is removed: a tombstone in a manifest, or the `unmanaged: archive` policy.',
  );

/**
 * A value only known once an earlier change has run: the typeId of the label created at `ref` (the
 * label's address), of its own direction, or with `side: 'inverse'` of its inverse direction.
 */
export const RefShape = shared(
  'ref',
  Type.Object(
    {
      ref: Type.String({
        description:
          'Address of the label whose creation gives the value, e.g. `tickets->orders:Primary order`.',
      }),
      side: Type.Optional(
        constant('inverse', 'Present for the typeId of the inverse direction of that label.'),
      ),
    },
    {
      description:
        'A value only known at apply time: the typeId of the label created by the change at this address (of its inverse direction with `side`).',
      additionalProperties: false,
    },
  ),
);

export type Ref = Static<typeof RefShape>;

export function isRef(value: unknown): value is Ref {
  return typeof value === 'object' && value !== null && typeof (value as { ref?: unknown }).ref === 'string';
}

/** The key a ref's typeId is kept under once known: the label address, `#inverse` for its inverse side. */
export function refKey(ref: Ref): string {
  return ref.side === 'inverse' ? `${ref.ref}#inverse` : ref.ref;
}

/** What every change is: its type and its data. The union of the planner's changes is `Change`. */
export interface ChangeShape {
  type: string;
  meta: unknown;
}

/** How a change reads in a summary; renderers map it to a symbol. */
export const CHANGE_ACTIONS = ['create', 'update', 'replace', 'remove'] as const;

export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

export const ACTION_SYMBOLS: Readonly<Record<ChangeAction, string>> = {
  create: '+',
  update: '~',
  replace: '-/+',
  remove: '-',
};
