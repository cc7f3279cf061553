/**
 * The project file's JSON Schema, made from its declaration (project/config-shapes.ts) with each family's
 * keys of `policy.manage` and each lint rule's severity. `schemas/config.schema.json` is this, written by
 * `npm run build:schemas`; validation compiles the same (schema-compile.ts).
 */
import { defNameOf, type SharedShape, type TSchema } from '../../../core/json-schema.js';
import { families } from '../../installed.js';
import { plain } from '../../plan/plan-json-schema.js';
import {
  BranchNameDef,
  EnvironmentDef,
  EnvironmentNameDef,
  LintDef,
  ManageDef,
  ObjectTypeNameDef,
  PolicyDef,
  ProjectFileShape,
} from './config-shapes.js';
import { lintRules } from '../lint/all-rules.js';

type Json = Record<string, unknown>;

const BEFORE: readonly SharedShape[] = [
  BranchNameDef,
  ObjectTypeNameDef,
  EnvironmentNameDef,
  EnvironmentDef,
  PolicyDef,
];

/** `policy.manage`: each family's keys. */
function manageDef(): Json {
  const properties: Record<string, TSchema> = {};
  for (const family of families())
    for (const { key, schema } of family.manage ?? []) properties[key] = schema;
  return {
    description: 'The ownership scope: what the manifests may change, and what `unmanaged` looks at.',
    type: 'object',
    additionalProperties: false,
    properties,
  };
}

/** `lint`: the severity of each lint rule. */
function lintDef(): Json {
  const lint = structuredClone(plain(LintDef));
  const properties = lint.properties as Record<string, Json>;
  const rules = properties.rules as Json;
  rules.additionalProperties = false;
  rules.properties = Object.fromEntries(
    lintRules().map((rule) => [
      rule.id,
      { description: `The severity of ${rule.id}.`, enum: ['error', 'warning', 'off'] },
    ]),
  );
  return lint;
}

export function configJsonSchema(): Json {
  const defs: Record<string, TSchema | Json> = {};
  for (const shape of BEFORE) defs[defNameOf(shape)] = shape;
  defs[defNameOf(ManageDef)] = manageDef();
  for (const family of families())
    for (const shape of family.manifest.configDefs ?? []) defs[defNameOf(shape)] = shape;
  defs[defNameOf(LintDef)] = lintDef();
  return plain({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'crm-schema project file (crm-schema.yaml)',
    ...ProjectFileShape,
    $defs: defs,
  });
}
