/** The apply record's JSON Schema, from its declaration (`schemas/apply-record.schema.json`). */
import { plain } from '../plan/plan-json-schema.js';
import { ApplyRecordShape } from './shape/record-shape.js';

export const RECORD_SCHEMA_ID = 'https://crm-schema.local/schemas/apply-record.schema.json';

export function recordJsonSchema(): Record<string, unknown> {
  return plain({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: RECORD_SCHEMA_ID,
    title: 'crm-schema apply record',
    ...ApplyRecordShape,
  });
}
