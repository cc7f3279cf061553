/**
 * The validators the build precompiles (ajv standalone code in dist/generated/) judge exactly as the
 * ones compiled at run time: same verdicts, same errors, and the same schema names behind each error
 * (the plain messages are chosen by them).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompileSchemas } from '../../scripts/build/precompile-schemas.js';
import { manifestAjv, manifestValidators } from '../../src/engine/manifest/schema/schema-compile.js';

const MANIFEST_VALIDATORS = manifestValidators();
import { schemaNameOf } from '../../src/engine/manifest/schema/schemas.js';

const require = createRequire(import.meta.url);
let dir: string;
let precompiled: Record<string, ValidateFunction>;

beforeAll(async () => {
  // inside the project, so that the generated code finds ajv's runtime modules as dist/generated/ does
  const cache = join(ROOT, 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  dir = await mkdtemp(join(cache, 'crm-schema-precompiled-'));
  await precompileSchemas(dir);
  precompiled = require(join(dir, 'manifest-validators.cjs')) as Record<string, ValidateFunction>;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const summary = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map(
    (e) => `${e.instancePath} ${e.keyword} ${schemaNameOf(e.parentSchema) ?? '-'} ${e.message ?? ''}`,
  );

const DOCUMENTS: [string, unknown][] = [
  [
    'a valid manifest',
    {
      kind: 'Properties',
      objectType: 'tickets',
      properties: [{ name: 'a', label: 'A', type: 'string', fieldType: 'text', groupName: 'g' }],
    },
  ],
  ['an unknown key', { kind: 'Properties', objectType: 'tickets', properties: [{ name: 'a', lable: 'A' }] }],
  [
    'a bad name and a bad type',
    { kind: 'Properties', objectType: 'tickets', properties: [{ name: 'Bad Name', type: 'text' }] },
  ],
  [
    'a label pair without a label',
    { kind: 'Associations', from: 'tickets', to: 'orders', types: [{ inverseLabel: 'x' }] },
  ],
  [
    'an event property with options of numbers',
    {
      kind: 'EventProperties',
      eventName: 'e',
      properties: [{ name: 'p', label: 'P', type: 'enumeration', options: [{ label: 1, value: 2 }] }],
    },
  ],
  ['not an object', 'just text'],
];

describe('precompiled validators', () => {
  it.each(DOCUMENTS)('judge %s as the run-time ones do, errors and schema names alike', (_what, document) => {
    const ajv = manifestAjv();
    for (const name of Object.keys(MANIFEST_VALIDATORS)) {
      const runtime = ajv.getSchema(MANIFEST_VALIDATORS[name]!)!;
      const standalone = precompiled[name]!;
      expect(standalone(document), name).toBe(runtime(document));
      expect(summary(standalone.errors), name).toEqual(summary(runtime.errors));
    }
  });

  it('name the schema objects behind errors', () => {
    const validate = precompiled.Properties!;
    expect(
      validate({ kind: 'Properties', objectType: 'tickets', properties: [{ name: 'a', lable: 'A' }] }),
    ).toBe(false);
    expect(summary(validate.errors).some((line) => line.includes('additionalProperties Property '))).toBe(
      true,
    );
  });
});
