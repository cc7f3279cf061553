/**
 * The plan's JSON Schema, made from the declarations: the document's shape (plan-document-shape.ts), the
 * shared shapes under `$defs`, and for each kind of the registry its meta (`$defs/<type>_meta`) and its
 * branch of `$defs/change` (a `oneOf` over the change types, which the shape check reads with a
 * discriminator on `type`, src/engine/manifest/schema/schema-compile.ts). `schemas/plan.schema.json` is this, written
 * by the build (`npm run build:schemas`); the shape check of saved plans compiles the same.
 */
import { WriteRequestShape } from '../../wire/write-request.js';
import { defNameOf, type SharedShape, type TSchema } from '../../core/json-schema.js';
import { OptionShape } from '../model/model-shapes.js';
import { SourceLocationShape } from '../../core/source/source-location.js';
import { FieldChangeShape, OptionChangeShape, RefShape, type ChangeShape } from './change-shapes.js';
import { PlanDiagnosticShape } from './diagnostics.js';
import type { ChangeKind } from './kinds/change-kind.js';
import { allKinds } from './kinds/registry.js';
import { families, phaseList } from '../installed.js';
import { PlanDocumentShape, PlannedFieldsShape } from './plan-document-shape.js';

export const PLAN_SCHEMA_ID = 'https://crm-schema.local/schemas/plan.schema.json';

/**
 * The shapes published under `$defs`: an option, each family's (its own, then its resources'), those the
 * metas share, then those of the document.
 */
function sharedBeforeMetas(): SharedShape[] {
  const own = families().flatMap((family) => [
    ...(family.shapes ?? []),
    ...Object.values(family.resources).flatMap((type) => (type.shape === undefined ? [] : [type.shape])),
  ]);
  return [OptionShape, ...own, RefShape, FieldChangeShape, OptionChangeShape];
}
const SHARED_AFTER_METAS: readonly SharedShape[] = [
  WriteRequestShape,
  SourceLocationShape,
  PlanDiagnosticShape,
];

/** `property.create` -> `property_create_meta` */
export function metaDefName(type: string): string {
  return `${type.replaceAll('.', '_')}_meta`;
}

type Json = Record<string, unknown>;

/** The plan's JSON Schema for these kinds (the registry's by default), as plain JSON. */
export function planJsonSchema(kinds: readonly ChangeKind<ChangeShape>[] = allKinds()): Json {
  const defs: Record<string, TSchema | Json> = {};
  for (const shape of sharedBeforeMetas()) defs[defNameOf(shape)] = shape;
  for (const kind of kinds) defs[metaDefName(kind.type)] = kind.meta;
  for (const shape of SHARED_AFTER_METAS) defs[defNameOf(shape)] = shape;
  defs.change = changeSchema(kinds);
  const schema = plain({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: PLAN_SCHEMA_ID,
    title: 'crm-schema plan',
    ...withNotReadNames(PlanDocumentShape),
    $defs: defs,
  });
  const missing = refsIn(schema).filter((name) => !(name in defs));
  if (missing.length > 0)
    throw new Error(`internal error: the plan schema refers to no $defs ${missing.join(', ')}`);
  return schema;
}

/** The document's `notRead`: one of the names families give the kinds of resources a plan may leave unread. */
function withNotReadNames(document: typeof PlanDocumentShape): Json {
  const names = families().flatMap((family) =>
    family.notReadName === undefined ? [] : [family.notReadName],
  );
  const notRead = structuredClone(document.properties.notRead) as Json & { items: Json };
  notRead.items = { enum: names, description: 'A kind of resource.' };
  return { ...document, properties: { ...document.properties, notRead } };
}

/** A planned change: its type and meta (one branch per kind) with what the plan derives from them. */
function changeSchema(kinds: readonly ChangeKind<ChangeShape>[]): Json {
  return {
    type: 'object',
    description: 'One planned change.',
    properties: {
      type: { enum: kinds.map((kind) => kind.type), description: 'Change type.' },
      meta: { type: 'object', description: "The change's data; its shape depends on type." },
      ...PlannedFieldsShape.properties,
      phase: { enum: [...phaseList()], description: 'Apply runs phase by phase in this order.' },
    },
    required: ['type', 'meta', ...PlannedFieldsShape.required],
    additionalProperties: false,
    oneOf: kinds.map((kind) => ({
      description: `A ${kind.type} change.`,
      properties: {
        type: { const: kind.type, description: 'Change type.' },
        meta: { $ref: `#/$defs/${metaDefName(kind.type)}`, description: `Data of a ${kind.type} change.` },
      },
    })),
  };
}

/** The order keys are written in (then any other key in its own order). */
const KEY_ORDER = ['$schema', '$id', 'title', 'type', 'const', 'enum', '$ref', 'description'];
const KEY_ORDER_LAST = ['items', 'properties', 'required', 'additionalProperties', 'oneOf', '$defs'];

/**
 * A schema as plain JSON (TypeBox's markers are symbols, left out), its keys in a fixed order so that
 * the written file reads the same way throughout and diffs stay small.
 */
export function plain(schema: object): Json {
  const node = schema as Json;
  const keys = Object.keys(node);
  const ordered = [
    ...KEY_ORDER.filter((k) => k in node),
    ...keys.filter((k) => !KEY_ORDER.includes(k) && !KEY_ORDER_LAST.includes(k)),
    ...KEY_ORDER_LAST.filter((k) => k in node),
  ];
  const out: Json = {};
  for (const key of ordered) {
    const value = node[key];
    if (key === 'properties' || key === '$defs')
      out[key] = Object.fromEntries(
        Object.entries(value as Json).map(([name, child]) => [name, plain(child as object)]),
      );
    else if (key === 'items') out[key] = plain(value as object);
    else if (key === 'oneOf') out[key] = (value as object[]).map(plain);
    else out[key] = structuredClone(value);
  }
  return out;
}

/** The `$defs` names every `$ref` of a schema points to. */
function refsIn(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsIn);
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' ? [value.replace('#/$defs/', '')] : refsIn(value),
  );
}
