/**
 * The shape check of a saved plan: `schemas/plan.schema.json` (shipped with the package), precompiled
 * by the build (or compiled once per process). A file of another shape is refused with what is wrong where (`changes[3].severity: must be
 * one of safe, dangerous, destructive`), before anything in it is used.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { must } from '../core/must.js';
import { loadPrecompiled } from '../manifest/precompiled.js';
import { planAjv } from '../manifest/schema-compile.js';

let compiled: ValidateFunction | undefined;

/** Precompiled by the build when it ran, else compiled now (once per process). */
function validator(): ValidateFunction {
  compiled ??=
    loadPrecompiled('plan-validator.cjs')?.('plan') ?? must(planAjv().getSchema('plan'), 'the plan schema');
  return compiled;
}

/** The shape problems of a parsed plan file, most precise first; empty when it has the plan's shape. */
export function planShapeProblems(value: unknown, max = 3): string[] {
  const validate = validator();
  if (validate(value)) return [];
  const errors = (validate.errors ?? []).filter((e) => !isBranchNoise(e));
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

/** In a `oneOf` over change types, the branches of the other types say only "type must be ...". */
function isBranchNoise(error: ErrorObject): boolean {
  return error.keyword === 'const' && error.instancePath.endsWith('/type');
}

function depth(error: ErrorObject): number {
  return error.instancePath.split('/').length + (error.keyword === 'oneOf' ? -0.5 : 0);
}

function describe(error: ErrorObject): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');
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
  return `${path === '' ? '(the document)' : path}: ${message}`;
}
