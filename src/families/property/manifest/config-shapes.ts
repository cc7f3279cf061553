/** The property family's entries of `policy.manage` in the project file: groups and name prefixes. */
import { Type, shared } from '../../../core/json-schema.js';

export const QualifiedNameDef = shared(
  'qualifiedName',
  Type.String({
    description: 'A lowercase name, optionally after an object type and a dot.',
    pattern: '^(([a-z][a-z0-9_]*|[0-9]+-[0-9]+)\\.)?[a-z][a-z0-9_]*$',
  }),
);
