/** A place in a file: 1-based line and column. Manifest diagnostics and plan diagnostics point with it. */
import { Type, shared, type Static } from '../json-schema.js';

export const SourceLocationShape = shared(
  'source',
  Type.Object(
    {
      file: Type.String({ description: 'File path.' }),
      line: Type.Integer({ description: '1-based line.', minimum: 1 }),
      col: Type.Integer({ description: '1-based column.', minimum: 1 }),
    },
    { description: 'Where a manifest declares something.', additionalProperties: false },
  ),
);

export type SourceLocation = Static<typeof SourceLocationShape>;
