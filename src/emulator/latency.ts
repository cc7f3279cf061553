/** `--latency MS`: every reply is held back MS milliseconds, errors included, as a far-away service would. */
import type { FastifyInstance } from 'fastify';

export function installLatency(app: FastifyInstance, latencyMs: number | undefined): void {
  if (!latencyMs) return;
  app.addHook('onSend', (_request, _reply, payload, done) => {
    setTimeout(() => {
      done(null, payload);
    }, latencyMs);
  });
}
