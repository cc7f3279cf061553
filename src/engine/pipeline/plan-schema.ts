/**
 * The shape check of a saved plan: the plan's JSON Schema as the change kinds declare it
 * (src/engine/plan/plan-json-schema.ts, published as `schemas/plan.schema.json`), precompiled by the build (or
 * compiled once per process). A file of another shape is refused with what is wrong where
 * (`changes[3].severity: must be one of safe, dangerous, destructive`), before anything in it is used.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { must } from '../../core/must.js';
import { defNameOf } from '../../core/json-schema.js';
import { changeTypes } from '../plan/kinds/registry.js';
import { isResourceKind, perInstall, resourceTypeOf } from '../installed.js';
import { loadPrecompiled } from '../manifest/schema/precompiled.js';
import { planAjv } from '../manifest/schema/schema-compile.js';
import { PLAN_SCHEMA_ID, metaDefName, planJsonSchema } from '../plan/plan-json-schema.js';
import { validateInChunks } from '../manifest/schema/chunked-validate.js';

/** Precompiled by the build when it ran, else compiled now (once per installed family list). */
const validator = perInstall(
  (): ValidateFunction =>
    loadPrecompiled('plan-validator.cjs')?.('plan') ??
    must(planAjv(planJsonSchema()).getSchema('plan'), 'the plan schema'),
);

/** The plan's schema compiled for the shape checks of one part (a change's meta, a resource). */
const partsAjv = perInstall(() => planAjv(planJsonSchema()));

/** `/changes/3/meta` -> `.changes[3].meta` */
function dotted(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('');
}

/**
 * The shape problems of one change's data (`meta`) read from outside (an apply record), against its
 * kind's declaration; `where` prefixes each (`changes[3]`). Empty when it has the shape.
 */
export function changeShapeProblems(type: unknown, meta: unknown, where: string, max = 3): string[] {
  if (typeof type !== 'string' || !changeTypes().includes(type))
    return [`${where}.type: is no change type of this version of crm-schema`];
  // ajv compiles each once and keeps it
  const validate = must(
    partsAjv().getSchema(`${PLAN_SCHEMA_ID}#/$defs/${metaDefName(type)}`),
    `the meta schema of ${type}`,
  );
  if (validate(meta)) return [];
  return (validate.errors ?? [])
    .slice(0, max)
    .map((error) => `${where}.meta${dotted(error.instancePath)}: ${error.message ?? 'is not valid'}`);
}

/**
 * The shape problems of a resource definition read from outside (an apply record's before and after),
 * against its type's shape (or its own check); empty when it has it.
 */
export function resourceShapeProblems(kind: string, value: unknown, where: string, max = 3): string[] {
  if (!isResourceKind(kind)) return [`${where}: a ${kind} has no definition to put back`];
  const { type } = resourceTypeOf({ kind });
  if (type.definitionProblem !== undefined) {
    const problem = type.definitionProblem(value);
    return problem === undefined ? [] : [`${where}: ${problem}`];
  }
  if (type.shape === undefined) return [`${where}: a ${kind} has no definition to put back`];
  const validate = must(
    partsAjv().getSchema(`${PLAN_SCHEMA_ID}#/$defs/${defNameOf(type.shape)}`),
    `the shape of a ${kind}`,
  );
  if (validate(value)) return [];
  return (validate.errors ?? [])
    .slice(0, max)
    .map((error) => `${where}${dotted(error.instancePath)}: ${error.message ?? 'is not valid'}`);
}

/** The shape problems of a parsed plan file, most precise first; empty when it has the plan's shape. */
export function planShapeProblems(value: unknown, max = 3): string[] {
  const all = validateInChunks(validator(), value);
  if (all.length === 0) return [];
  const errors = all.filter((e) => !isBranchNoise(e));
  const deepest = [...errors].sort((a, b) => depth(b) - depth(a));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const error of deepest) {
    const text = describe(error);
    if (seen.has(text)) continue;
    seen.add(text);
    out.push(text);
    if (out.length >= max) break;
  }
  return out;
}

/**
 * A change is checked against the branch of its `type` only (the discriminator, src/engine/manifest/schema/schema-compile.ts):
 * an unknown type is said once by the discriminator, so the enum of `type` repeating it is left out, as is
 * any "type must be ..." of a branch, and a missing type is said by `required` alone.
 */
function isBranchNoise(error: ErrorObject): boolean {
  // no type at all: `required` says so
  if (error.keyword === 'discriminator' && (error.params as { tagValue?: unknown }).tagValue === undefined)
    return true;
  if (error.keyword === 'const' && error.instancePath.endsWith('/type')) return true;
  return error.keyword === 'enum' && /^\/changes\/\d+\/type$/.test(error.instancePath);
}

/** The path the error is about: a discriminator's is its tag (`changes[0].type`), not the change. */
function pathOf(error: ErrorObject): string {
  if (error.keyword !== 'discriminator') return error.instancePath;
  const { tag } = error.params as { tag?: string };
  return `${error.instancePath}/${tag ?? 'type'}`;
}

function depth(error: ErrorObject): number {
  return pathOf(error).split('/').length + (error.keyword === 'oneOf' ? -0.5 : 0);
}

function describe(error: ErrorObject): string {
  const path = pathOf(error)
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');
  const where = path === '' ? '(the document)' : path;
  if (error.keyword === 'discriminator') return `${where}: ${unknownType(error)}`;
  const params = error.params as {
    allowedValues?: unknown[];
    additionalProperty?: string;
    missingProperty?: string;
  };
  let message = error.message ?? 'is not valid';
  if (params.allowedValues !== undefined)
    message = `must be one of ${params.allowedValues.map(String).join(', ')}`;
  if (params.additionalProperty !== undefined) message = `has an unknown key '${params.additionalProperty}'`;
  if (params.missingProperty !== undefined) message = `lacks the key '${params.missingProperty}'`;
  return `${where}: ${message}`;
}

/** A change whose `type` is none of the change types (or not a string). */
function unknownType(error: ErrorObject): string {
  const { error: kind, tagValue } = error.params as { error?: string; tagValue?: unknown };
  const known = `one of ${changeTypes().join(', ')}`;
  if (kind === 'mapping' && typeof tagValue === 'string')
    return `unknown change type '${tagValue}' (a change type is ${known})`;
  return `must be a change type, ${known}`;
}
