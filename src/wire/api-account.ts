/** Wire types of the account details; part of `api.ts`, which re-exports them. */

// ---------------------------------------------------------------------------------------------
// Account details (beyond the CRM interface: the platform's account information endpoint)
// ---------------------------------------------------------------------------------------------

export const ACCOUNT_TYPES = ['STANDARD', 'DEVELOPER_TEST', 'SANDBOX', 'APP_DEVELOPER'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/**
 * GET /account-info/v3/details (and the date-versioned `/account-info/2026-03/details`): every field is
 * required there; `/account-info/2026-09/details` adds the optional `portalName` and `createdAt`.
 */
export interface AccountDetails {
  /** the account's id */
  portalId: number;
  accountType: AccountType | (string & {});
  /** e.g. `Europe/Paris` */
  timeZone: string;
  /** ISO 4217, e.g. `EUR` */
  companyCurrency: string;
  additionalCurrencies: string[];
  /** e.g. `+01:00` */
  utcOffset: string;
  utcOffsetMilliseconds: number;
  /** the host of the account's web interface */
  uiDomain: string;
  /** where the account's data is kept, e.g. `eu1` */
  dataHostingLocation: string;
  /** 2026-09 on: the account's name */
  portalName?: string;
  /** 2026-09 on: when the account was created (ISO 8601) */
  createdAt?: string;
  [key: string]: unknown;
}
