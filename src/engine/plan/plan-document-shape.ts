/**
 * The plan document's shape, declared once: the types of `plan-document.ts` come from here, and so does
 * the plan's JSON Schema (`plan-json-schema.ts` adds the changes' own part, one branch per kind).
 */
import { Type, constant, oneOfValues, ref, type Static } from '../../core/json-schema.js';
import { API_VERSIONS } from '../../wire/api-version.js';
import { WriteRequestShape } from '../../wire/write-request.js';
import { AffectedShape } from './data-counts.js';
import { PlanDiagnosticShape } from './diagnostics.js';
import { CHANGE_ACTIONS, type ChangeShape } from './change-shapes.js';
import { PlanTargetShape } from '../model/plan-target.js';
import { PolicyDecisionShape } from './policy-decision.js';
import { ReversalShape } from './reversal-shape.js';
import { SEVERITIES } from './severity.js';

export const PLAN_FORMAT_VERSION = 2;

/** What a plan stores with a change's data: everything apply and the renderers need. */
export const PlannedFieldsShape = Type.Object({
  /** `<type> <address>`, unique in the plan; what `dependsOn` lists */
  id: Type.String({ description: '`<type> <address>`; unique within the plan; what dependsOn lists.' }),
  address: Type.String({
    description:
      'Address of the resource, e.g. `tickets.escalation_level`, `tickets.group:escalation`, `tickets->orders:Primary order`, `event:order_shipped.carrier`.',
  }),
  action: oneOfValues(CHANGE_ACTIONS, 'How the change reads in a summary (symbols +, ~, -/+, -).'),
  message: Type.String({ description: 'One line describing the change.' }),
  severity: oneOfValues(SEVERITIES, 'Severity after the rules.'),
  reason: Type.String({ description: 'Why the change has its severity.' }),
  /** the records (or record associations) the change touches, from the data check */
  affected: Type.Optional(AffectedShape),
  /** what the target's policy does with it: apply, or refuse (and how to allow it) */
  policy: PolicyDecisionShape,
  /** whether `crm-schema rollback` can reverse it once applied, and why not */
  reversal: ReversalShape,
  // one of the installed families' phases, in apply order: the plan's JSON Schema lists them (plan-json-schema.ts)
  phase: Type.String({ description: 'Apply runs phase by phase in this order.' }),
  dependsOn: Type.Array(Type.String({ description: 'A change id.' }), {
    description: 'Changes that must succeed before this one; apply skips it when one failed.',
  }),
  requests: Type.Array(ref(WriteRequestShape, 'A request.'), {
    description: 'The exact requests, in order.',
  }),
  /** digest of the live resource the change was computed from, or `absent` */
  fingerprint: Type.String({
    pattern: '^(absent|sha256:[0-9a-f]{64})$',
    description:
      'Digest of the live resource the change was computed from, or `absent`; apply refuses the plan when it no longer matches.',
  }),
});

const count = (description: string) => Type.Integer({ description, minimum: 0 });

export const PlanSummaryShape = Type.Object(
  {
    changes: count('All changes.'),
    create: count('Changes that create (limit sets included).'),
    update: count('Changes that update in place.'),
    replace: count('Replaces (archive + create).'),
    remove: count('Archives, deletes and purges.'),
    safe: count('Safe changes.'),
    dangerous: count('Dangerous changes.'),
    destructive: count('Destructive changes.'),
    /** changes the target's policy refuses (apply writes nothing while any is left, unless --skip-refused) */
    refused: count("Changes the target's policy refuses."),
    errors: count('Error diagnostics.'),
    warnings: count('Warning diagnostics.'),
  },
  { description: 'Counts.', additionalProperties: false },
);

