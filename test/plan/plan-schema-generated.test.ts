/**
 * `schemas/plan.schema.json` is generated (`npm run build:schemas`; a build does not write it, so a stale commit fails here) from the
 * declarations: the plan document's shape, the shared shapes and each change kind's meta. The committed
 * file must be exactly what they give now, and the shape check of saved plans uses the same schema.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONFIG_SCHEMA_FILE,
  configSchemaText,
  MANIFEST_SCHEMA_FILE,
  manifestSchemaText,
  PLAN_SCHEMA_FILE,
  planSchemaText,
  RECORD_SCHEMA_FILE,
  recordSchemaText,
} from '../../scripts/build/plan-schema.js';
import { changeTypes } from '../../src/engine/plan/kinds/registry.js';
import { ALL_FAMILIES } from '../../src/families/all-families.js';

const CHANGE_TYPES = changeTypes();
const KINDS = ALL_FAMILIES.flatMap((family) => family.kinds);
import { metaDefName, planJsonSchema } from '../../src/engine/plan/plan-json-schema.js';

describe('schemas/plan.schema.json', () => {
  it('is what the declarations give (run `npm run build:schemas` after changing one)', async () => {
    const committed = readFileSync(PLAN_SCHEMA_FILE, 'utf8');
    const fresh = await planSchemaText();
    const lines = [committed.split('\n'), fresh.split('\n')] as const;
    const differs = lines[0].findIndex((line, i) => line !== lines[1][i]);
    const first = differs === -1 ? Math.min(lines[0].length, lines[1].length) : differs;
    expect(
      committed === fresh,
      `schemas/plan.schema.json is stale from line ${first + 1}: run \`npm run build:schemas\` and commit it`,
    ).toBe(true);
  });

  it('lists the change types of the registry, each with its meta from its kind', () => {
    const schema = planJsonSchema();
    const defs = schema.$defs as Record<string, Record<string, unknown>>;
    expect(CHANGE_TYPES).toStrictEqual(KINDS.map((kind) => kind.type));
    expect((defs.change!.properties as Record<string, { enum?: unknown }>).type!.enum).toStrictEqual([
      ...CHANGE_TYPES,
    ]);
    for (const kind of KINDS) {
      expect(defs[metaDefName(kind.type)], kind.type).toStrictEqual(JSON.parse(JSON.stringify(kind.meta)));
    }
  });
});

describe('schemas/manifest.schema.json and schemas/config.schema.json', () => {
  it('are what the families declare (run `npm run build:schemas` after changing a declaration)', async () => {
    for (const [file, text] of [
      [MANIFEST_SCHEMA_FILE, await manifestSchemaText()],
      [CONFIG_SCHEMA_FILE, await configSchemaText()],
    ] as const) {
      const name = file.split(/[\\/]/).pop() ?? '';
      expect(
        readFileSync(file, 'utf8') === text,
        `schemas/${name} is stale: run \`npm run build:schemas\` and commit it`,
      ).toBe(true);
    }
  });
});

describe('schemas/apply-record.schema.json', () => {
  it('is what the declaration gives (run `npm run build:schemas` after changing it)', async () => {
    expect(
      readFileSync(RECORD_SCHEMA_FILE, 'utf8') === (await recordSchemaText()),
      'schemas/apply-record.schema.json is stale: run `npm run build:schemas` and commit it',
    ).toBe(true);
  });
});
