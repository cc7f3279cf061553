/**
 * Fault injection (`--fault-rate P --seed S`): a seeded generator draws once per request that passed
 * auth and rate limits, so the same sequence of requests meets the same faults on every run. The
 * faulty fraction is split evenly among the enabled kinds (FAULT_KINDS in options.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EmulatorError } from './errors.js';
import type { FaultKind } from './options.js';
import { mulberry32 } from './random.js';
import { rateLimitError } from './rate-limit.js';

export interface FaultSettings {
  rate: number;
  seed: number;
  kinds: readonly FaultKind[];
}

/** Decides, request by request, which fault (if any) to inject. */
export class FaultPlan {
  private readonly random: () => number;

  constructor(private readonly settings: FaultSettings) {
    this.random = mulberry32(settings.seed);
  }

  next(): FaultKind | undefined {
    const { rate, kinds } = this.settings;
    const draw = this.random();
    if (draw >= rate) return undefined;
    // one draw decides both whether and which: the faulty part [0, rate) is cut into equal slices
    return kinds[Math.min(kinds.length - 1, Math.floor((draw / rate) * kinds.length))];
  }
}

const INJECTED = '(fault injected by the emulator)';

/** The answered faults: the reply each one gets instead of processing the request. */
const ANSWERED: Partial<Record<FaultKind, () => EmulatorError>> = {
  '500': () => new EmulatorError(500, 'INTERNAL_ERROR', `Internal error ${INJECTED}.`),
  '503': () =>
    new EmulatorError(503, 'SERVICE_UNAVAILABLE', `Service unavailable ${INJECTED}.`, {
      headers: { 'Retry-After': '1' },
    }),
  '429': () => rateLimitError('TEN_SECONDLY_ROLLING', { 'Retry-After': '1' }),
};

function dropConnection(request: FastifyRequest): void {
  request.raw.socket?.destroy();
}

/** Adds fault injection; call after the auth and rate-limit hooks and after the persistence hook. */
export function installFaults(app: FastifyInstance, settings: FaultSettings): void {
  if (settings.rate <= 0) return;
  const plan = new FaultPlan(settings);
  const dropAfterReply = new WeakSet<FastifyRequest>();

  app.addHook('onRequest', (request, reply, done) => {
    const kind = plan.next();
    if (kind === undefined) return done();
    const answered = ANSWERED[kind];
    if (answered) return done(answered());
    if (kind === 'drop-before') {
      // nothing is processed: the reply is taken over and the socket closed without a byte sent
      reply.hijack();
      dropConnection(request);
      return done();
    }
    dropAfterReply.add(request);
    done();
  });

  if (!settings.kinds.includes('drop-after')) return;
  // registered after the persistence hook, so the request's changes are on disk before the drop
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (dropAfterReply.has(request)) dropConnection(request);
    done(null, payload);
  });
}
