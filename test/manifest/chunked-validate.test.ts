/**
 * Long lists are validated a chunk of entries at a time: the errors are those of one call over the whole
 * document, in the same order, and the report of a long list of broken entries places each at its entry.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ErrorObject } from 'ajv';
import { CHUNK, errorsInChunks, validateInChunks } from '../../src/manifest/schema/chunked-validate.js';
import { validators } from '../../src/manifest/schema/schemas.js';
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
);

describe('validation in chunks', () => {
  it('gives the errors of one call over the whole document, in its order', () => {
    const validate = validators().kinds.Properties;
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: CHUNK * 3 + 17 }),
        fc.array(entry, { maxLength: CHUNK + 5 }),
        fc.constantFrom('tickets', 7),
        (properties, groups, objectType) => {
          const data = { kind: 'Properties', objectType, properties, groups };
          const whole = validate(data) ? [] : said(validate.errors ?? []);
          const lists = ['groups', 'properties', 'types'];
          expect(said(validateInChunks(validate, data, lists))).toEqual(whole);
          expect(said([...errorsInChunks(validate, data, lists)].flat())).toEqual(whole);
        },
      ),
      { numRuns: 25, seed: 27 },
    );
  });

  it('hands over each chunk apart, the errors about one entry all in one', () => {
    const validate = validators().kinds.Properties;
    const properties = Array.from({ length: CHUNK * 2 + 1 }, () => ({}));
    const chunks = [
      ...errorsInChunks(validate, { kind: 'Properties', objectType: 'tickets', properties }, ['properties']),
    ];
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
