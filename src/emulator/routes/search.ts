import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.js';

export function registerSearchRoutes(_app: FastifyInstance, _ctx: EmulatorContext): void {
  // filled in by the search work
}
