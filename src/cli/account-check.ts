/**
 * The first call of every session: which account does the token reach? The account's details are read
 * before any other request, read or write, and compared with the account the target pins
 * (`--account-id`, or the environment's `accountId`):
 *
 * - pinned, another account: ACCOUNT_MISMATCH, naming both ids; nothing else is called;
 * - pinned, the details cannot be read (no such endpoint, a missing scope, an answer of another shape):
 *   ACCOUNT_UNCONFIRMED; the check fails closed;
 * - not pinned, the details cannot be read: one warning, and the command goes on with the account unknown.
 *
 * A rejected token, an unreachable server or a rate limit the client could not wait out is no answer
 * about the account at all: that error stops the command as it is, pinned or not (every later call would
 * meet it too).
 */
import type { CrmClient } from '../api/client.js';
import { isApiError, type ApiErrorCode, type CrmApiError } from '../api/errors.js';
import { printable } from '../api/answer-text.js';
import { CrmSchemaError } from '../core/errors.js';
import { defined } from '../core/defined.js';
import type { TargetAccount } from '../engine/model/plan-target.js';
import type { AccountDetails } from '../wire/api.js';
import { describeTarget, LOCAL_DATA_FILE, type AccountPin, type Target } from './target.js';

/** Errors that say nothing about the account: they stop the command unchanged. */
const NO_ANSWER: ReadonlySet<ApiErrorCode> = new Set(['AUTH', 'NETWORK', 'RATE_LIMIT']);

/** The longest account name or web host kept (the rest of a longer one is cut). */
export const MAX_ACCOUNT_TEXT = 100;

/**
 * Reads the account's details and checks the pin. Returns the account found, or undefined when its
 * details could not be read and nothing pins it (`warn` has said so).
 */
export async function checkAccount(
  client: CrmClient,
  target: Target,
  warn: (line: string) => void,
): Promise<TargetAccount | undefined> {
  let details: AccountDetails;
  try {
    details = await client.account.details();
  } catch (error) {
    if (!isApiError(error) || NO_ANSWER.has(error.code)) throw error;
    if (target.pin !== undefined) throw accountUnconfirmed(target, target.pin, error);
    warn(
      `Warning: the account at ${describeTarget(target)} could not be identified (${printable(error.message, 300)}); ` +
        'going on with the account unknown.',
    );
    return undefined;
  }
  const account = accountOf(details);
  if (target.pin !== undefined && account.id !== target.pin.id)
    throw accountMismatch(target, target.pin, account);
  return account;
}

/** The account as the details name it: the id, and the name and web host cut to a length a line holds. */
export function accountOf(details: AccountDetails): TargetAccount {
  const cut = (text: string | undefined) =>
    text === undefined || text.trim() === '' ? undefined : text.trim().slice(0, MAX_ACCOUNT_TEXT);
  return {
    id: details.portalId,
    ...defined({ name: cut(details.portalName), uiDomain: cut(details.uiDomain) }),
  };
}

/** The project file that declares the target's environment. */
function projectFile(target: Target): string {
  return target.environment?.source.file ?? 'crm-schema.yaml';
}

/** `environment production pins account 111 (accountId in crm-schema.yaml)`, `--account-id pins account 111` */
function pinText(target: Target, pin: AccountPin): string {
  if (pin.from === '--account-id') return `--account-id pins account ${pin.id}`;
  return `environment ${target.environment?.name ?? '?'} pins account ${pin.id} (accountId in ${projectFile(target)})`;
}

/** Whose token reached the account: `the token in CRM_TOKEN_PRODUCTION reaches`, `the local emulator holds` */
function reachedBy(target: Target): string {
  return target.kind === 'remote'
    ? `the token in ${target.tokenEnv} reaches`
    : `the local emulator (${LOCAL_DATA_FILE}) holds`;
}

function accountMismatch(target: Target, pin: AccountPin, live: TargetAccount): CrmSchemaError {
  const label = live.name ?? live.uiDomain;
  const named = label === undefined ? '' : ` (${printable(label, MAX_ACCOUNT_TEXT)})`;
  const where = target.kind === 'remote' ? ` at ${target.baseUrl}` : '';
  const fixPin =
    pin.from === '--account-id'
      ? `If the account really is ${live.id}, give --account-id ${live.id}.`
      : `If environment ${target.environment?.name ?? '?'} really is account ${live.id} now, change its accountId in ${projectFile(target)}.`;
  const fixToken =
    target.kind === 'remote'
      ? `Is ${target.tokenEnv} holding the token of another account (staging's in production's variable, say)? ` +
        `Set it to the token of account ${pin.id}. `
      : '';
  return new CrmSchemaError(
    'ACCOUNT_MISMATCH',
    `Wrong account: ${pinText(target, pin)}, but ${reachedBy(target)} account ${live.id}${named}${where}. ` +
      'Nothing else was read or changed.',
    {
      hint: `${fixToken}${fixPin}`,
      meta: {
        pinned: pin.id,
        live: live.id,
        pinnedBy: pin.from,
        ...defined({ environment: target.environment?.name }),
      },
    },
  );
}

function accountUnconfirmed(target: Target, pin: AccountPin, error: CrmApiError): CrmSchemaError {
  return new CrmSchemaError(
    'ACCOUNT_UNCONFIRMED',
    `Cannot confirm the account: ${pinText(target, pin)}, but its details could not be read ` +
      `(${printable(error.message, 300)}). Nothing else was read or changed.`,
    {
      hint:
        `The pin is checked against the account's details before anything else; a CRM that does not answer ` +
        `them cannot be confirmed to be account ${pin.id}. Check the base URL (${describeTarget(target)}) and that the ` +
        `token may read the account's details.`,
      meta: { pinned: pin.id, cause: error.code, ...defined({ environment: target.environment?.name }) },
    },
  );
}
