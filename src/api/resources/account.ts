/**
 * The account's details, beyond the CRM interface: which account the token reaches (its id, name, web
 * host). Read first by every command that opens a session, to check the account a project pins.
 */
import { ACCOUNT_DETAILS } from '../answer-shapes.js';
import type { Requester } from '../request.js';
import { routes } from '../../wire/routes.js';
import type { AccountDetails } from '../../wire/api.js';

export class AccountApi {
  readonly #r: Requester;
  constructor(requester: Requester) {
    this.#r = requester;
  }

  /** The details of the account the token belongs to; `portalId` is checked to be a positive whole number. */
  details(): Promise<AccountDetails> {
    return this.#r.request({
      method: 'GET',
      path: routes.accountDetails(),
      retry: 'safe',
      expect: ACCOUNT_DETAILS,
    });
  }
}
