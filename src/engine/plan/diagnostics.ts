/**
 * Findings of the planner that are not changes: errors (the plan must not be applied), warnings and
 * notes. JSON-able; renderers show them next to the changes.
 */
import { Type, oneOfValues, openString, ref, shared, type Static } from '../../core/json-schema.js';
import { SourceLocationShape } from '../../core/source/source-location.js';

export const DIAGNOSTIC_LEVELS = ['error', 'warning', 'info'] as const;

export type DiagnosticLevel = (typeof DIAGNOSTIC_LEVELS)[number];

export const PlanDiagnosticShape = shared(
  'diagnostic',
  Type.Object(
    {
      level: oneOfValues(DIAGNOSTIC_LEVELS, 'error: the plan must not be applied; warning; info.'),
      /** stable identifier from the planner's code table, e.g. `BUILTIN_PROPERTY` */
      code: openString<string>('Stable identifier, e.g. BUILTIN_PROPERTY.'),
      message: Type.String({ description: 'What was found, where.' }),
      address: Type.Optional(Type.String({ description: 'Address of the resource concerned.' })),
      source: Type.Optional(ref(SourceLocationShape, 'Manifest location, when known.')),
      /** what to do next */
      hint: Type.Optional(Type.String({ description: 'What to do next.' })),
    },
    { description: 'A finding that is not a change.', additionalProperties: false },
  ),
);

export type PlanDiagnostic = Static<typeof PlanDiagnosticShape>;
