/** The published JSON Schema of the apply record (schemas/apply-record.schema.json), compiled once for tests. */
import { readFile } from 'node:fs/promises';
import { Ajv2020 } from 'ajv/dist/2020.js';

const schema = JSON.parse(
  await readFile(new URL('../../schemas/apply-record.schema.json', import.meta.url), 'utf8'),
) as object;

export const validateRecord = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