/** How a plan was made; apply makes the plan again with the same settings to verify a saved one. */
export const PlanSettingsShape = Type.Object(
  {
    allowDestructive: Type.Boolean({ description: '`--allow-destructive` was given.' }),
    allowDangerous: Type.Boolean({ description: '`--allow-dangerous` was given.' }),
    /** whether the data check ran (`--no-data-check` turns it off) */
    dataCheck: Type.Boolean({ description: 'The data check ran.' }),
    dataCheckBudget: Type.Integer({ minimum: 0, description: '`--data-check-budget`.' }),
    allowIrreversible: Type.Optional(
      Type.Boolean({ description: '`--allow-irreversible` was given (absent: it was not).' }),
    ),
  },
  {
    description: 'How the plan was made; apply makes it again with these settings to verify it.',
    additionalProperties: false,
  },
);

/** The plan document; a change is `$defs/change` (one branch per kind, plan-json-schema.ts). */
export const PlanDocumentShape = Type.Object(
  {
    formatVersion: constant(PLAN_FORMAT_VERSION, 'Version of this format.'),
    /** the API version whose paths the requests use; absent in plans of earlier releases: `legacy` */
    apiVersion: Type.Optional(
      oneOfValues(
        API_VERSIONS,
        'The API version the plan was made for: its requests use its paths, and apply refuses a target on another (absent: legacy).',
      ),
    ),
    tool: Type.Optional(
      Type.Object(
        {
          name: Type.String({ description: 'Tool name.' }),
          version: Type.String({ description: 'Tool version.' }),
        },
        { description: 'The tool that made the plan.', additionalProperties: false },
      ),
    ),
    target: Type.Optional(PlanTargetShape),
    manifestDigest: Type.Optional(
      Type.String({ description: 'Digest of the manifests the plan was made from.' }),
    ),
    settings: Type.Optional(PlanSettingsShape),
    rollback: Type.Optional(
      Type.Object(
        {
          recordId: Type.String({
            description:
              "The id of the apply record the plan reverses: apply finds it in the project's record store (the record folder, or the records branch) and refuses the plan when it is not there.",
          }),
          recordDigest: Type.String({
            description:
              'The digest of that record as the store held it when the plan was made: a record whose content differs is refused.',
          }),
          partial: Type.Boolean({
            description: '`--partial` was given: conflicts and what cannot be reversed are left as they are.',
          }),
          startedAt: Type.Optional(Type.String({ description: 'When that apply started (shown only).' })),
          actor: Type.Optional(Type.String({ description: 'Who ran it (shown only).' })),
          commit: Type.Optional(Type.String({ description: 'The commit it applied (shown only).' })),
        },
        {
          description:
            'Set on a plan made by `crm-schema rollback`: the apply record it reverses. Such a plan is made from the record and the live account, not from the manifests.',
          additionalProperties: false,
        },
      ),
    ),
    notRead: Type.Optional(
      Type.Array(Type.String({ description: 'A kind of resource, as its family names it (events).' }), {
        description:
          'Kinds of resources the plan could not read (the token lacks their scope, which on the platform also writes them): none of their changes is in the plan. Apply reads and plans them with its own token, and shows that part before it applies it; `plan --detailed-exitcode` exits 2 (changes may be present).',
      }),
    ),
    changes: Type.Array(Type.Unsafe<PlannedChange>({ $ref: '#/$defs/change', description: 'A change.' }), {
      description: 'The changes in apply order.',
    }),
    diagnostics: Type.Array(ref(PlanDiagnosticShape, 'A diagnostic.'), {
      description: 'Errors, warnings and notes found while planning; errors first.',
    }),
    summary: PlanSummaryShape,
  },
  {
    description:
      'A plan made by `crm-schema plan`: the changes that bring the live account to the manifests, in apply order, with their exact requests.',
    additionalProperties: false,
  },
);

export type PlannedFields = Static<typeof PlannedFieldsShape>;
export type PlanSummary = Static<typeof PlanSummaryShape>;
export type PlanSettings = Static<typeof PlanSettingsShape>;
export type PlanDocument = Static<typeof PlanDocumentShape>;

/** A change as the plan stores it: the data plus everything apply and the renderers need. */
export type PlannedChange = ChangeShape & PlannedFields;
