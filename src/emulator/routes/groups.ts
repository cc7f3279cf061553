import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.js';

export function registerGroupsRoutes(_app: FastifyInstance, _ctx: EmulatorContext): void {
  // filled in by the groups work
}
