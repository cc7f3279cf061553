/**
 * A saved plan (`plan --out FILE`), read for apply and checked before anything is read or written:
 * valid JSON of a known format version, not edited (its stored requests match its changes), made by a
 * compatible crm-schema, for this target (base URL and environment), from these manifests (digest);
 * then, once the session has read the account's details (its first call), against this account.
 * Each refusal is a CrmSchemaError naming the mismatch and what to do; apply exits 1.
 */
import { DEFAULT_API_VERSION, type ApiVersion } from '../../wire/api-version.js';
import { resolve } from 'node:path';
import { CrmSchemaError, isCrmSchemaError } from '../../core/errors.js';
import { isFileRefusal, readRegularFile } from '../../core/regular-file.js';
import { jsonDepthExceeds } from '../../core/json-depth.js';
import { neutralize } from '../../core/control-chars.js';
import type { TargetAccount } from '../model/plan-target.js';
import { PLAN_FORMAT_VERSION, readPlanDocument, type PlanDocument } from '../plan/plan-document.js';
import { planShapeProblems } from './plan-schema.js';

export interface SavedPlanExpectations {
  /** this crm-schema's version */
  toolVersion: string;
  /** where apply runs now (as `planTargetOf` gives it) */
  target: { baseUrl: string; environment?: string };
  /** digest of the current manifests (`manifestDigest`) */
  manifestDigest: string;
  /** the API version apply's target speaks now */
  apiVersion: ApiVersion;
}

/** A plan document is about a dozen levels deep; request bodies add a few. */
const MAX_PLAN_DEPTH = 64;

const REPLAN =
  'Make a new plan for this target from the current manifests (crm-schema plan --out FILE), review it, and apply that.';

const UNEDITED = 'Give the file that crm-schema plan --out wrote, unedited; or make the plan again.';

/** The hint of a file that is no plan file, naming the error code (as diagnostics name theirs). */
function invalidHint(hint: string): string {
  return `${hint} (error code PLAN_FILE_INVALID)`;
}

/** Parses and checks the file's text; `file` names it in messages. */
export function parseSavedPlan(text: string, file: string): PlanDocument {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    throw new CrmSchemaError(
      'PLAN_FILE_INVALID',
      `${file} is not a plan file: ${(error as Error).message}.`,
      { hint: invalidHint('Give the file that crm-schema plan --out wrote.') },
    );
  }
  if (
    typeof value !== 'object' ||
    value === null ||
    !Array.isArray((value as { changes?: unknown }).changes)
  ) {
    throw new CrmSchemaError('PLAN_FILE_INVALID', `${file} is not a plan file: it has no list of changes.`, {
      hint: invalidHint('Give the file that crm-schema plan --out wrote.'),
    });
  }
  if (jsonDepthExceeds(value, MAX_PLAN_DEPTH)) {
    throw new CrmSchemaError(
      'PLAN_FILE_INVALID',
      `${file} is not a plan file: it is nested more than ${MAX_PLAN_DEPTH} levels deep. Nothing was applied.`,
      { hint: invalidHint(UNEDITED) },
    );
  }
  const version = (value as { formatVersion?: unknown }).formatVersion;
  const problems = version === PLAN_FORMAT_VERSION ? planShapeProblems(value) : [];
  if (problems.length > 0) {
    throw new CrmSchemaError(
      'PLAN_FILE_INVALID',
      `${file} does not have the shape of a plan file: ${problems.join('; ')}. Nothing was applied.`,
      {
        hint: invalidHint(UNEDITED),
        meta: { problems },
      },
    );
  }
  try {
    return readPlanDocument(value);
  } catch (error) {
    // the planner's message says what is wrong; say which file
    if (isCrmSchemaError(error)) {
      throw new CrmSchemaError(error.code, `${file}: ${error.message}`, {
        hint: error.hint,
        meta: error.meta,
      });
    }
    throw error;
  }
}

/** `0.1.0` -> `0.1`, `1.4.2` -> `1`: versions that may read each other's plans (semver: 0.x minors break). */
export function compatibleLine(version: string): string {
  const [major = '', minor = ''] = version.split('.');
  return major === '0' ? `0.${minor}` : major;
}

