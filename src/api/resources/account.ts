/**
 * The account's details, beyond the CRM interface: which account the token reaches (its id, name, web
 * host). Read first by every command that opens a session, to check the account a project pins.
 */
import { ACCOUNT_DETAILS } from '../answer-shapes.js';
import type { Requester } from '../request.js';
import type { Routes } from '../../wire/routes.js';
import type { AccountDetails } from '../../wire/api.js';

export class AccountApi {
  readonly #r: Requester;
  readonly #routes: Routes;
  constructor(requester: Requester, routes: Routes) {
    this.#r = requester;
    this.#routes = routes;
  }

  /** The details of the account the token belongs to; `portalId` is checked to be a positive whole number. */
  details(): Promise<AccountDetails> {
    return this.#r.request({
      method: 'GET',
      path: this.#routes.accountDetails(),
      retry: 'safe',
      expect: ACCOUNT_DETAILS,
    });
  }
}
