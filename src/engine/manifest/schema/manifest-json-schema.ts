/**
 * The manifest's JSON Schema, made from the families' declarations: one document of any kind the
 * installed families own (`kind` says which), each kind's schema and the shapes of its entries under
 * `$defs`, and the shapes every family's entries share. `schemas/manifest.schema.json` is this, written by
 * `npm run build:schemas`; validation compiles the same (schema-compile.ts).
 */
import { defNameOf, type SharedShape, type TSchema } from '../../../core/json-schema.js';
import { families } from '../../installed.js';
import { plain } from '../../plan/plan-json-schema.js';
import { documentKinds } from './document-kinds.js';
import { DisplayOrderDef, LabelDef, ObjectTypeDef } from './shared-defs.js';

type Json = Record<string, unknown>;

/** The shapes every family's entries share, published after the families'. */
const SHARED: readonly SharedShape[] = [ObjectTypeDef, LabelDef, DisplayOrderDef];

/** `A, B or C` */
export function oneOfWords(words: readonly string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1) ?? ''}`;
}

export function manifestJsonSchema(): Json {
  const kinds = documentKinds();
  const defs: Record<string, TSchema> = {};
  for (const family of families()) for (const shape of family.manifest.defs) defs[defNameOf(shape)] = shape;
  for (const shape of SHARED) defs[defNameOf(shape)] = shape;
  const names = kinds.map((kind) => kind.kind);
  return plain({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'crm-schema manifest',
    description: `One YAML document of a crm-schema manifest. \`kind\` says which: ${oneOfWords(kinds.map((kind) => `${kind.kind} (${kind.summary})`))}.`,
    type: 'object',
    required: ['kind'],
    properties: {
      kind: { description: `What this document declares: ${oneOfWords(names)}.`, enum: names },
    },
    allOf: kinds.map((kind) => ({
      if: { required: ['kind'], properties: { kind: { const: kind.kind } } },
      then: { $ref: `#/$defs/${defNameOf(kind.schema)}` },
    })),
    $defs: defs,
  });
}
