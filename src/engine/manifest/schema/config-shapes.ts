/**
 * The project file (`crm-schema.yaml`), declared once: `schemas/config.schema.json` is made from these
 * declarations (config-json-schema.ts) with each family's entries of `policy.manage` and each lint rule's
 * severity, and the TypeScript types below are theirs.
 */
import type { ManageEntries } from '../../model/policy.js';
import { Type, oneOfValues, ref, shared, type Static } from '../../../core/json-schema.js';

/** `policy.manage`: made from the families' keys when the schema is made (config-json-schema.ts). */
export const ManageDef = shared('Manage', Type.Unsafe<{ [key: string]: string[] | undefined }>({}));

/** `lint.rules`: made from the lint rules when the schema is made (config-json-schema.ts). */
export const LintRulesDef = shared('LintRules', Type.Unsafe<Record<string, 'error' | 'warning' | 'off'>>({}));

export const BranchNameDef = shared(
  'branchName',
  Type.String({
    description:
      'A git branch name: letters, digits, `.`, `_`, `-` and `/`, not starting with `-`, without `..` or `//`, not ending with `.` or `/`.',
    pattern: '^(?!-)(?!.*\\.\\.)(?!.*//)[A-Za-z0-9._/-]{1,100}(?<![./])$',
  }),
);

export const ObjectTypeNameDef = shared(
  'objectTypeName',
  Type.String({
    description:
      "A custom object type's name: a lowercase letter first, then lowercase letters, digits and underscores.",
    maxLength: 100,
    pattern: '^[a-z][a-z0-9_]*$',
  }),
);

export const EnvironmentNameDef = shared(
  'environmentName',
  Type.String({
    description: "An environment's name: letters, digits, `_` and `-`.",
    pattern: '^[A-Za-z][A-Za-z0-9_-]*$',
  }),
);

export const PolicyDef = shared(
  'Policy',
  Type.Object(
    {
      destructive: Type.Optional(
        oneOfValues(
          ['deny', 'allow'] as const,
          '`deny` (default): archive, delete and replace changes are refused (the plan says so, and apply writes nothing) unless `--allow-destructive`, or `allow:` names them; `allow`: they are applied.',
        ),
      ),
      dangerous: Type.Optional(
        oneOfValues(
          ['allow', 'deny'] as const,
          '`allow` (default): dangerous changes (a type change, an option removal records still hold, a lowered limit) are applied; `deny`: they are refused like destructive ones, unless `--allow-dangerous`, or `allow:` names them.',
        ),
      ),
      irreversible: Type.Optional(
        oneOfValues(
          ['allow', 'deny'] as const,
          '`allow` (default): changes a rollback cannot reverse (an option merge, an event definition created, a label or event property deleted, a property replaced) are applied; `deny`: they are refused, unless `--allow-irreversible`, or `allow:` names them.',
        ),
      ),
      allow: Type.Optional(
        Type.Array(Type.String({ minLength: 1, description: 'A change address as plan prints it.' }), {
          description:
            'Addresses of single destructive, dangerous or irreversible changes allowed even when `destructive: deny` (or `dangerous: deny`, `irreversible: deny`), e.g. `tickets.legacy_code`.',
          uniqueItems: true,
        }),
      ),
      unmanaged: Type.Optional(
        oneOfValues(
          ['ignore', 'report', 'archive'] as const,
          'Live custom properties (and user labels) no manifest names, within `manage`: `ignore` (default), `report` them, or `archive` them (a label: delete it).',
        ),
      ),
      recordValues: Type.Optional(
        oneOfValues(
          ['hide', 'show'] as const,
          "Whether a plan may quote values of records (the samples of a type change or of a rename's conflicts): `hide` (default) shows record ids and counts only; `show` quotes values too, never those of a sensitive property. Set `show` for a non-production environment only.",
        ),
      ),
      manage: Type.Optional(
        ref(
          ManageDef,
          'What the project owns: with any entry, every property, group and event property a manifest names must lie inside it (a plan error otherwise), and with a `labels` entry every association label and limit; also what `unmanaged` looks at.',
        ),
      ),
    },
    { description: 'What crm-schema may do.', additionalProperties: false },
  ),
);

