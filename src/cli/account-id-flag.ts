/**
 * `--account-id ID`: an account's id, a positive whole number (digits only). The commands that talk to a
 * CRM take it as the account they must find there; `crm-schema emulator` as the id of a fresh account.
 * Anything else is a user error naming what was given.
 */
import { Flags } from '@oclif/core';
import { CrmSchemaError } from '../core/errors.js';

export function parseAccountId(input: string): number {
  const text = input.trim();
  const id = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isSafeInteger(id) && id >= 1) return id;
  const shown = JSON.stringify(input.length > 40 ? `${input.slice(0, 40)}…` : input);
  throw new CrmSchemaError(
    'ACCOUNT_ID_INVALID',
    `--account-id ${shown} is not an account id: give a positive whole number.`,
    { hint: "Give the account's id, digits only, e.g. --account-id 1000001." },
  );
}

export const accountIdFlag = Flags.custom<number>({
  helpValue: 'ID',
  parse: (input) => Promise.resolve(parseAccountId(input)),
});
