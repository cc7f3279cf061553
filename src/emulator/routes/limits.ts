import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.js';

export function registerLimitsRoutes(_app: FastifyInstance, _ctx: EmulatorContext): void {
  // filled in by the limits work
}
