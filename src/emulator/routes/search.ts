/**
 * Search records of any object type (`POST {objects}/{objectType}/search`, in every family), with the platform's
 * operators, sorts, paging and limits and its own secondly rate limit.
 */
import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { objectTypeFor } from '../records/access.js';
import { SecondlyLimiter, secondlyLimitError } from '../records/search-limit.js';
import { parseSearchRequest } from '../records/search-request.js';
import { runSearch } from '../records/search-run.js';
import type { RouteFamily } from './families.js';

interface TypeParams {
  objectType: string;
}

/** One secondly limit per token, whichever family's path a search takes. */
export function registerSearchRoutes(
  app: FastifyInstance,
  ctx: EmulatorContext,
  families: readonly RouteFamily[],
): void {
  const limiter = new SecondlyLimiter();
  for (const family of families) registerSearch(app, ctx, family, limiter);
}

function registerSearch(
  app: FastifyInstance,
  ctx: EmulatorContext,
  family: RouteFamily,
  limiter: SecondlyLimiter,
): void {
  app.post<{ Params: TypeParams }>(`${family.objects}/:objectType/search`, (request) => {
    const objectType = objectTypeFor(ctx, request, request.params.objectType, 'read');
    if (!limiter.allow(request.grant.token, Date.parse(ctx.now()))) throw secondlyLimitError();
    // the limit counts the body as sent; without a length header, its JSON form
    const header = Number(request.headers['content-length']);
    const length = Number.isFinite(header) && header > 0 ? header : JSON.stringify(request.body ?? {}).length;
    return runSearch(objectType, parseSearchRequest(request.body, length));
  });
}
