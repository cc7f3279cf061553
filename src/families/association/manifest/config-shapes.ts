/** The association family's entries of `policy.manage` in the project file: label entries. */
import { Type, shared } from '../../../core/json-schema.js';

export const LabelScopeEntryDef = shared(
  'labelScopeEntry',
  Type.String({
    description:
      'Two object types joined by `->`, optionally `:` and a pattern of label text that neither starts nor ends with a space.',
    pattern: '^([a-z][a-z0-9_]*|[0-9]+-[0-9]+)->([a-z][a-z0-9_]*|[0-9]+-[0-9]+)(?::(\\S(?:.*\\S)?))?$',
    maxLength: 500,
  }),
);
