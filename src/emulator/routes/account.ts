/**
 * The account details, beyond the CRM interface: the platform's account information endpoint, served
 * under its legacy path and its two date-versioned ones. Any accepted token may read them (auth is
 * checked first, as on every route); they change nothing.
 */
import type { FastifyInstance } from 'fastify';
import { accountDetails, type DetailsVersion } from '../account/details.js';
import type { EmulatorContext } from '../context.js';

/** path -> the form of the answer */
export const ACCOUNT_DETAILS_PATHS: Readonly<Record<string, DetailsVersion>> = {
  '/account-info/v3/details': 'legacy',
  '/account-info/2026-03/details': '2026-03',
  '/account-info/2026-09/details': '2026-09',
};

export function registerAccountRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  for (const [path, version] of Object.entries(ACCOUNT_DETAILS_PATHS)) {
    app.get(path, () => accountDetails(ctx.state, version));
  }
}
