/**
 * The account details, beyond the CRM interface: the platform's account information endpoint, served
 * under its legacy path and its two date-versioned ones. Any accepted token may read them (auth is
 * checked first, as on every route); they change nothing.
 */
import type { FastifyInstance } from 'fastify';
import { accountDetails } from '../account/details.js';
import type { EmulatorContext } from '../context.js';
import type { RouteFamily } from './families.js';

export function registerAccountRoutes(app: FastifyInstance, ctx: EmulatorContext, family: RouteFamily): void {
  app.get(`${family.account}/details`, () => accountDetails(ctx.state, family.version));
}
