import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.js';

export function registerLabelsRoutes(_app: FastifyInstance, _ctx: EmulatorContext): void {
  // filled in by the labels work
}