export const EnvironmentDef = shared(
  'Environment',
  Type.Object(
    {
      baseUrl: Type.String({
        description: "Base URL of the CRM's API, http(s), without credentials.",
        format: 'uri',
      }),
      tokenEnv: Type.Optional(
        Type.String({
          description:
            'The NAME of the environment variable that holds the access token (default `CRM_ACCESS_TOKEN`). Never the token itself.',
          pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
        }),
      ),
      accountId: Type.Optional(
        Type.Integer({
          description:
            "The id of the account this environment is (a positive whole number, unquoted). Every command that talks to the environment reads the account's details first and stops, before any other call, when the token reaches another account.",
          minimum: 1,
        }),
      ),
      apiVersion: Type.Optional(
        oneOfValues(
          ['legacy', '2026-03', '2026-09'] as const,
          'The API version every call uses: `legacy` (the v3/v4 paths; what an environment without this key gets) or a date version, `2026-03` or `2026-09` (`crm-schema init` writes the newest). A saved plan records it, and apply refuses a plan made for another.',
        ),
      ),
      policy: Type.Optional(
        ref(PolicyDef, "Overrides of the project's policy for this environment, key by key."),
      ),
    },
    { description: 'A target account.', additionalProperties: false },
  ),
);

export const LintDef = shared(
  'Lint',
  Type.Object(
    {
      // its keys, one per lint rule, are made with the schema (config-json-schema.ts)
      rules: Type.Optional(
        Type.Unsafe<Record<string, 'error' | 'warning' | 'off'>>({
          description:
            'Severity per rule: error, warning or off. crm-schema lint runs every rule at its default unless set here; validate and plan run the rules set here.',
          type: 'object',
        }),
      ),
      prefixes: Type.Optional(
        Type.Unsafe<Record<string, string[]>>({
          description:
            'property-name-prefix: per object type, the prefixes a custom property name must start with.',
          type: 'object',
          additionalProperties: {
            description: 'The prefixes of one object type.',
            type: 'array',
            minItems: 1,
            items: { description: 'A name prefix.', type: 'string', minLength: 1 },
          },
        }),
      ),
    },
    { description: 'Lint rules and their settings.', additionalProperties: false },
  ),
);

/** The project file as a document. */
export const ProjectFileShape = Type.Object(
  {
    manifests: Type.Array(Type.String({ minLength: 1, description: 'A glob, relative to this file.' }), {
      description:
        'Globs of manifest files, relative to this file: `*` and `?` within a folder name, `**` across folders, `{a,b}` alternatives; a leading `!` excludes.',
      minItems: 1,
      uniqueItems: true,
    }),
    applyRecords: Type.Optional(
      Type.String({
        description:
          'The folder apply writes a record of each run to, relative to this file and inside the project folder (default `.crm-schema/applies`). `crm-schema history` lists them.',
        minLength: 1,
      }),
    ),
    recordsBranch: Type.Optional(
      ref(
        BranchNameDef,
        "The git branch `crm-schema history --push` publishes the apply records to, so that every clone sees every apply (default `crm-schema-records`). `history` and `rollback` read it, and each remote's copy a fetch brought.",
      ),
    ),
    defaultEnvironment: Type.Optional(
      ref(EnvironmentNameDef, 'The environment used when a command gets no `--env`.'),
    ),
    environments: Type.Optional(
      Type.Unsafe<Record<string, Static<typeof EnvironmentDef>>>({
        description: 'Target accounts by name (for `--env NAME`).',
        type: 'object',
        propertyNames: { $ref: '#/$defs/environmentName' },
        additionalProperties: { $ref: '#/$defs/Environment' },
      }),
    ),
    policy: Type.Optional(
      ref(PolicyDef, "The project's policy; an environment's `policy` overrides it key by key."),
    ),
    objectTypes: Type.Optional(
      Type.Array(ref(ObjectTypeNameDef), {
        description:
          "Custom object types the manifests name by name (such as `cars` or `p123456_cars`). The platform's object types (`tickets`, `deals`, ...) and ids such as `0-5` or `2-123` need no entry; any other name in a manifest is an error.",
        uniqueItems: true,
      }),
    ),
    lint: Type.Optional(
      ref(
        LintDef,
        'Team conventions that crm-schema lint checks (and validate and plan, for the rules turned on here).',
      ),
    ),
  },
  {
    description:
      'The project file: where the manifests are, the environments to deploy to, and the policy for destructive and unmanaged changes.',
    additionalProperties: false,
  },
);

export type ProjectFile = Static<typeof ProjectFileShape>;
export type EnvironmentEntry = Static<typeof EnvironmentDef>;
export type PolicyEntry = Static<typeof PolicyDef>;
export type LintEntry = Static<typeof LintDef>;
export type ManageEntry = ManageEntries;
