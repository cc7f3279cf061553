/**
 * Where a plan, a drift report or an apply ran: the base URL, the environment, and the account found
 * there (from its details, read before anything else). Never a token. A saved plan keeps it, and apply
 * compares it with where it runs now.
 */

/** An account as its details named it. */
export interface TargetAccount {
  /** the account's id (`portalId` in its details) */
  id: number;
  /** its name, where the details give one */
  name?: string;
  /** the host of its web interface, where the details give one */
  uiDomain?: string;
}

export interface PlanTarget {
  /** the CRM's base URL, or `local:.crm-schema/local.json` with --local */
  baseUrl: string;
  /** the environment of the project file, when one was chosen */
  environment?: string;
  /** the account found there; absent when its details could not be read (the account is unknown) */
  account?: TargetAccount;
}
