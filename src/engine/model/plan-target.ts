/**
 * Where a plan, a drift report or an apply ran: the base URL, the environment, and the account found
 * there (from its details, read before anything else). Never a token. A saved plan keeps it, and apply
 * compares it with where it runs now.
 */

import { Type, type Static } from '../../core/json-schema.js';

/** An account as its details named it. */
export const TargetAccountShape = Type.Object(
  {
    /** the account's id (`portalId` in its details) */
    id: Type.Integer({ minimum: 1, description: "The account's id." }),
    /** its name, where the details give one */
    name: Type.Optional(
      Type.String({ maxLength: 200, description: "The account's name, where its details give one." }),
    ),
    /** the host of its web interface, where the details give one */
    uiDomain: Type.Optional(
      Type.String({
        maxLength: 200,
        description: "The host of the account's web interface, where its details give one.",
      }),
    ),
  },
  {
    description:
      'The account found there, as its details named it before anything else was read; absent when they could not be read (the account is unknown).',
    additionalProperties: false,
  },
);

export type TargetAccount = Static<typeof TargetAccountShape>;

export const PlanTargetShape = Type.Object(
  {
    /** the CRM's base URL, or `local:.crm-schema/local.json` with --local */
    baseUrl: Type.String({ description: 'Base URL of the CRM.' }),
    /** the environment of the project file, when one was chosen */
    environment: Type.Optional(Type.String({ description: 'Environment name from the project file.' })),
    /** the account found there; absent when its details could not be read (the account is unknown) */
    account: Type.Optional(TargetAccountShape),
  },
  {
    description: 'The account the plan was made for (never a token).',
    additionalProperties: false,
  },
);

export type PlanTarget = Static<typeof PlanTargetShape>;