/** Throws when the plan was made by another major version, for another target, or from other manifests. */
export function checkSavedPlan(plan: PlanDocument, file: string, expected: SavedPlanExpectations): void {
  const { tool, target, manifestDigest, settings } = plan;
  if (tool === undefined || target === undefined || manifestDigest === undefined || settings === undefined) {
    throw new CrmSchemaError(
      'PLAN_NOT_SAVED',
      `${file} is a plan without its target, tool version, manifest digest and settings, so apply cannot check it.`,
      { hint: 'Save plans for apply with crm-schema plan --out FILE.' },
    );
  }
  if (compatibleLine(tool.version) !== compatibleLine(expected.toolVersion)) {
    throw new CrmSchemaError(
      'PLAN_TOOL_VERSION',
      `${file} was made by crm-schema ${tool.version}; this is crm-schema ${expected.toolVersion}, which applies only plans made by crm-schema ${compatibleLine(expected.toolVersion)}.x.`,
      { hint: `Apply it with crm-schema ${tool.version}, or make the plan again with this version.` },
    );
  }
  const mismatches: string[] = [];
  if (trimSlash(target.baseUrl) !== trimSlash(expected.target.baseUrl)) {
    mismatches.push(`base URL ${target.baseUrl} (now ${expected.target.baseUrl})`);
  }
  if ((target.environment ?? null) !== (expected.target.environment ?? null)) {
    mismatches.push(
      `environment ${target.environment ?? '(none)'} (now ${expected.target.environment ?? '(none)'})`,
    );
  }
  if (mismatches.length > 0) {
    throw new CrmSchemaError(
      'PLAN_OTHER_TARGET',
      `${file} was made for another target: ${mismatches.join(', ')}. Nothing was applied.`,
      { hint: REPLAN, meta: { planned: target, now: expected.target } },
    );
  }
  const planned = plan.apiVersion ?? DEFAULT_API_VERSION;
  if (planned !== expected.apiVersion) {
    throw new CrmSchemaError(
      'PLAN_API_VERSION',
      `${file} was made for API version ${planned}, but the target now speaks ${expected.apiVersion}: its requests are on the other version's paths. Nothing was applied.`,
      {
        hint: `Apply it with --api-version ${planned}; or make the plan again on ${expected.apiVersion} (crm-schema plan --out FILE), review it, and apply that.`,
        meta: { planned, now: expected.apiVersion },
      },
    );
  }
  if (manifestDigest !== expected.manifestDigest && plan.rollback !== undefined) {
    throw new CrmSchemaError(
      'PLAN_OTHER_MANIFESTS',
      `${file} was made from another apply record than the one it carries now (digest ${short(manifestDigest)}, now ${short(expected.manifestDigest)}): it was edited. Nothing was applied.`,
      {
        hint: 'Make the rollback plan again (crm-schema rollback RECORD --out FILE), review it, and apply that.',
        meta: { planned: manifestDigest, now: expected.manifestDigest },
      },
    );
  }
  if (manifestDigest !== expected.manifestDigest) {
    throw new CrmSchemaError(
      'PLAN_OTHER_MANIFESTS',
      `${file} was made from other manifests than the current ones (digest ${short(manifestDigest)}, now ${short(expected.manifestDigest)}). Nothing was applied.`,
      { hint: REPLAN, meta: { planned: manifestDigest, now: expected.manifestDigest } },
    );
  }
}

/**
 * Throws PLAN_OTHER_ACCOUNT when the account the session found is not the one the plan was made against,
 * whether or not the environment pins one: a plan is applied to the account it was reviewed for. A plan
 * made where the account's details could not be read applies only where they still cannot, and the other
 * way round: what cannot be compared is refused.
 */
export function checkSavedAccount(plan: PlanDocument, file: string, now: TargetAccount | undefined): void {
  const planned = plan.target?.account;
  if (planned?.id === now?.id) return;
  const what = (account: TargetAccount | undefined): string => {
    if (account === undefined) return 'an account whose details could not be read';
    const label = account.name ?? account.uiDomain;
    const shown = label === undefined ? '' : ` (${neutralize(label.slice(0, 100), { oneLine: true })})`;
    return `account ${account.id}${shown}`;
  };
  throw new CrmSchemaError(
    'PLAN_OTHER_ACCOUNT',
    `${file} was made against ${what(planned)}, but the token now reaches ${what(now)}. Nothing was applied.`,
    {
      hint:
        'Check that the token variable holds the token of the account the plan was made for; or make a new ' +
        'plan against this account (crm-schema plan --out FILE), review it, and apply that.',
      meta: { planned: planned?.id ?? null, now: now?.id ?? null },
    },
  );
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function short(digest: string): string {
  return digest.replace(/^sha256:/, '').slice(0, 12);
}

/** Reads a saved plan file (a regular file only) and checks it: `parseSavedPlan`. */
export async function readSavedPlan(cwd: string, file: string): Promise<PlanDocument> {
  let text: string;
  try {
    // only a regular file: a FIFO (or /dev/stdin on a pipe) would block, a device such as /dev/zero never ends
    text = (await readRegularFile(resolve(cwd, file))).toString('utf8');
  } catch (error) {
    if (isFileRefusal(error)) {
      throw new CrmSchemaError(
        'PLAN_FILE_UNREADABLE',
        `The plan file ${file} is ${error.kind}, not a regular file; it was not read.`,
        { hint: 'Give the path of a file written by crm-schema plan --out FILE.' },
      );
    }
    throw new CrmSchemaError(
      'PLAN_FILE_UNREADABLE',
      `Cannot read the plan file ${file}: ${(error as Error).message}`,
      {
        hint: 'Give the path of a file written by crm-schema plan --out FILE.',
      },
    );
  }
  return parseSavedPlan(text, file);
}
