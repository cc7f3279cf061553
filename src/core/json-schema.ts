/**
 * Declaring a shape once: a TypeBox declaration is a JSON Schema object, and `Static<typeof X>` is its
 * TypeScript type, so the two agree by construction. The helpers here write the few forms the published
 * schemas use that TypeBox spells otherwise (`enum`, `const`, `oneOf`, `$ref` to a `$defs` entry), each
 * typed from what it declares.
 */
import {
  Array as ArrayOf,
  Boolean as BooleanType,
  Integer,
  Object as ObjectType,
  Optional,
  String as StringType,
  Unsafe,
  type Static,
  type TSchema,
  type TUnsafe,
} from '@sinclair/typebox';
import type { JsonValue } from './json.js';

export type { Static, TObject, TProperties, TSchema } from '@sinclair/typebox';

/**
 * The TypeBox builders the declarations use, imported one by one: TypeBox's whole `Type` builder would
 * bring every other type of the library into the bundled command line.
 */
export const Type = {
  Object: ObjectType,
  String: StringType,
  Integer,
  Boolean: BooleanType,
  Array: ArrayOf,
  Optional,
  Unsafe,
} as const;

const DEF_NAME = Symbol('crm-schema.defName');

/** A shape published once under `$defs` and used elsewhere by `$ref` (see `ref`). */
export type SharedShape<T extends TSchema = TSchema> = T & { readonly [DEF_NAME]: string };

/** Names `schema` as the `$defs` entry `name` of the schema it is published in. */
export function shared<T extends TSchema>(name: string, schema: T): SharedShape<T> {
  return Object.defineProperty(schema, DEF_NAME, { value: name, enumerable: false }) as SharedShape<T>;
}

/** The `$defs` name of a shared shape. */
export function defNameOf(shape: SharedShape): string {
  return shape[DEF_NAME];
}

/** A use of a shared shape (`$ref` to its `$defs` entry), with its own description, typed as the shape. */
export function ref<T extends TSchema>(shape: SharedShape<T>, description?: string): TUnsafe<Static<T>> {
  const $ref = `#/$defs/${defNameOf(shape)}`;
  return Type.Unsafe<Static<T>>(description === undefined ? { $ref } : { $ref, description });
}

/** One of a list of strings (`enum`), typed as their union. */
export function oneOfValues<const V extends readonly string[]>(
  values: V,
  description: string,
): TUnsafe<V[number]> {
  return Type.Unsafe<V[number]>({ enum: [...values], description });
}

/** Exactly this value (`const`). */
export function constant<const V extends string | number>(value: V, description: string): TUnsafe<V> {
  return Type.Unsafe<V>({ const: value, description });
}

/** Exactly one of `schemas` (`oneOf`), typed as their union. */
export function exactlyOneOf<T extends TSchema[]>(
  schemas: [...T],
  options: { description?: string } = {},
): TUnsafe<Static<T[number]>> {
  return Type.Unsafe<Static<T[number]>>({ ...options, oneOf: schemas });
}

/** Any JSON value (no constraint). */
export function anyJson(description: string): TUnsafe<JsonValue> {
  return Type.Unsafe<JsonValue>({ description });
}

/**
 * A string the schema leaves open whose TypeScript type names the values the code knows (an association
 * category, a planner code): the schema accepts any string on purpose, the type helps the code.
 */
export function openString<T extends string>(description: string): TUnsafe<T> {
  return Type.Unsafe<T>(Type.String({ description }));
}
