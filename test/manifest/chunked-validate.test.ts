/**
 * Long lists, at any depth, are validated a chunk at a time: the errors are those of one call over the
 * whole document, and the report of a long list of broken entries places each at its entry.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ErrorObject } from 'ajv';
import {
  CHUNK,
  errorsInChunks,
  validateInChunks,
} from '../../src/engine/manifest/schema/chunked-validate.js';
import { validators } from '../../src/engine/manifest/schema/schemas.js';
import { check, tickets } from './helpers.js';

/** What an error says, without ajv's references to the schema and the data it was given. */
const said = (errors: readonly ErrorObject[]) =>
  errors.map(({ instancePath, schemaPath, keyword, params, message }) => ({
    instancePath,
    schemaPath,
    keyword,
    params,
    message,
  }));

/** Entries of every sort: valid, missing keys, misspelt keys, wrong types, a tombstone, not a mapping. */
const entry = fc.oneof(
  fc.constant({ name: 'a', label: 'A', type: 'string', fieldType: 'text', groupName: 'g' }),
  fc.constant({}),
  fc.constant({ name: 'b', lable: 'B' }),
  fc.constant({ name: 3, label: 'C', type: 'number', fieldType: 'number', groupName: 'g' }),
  fc.constant({ name: 'd', archived: true }),
  fc.constant({ name: 'e', archived: 'yes' }),
  fc.constant('not a mapping'),
  fc.constant({
    name: 'f',
    label: 'F',
    type: 'enumeration',
    fieldType: 'select',
    groupName: 'g',
    options: [{}],
  }),
  // a property with a long list of options, some broken, some not
  fc
    .array(fc.constantFrom({}, { label: 'L', value: 'l' }, { label: 3 }, 'x'), { maxLength: CHUNK * 2 + 9 })
    .map((options) => ({
      name: 'o',
      label: 'O',
      type: 'enumeration',
      fieldType: 'select',
      groupName: 'g',
      options,
    })),
);

/** Errors in one order, to compare what is said whatever order the chunks came in. */
const sorted = (errors: ReturnType<typeof said>) => errors.map((error) => JSON.stringify(error)).sort();

describe('validation in chunks', () => {
  it('gives the errors of one call over the whole document', () => {
    const validate = validators().kinds.get('Properties')!;
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: CHUNK * 3 + 17 }),
        fc.array(entry, { maxLength: CHUNK + 5 }),
        fc.constantFrom('tickets', 7),
        (properties, groups, objectType) => {
          const data = { kind: 'Properties', objectType, properties, groups };
          const whole = validate(data) ? [] : said(validate.errors ?? []);
          expect(sorted(said(validateInChunks(validate, data)))).toEqual(sorted(whole));
          expect(sorted(said([...errorsInChunks(validate, data)].flat()))).toEqual(sorted(whole));
        },
      ),
      { numRuns: 25, seed: 27 },
    );
  });

  it('gives the errors of one call where only one entry holds a long list, far down another long list', () => {
    const validate = validators().kinds.get('EventProperties')!;
    const options = Array.from({ length: CHUNK * 2 + 3 }, (_, i) =>
      i % 3 === 1 ? {} : { label: 'L', value: `${i}` },
    );
    const properties = Array.from({ length: CHUNK + 40 }, (_, i) => ({
      name: `p${i}`,
      label: 'P',
      type: 'string',
    }));
    properties[CHUNK + 7] = { name: 'e', label: 'E', type: 'enumeration', options } as never;
    const data = { kind: 'EventProperties', eventName: 'shipped', properties };
    const whole = validate(data) ? [] : said(validate.errors ?? []);
    expect(whole.some((e) => e.instancePath === `/properties/${CHUNK + 7}/options/${CHUNK * 2}`)).toBe(true);
    expect(sorted(said(validateInChunks(validate, data)))).toEqual(sorted(whole));
  });

  it('cuts no list-level keyword short: no schema puts uniqueItems or contains on a list of objects', () => {
    const offending: string[] = [];
    for (const file of ['manifest.schema.json', 'plan.schema.json', 'config.schema.json']) {
      const root = JSON.parse(
        readFileSync(fileURLToPath(new URL(`../../schemas/${file}`, import.meta.url)), 'utf8'),
      ) as Record<string, unknown>;
      const resolve = (node: Record<string, unknown>): Record<string, unknown> => {
        const ref = node.$ref;
        if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
        const target = ref
          .slice(2)
          .split('/')
          .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], root);
        return resolve(target as Record<string, unknown>);
      };
      const walk = (node: unknown, at: string): void => {
        if (typeof node !== 'object' || node === null) return;
        const schema = node as Record<string, unknown>;
        const items = schema.items as Record<string, unknown> | undefined;
        const resolved = items === undefined ? undefined : resolve(items);
        const ofObjects =
          resolved !== undefined &&
          (resolved.type === 'object' || 'oneOf' in resolved || 'anyOf' in resolved);
        if (ofObjects && ('uniqueItems' in schema || 'contains' in schema)) offending.push(`${file}${at}`);
        for (const [key, child] of Object.entries(schema)) walk(child, `${at}/${key}`);
      };
      walk(root, '');
    }
    expect(offending).toEqual([]);
  });

  it('hands over each chunk apart, the errors about one entry all in one', () => {
    const validate = validators().kinds.get('Properties')!;
    const properties = Array.from({ length: CHUNK * 2 + 1 }, () => ({}));
    const chunks = [...errorsInChunks(validate, { kind: 'Properties', objectType: 'tickets', properties })];
    expect(chunks).toHaveLength(3);
    const entriesOf = (errors: ErrorObject[]) => new Set(errors.map((e) => e.instancePath.split('/')[2]));
    expect([...entriesOf(chunks[0]!)]).toHaveLength(CHUNK);
    expect(entriesOf(chunks[2]!)).toEqual(new Set([String(CHUNK * 2)]));
  });

  it('reports each broken entry of a long list once, at its own line, on either side of a chunk edge', () => {
    const broken = [5, CHUNK - 1, CHUNK, CHUNK + 1, CHUNK * 2 - 1, CHUNK * 2, CHUNK * 2 + 49];
    const lines = Array.from({ length: CHUNK * 2 + 50 }, (_, i) =>
      broken.includes(i)
        ? '  - {}\n'
        : `  - { name: p${i}, label: P${i}, type: string, fieldType: text, groupName: g }\n`,
    );
    const report = check(tickets(lines.join('')));
    expect(report.diagnostics.map((d) => [d.code, d.path, d.line])).toEqual(
      broken.map((i) => ['MISSING_KEY', `properties[${i}]`, 6 + i]),
    );
  });
});
