/**
 * The apply record's shape, declared once: its TypeScript type and `schemas/apply-record.schema.json`
 * (written by `npm run build:schemas`) both come from here. One record per apply (not a dry run): when,
 * who, from which commit, against which account and API version, and per change what it did, with the
 * live definition before and the definition after. Never a token; record values only where the policy
 * lets plans quote them, never a sensitive property's.
 */
import { Type, anyJson, constant, oneOfValues, type Static } from '../../../core/json-schema.js';
import { API_VERSIONS } from '../../../wire/api-version.js';
import { PlanTargetShape } from '../../model/plan-target.js';

export const RECORD_FORMAT_VERSION = 1;

/** A record id as apply names its files: letters, digits, `-`, `.` and `_` only. */
export const RECORD_ID = /^[\w.-]{1,200}$/;

/**
 * What apply did with a change. Two more than a report has, for a run that stopped before its end (killed,
 * or interrupted by SIGINT or SIGTERM): `interrupted`, a write of it was sent and its answer never came
 * back to the record (it may or may not have been applied), and `not-run`, nothing of it was sent.
 */
export const OUTCOMES = ['applied', 'already-done', 'failed', 'skipped', 'interrupted', 'not-run'] as const;

export type RecordOutcome = (typeof OUTCOMES)[number];

/** What a change's data step wrote: counts always, and the records it wrote, up to a bound. */
export const RecordWritesShape = Type.Object(
  {
    read: Type.Integer({ minimum: 0, description: 'Records read (every page of every pass).' }),
    written: Type.Integer({ minimum: 0, description: 'Records whose value was written.' }),
    verified: Type.Boolean({ description: 'The last pass found every record as wanted.' }),
    conflicts: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Records left undecided: a value the copy did not write.' }),
    ),
    records: Type.Array(
      Type.Object(
        {
          id: Type.String({ description: "The record's id." }),
          property: Type.String({ description: 'The property written.' }),
          before: Type.Optional(
            Type.String({ description: 'Its value before (only where the policy shows record values).' }),
          ),
          after: Type.Optional(
            Type.String({ description: 'The value written (only where the policy shows record values).' }),
          ),
        },
        { description: 'One value written.', additionalProperties: false },
      ),
      { description: 'The values written, in order, up to the bound (see partial).' },
    ),
    partial: Type.Boolean({
      description:
        'true when records lists fewer values than were written (the bound was reached): the counts are whole.',
    }),
    valuesShown: Type.Boolean({
      description:
        "Whether before and after hold values: the target's policy shows record values and the property is not sensitive.",
    }),
  },
  { description: "What the change's data step did to records.", additionalProperties: false },
);

export const RecordedChangeShape = Type.Object(
  {
    id: Type.String({ description: 'The change id, `<type> <address>`.' }),
    type: Type.String({ description: 'The change type.' }),
    address: Type.String({ description: 'The address of the resource.' }),
    message: Type.String({ description: 'The change in one line.' }),
    outcome: oneOfValues(OUTCOMES, 'What apply did with it.'),
    meta: anyJson("The change's data, as the plan held it."),
    before: Type.Optional(anyJson('The live definition before the apply; absent: there was none.')),
    after: Type.Optional(
      anyJson('The definition the change leaves (when it applied); absent: none (an archive, a delete).'),
    ),
    error: Type.Optional(Type.String({ description: 'Why it failed.' })),
    data: Type.Optional(RecordWritesShape),
  },
  { description: 'One change of the plan.', additionalProperties: false },
);

export const ApplyRecordShape = Type.Object(
  {
    formatVersion: constant(RECORD_FORMAT_VERSION, 'Version of this format.'),
    id: Type.String({
      description: 'The record id: its start time and the plan digest, also its file name.',
    }),
    startedAt: Type.String({ description: 'When the apply started (ISO 8601).' }),
    finishedAt: Type.Optional(
      Type.String({ description: 'When it ended (ISO 8601); absent while it runs, or when it was killed.' }),
    ),
    complete: Type.Optional(
      Type.Boolean({
        description:
          'false while the apply runs, and when it stopped before its end (killed, or interrupted by a signal): the outcomes say what was sent. Absent: complete.',
      }),
    ),
    stoppedBy: Type.Optional(
      Type.String({ description: 'The signal that interrupted the apply (SIGINT, SIGTERM), when one did.' }),
    ),
    actor: Type.Object(
      {
        name: Type.String({ description: 'The CI actor, or the user of the machine.' }),
        source: oneOfValues(['ci', 'machine'] as const, 'Where the name comes from.'),
      },
      { description: 'Who ran it.', additionalProperties: false },
    ),
    git: Type.Optional(
      Type.Object(
        {
          commit: Type.Optional(Type.String({ description: 'The commit checked out.' })),
          branch: Type.Optional(Type.String({ description: 'The branch, when on one.' })),
          uncommitted: Type.Optional(
            Type.Boolean({
              description:
                'true when the project file or a manifest had changes not committed: the commit alone does not hold what was applied.',
            }),
          ),
        },
        {
          description: 'Where the manifests came from, when in a git repository.',
          additionalProperties: false,
        },
      ),
    ),
    target: PlanTargetShape,
    apiVersion: oneOfValues(API_VERSIONS, 'The API version the calls used.'),
    planDigest: Type.String({ description: 'Digest of the changes applied (canonical JSON).' }),
    manifestDigest: Type.String({ description: 'Digest of the manifests.' }),
    ok: Type.Boolean({ description: 'Nothing failed.' }),
    masked: Type.Optional(
      Type.Boolean({
        description:
          'true when the output gate masked a secret (the token, or text shaped like a credential) in the record: the masked text (`***`) is not what the account held, so rollback does not put it back.',
      }),
    ),
    rollbackOf: Type.Optional(Type.String({ description: 'The id of the record this apply rolled back.' })),
    rollbackDigest: Type.Optional(
      Type.String({
        description: 'The digest of the record this apply rolled back, as the record store held it.',
      }),
    ),
    changes: Type.Array(RecordedChangeShape, { description: 'Every change of the plan, in plan order.' }),
  },
  {
    description:
      "What one `crm-schema apply` did: written to the project's record folder, read by `history`.",
    additionalProperties: false,
  },
);

export type ApplyRecord = Static<typeof ApplyRecordShape>;
export type RecordedChange = Static<typeof RecordedChangeShape>;
export type RecordWrites = Static<typeof RecordWritesShape>;
