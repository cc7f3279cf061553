/**
 * Fault injection (`--fault-rate P --seed S`, or `--fault-weights 429=0.1,500=0.05`): a seeded generator
 * draws once per request that passed auth and rate limits, so the same sequence of requests meets the same
 * faults on every run. With a rate, the faulty fraction is split evenly among the enabled kinds
 * (FAULT_KINDS in options.ts); with weights, each kind has its own probability.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EmulatorError } from './errors.js';
import type { FaultKind, FaultWeights } from './options.js';
import { mulberry32 } from './random.js';
import { rateLimitError } from './rate-limit.js';

export interface FaultSettings {
  rate: number;
  seed: number;
  kinds: readonly FaultKind[];
  /** each kind's own probability; when given, `rate` and `kinds` are not used */
  weights?: FaultWeights;
  /** `Retry-After` (seconds) of the injected 429 and 503; default 1 (0 lets fast tests retry at once) */
  retryAfterSeconds?: number;
}

/** One kind's part of [0, 1): a draw below `upTo` (and above the previous slice's) meets this kind. */
interface Slice {
  kind: FaultKind;
  upTo: number;
}

/** The faulty part of [0, 1) cut into consecutive slices, one per kind with a probability above 0. */
function slicesOf(settings: FaultSettings): Slice[] {
  const parts: [FaultKind, number][] = settings.weights
    ? Object.entries<number | undefined>(settings.weights).map(([kind, p]) => [kind as FaultKind, p ?? 0])
    : settings.kinds.map((kind) => [kind, settings.rate / settings.kinds.length]);
  const slices: Slice[] = [];
  let upTo = 0;
  for (const [kind, probability] of parts) {
    if (!(probability > 0)) continue;
    upTo += probability;
    slices.push({ kind, upTo });
  }
  return slices;
}

/** The probability that a request meets any fault. */
export function totalFaultRate(settings: FaultSettings): number {
  return slicesOf(settings).at(-1)?.upTo ?? 0;
}

/** Decides, request by request, which fault (if any) to inject. */
export class FaultPlan {
  private readonly random: () => number;
  private readonly slices: Slice[];

  constructor(settings: FaultSettings) {
    this.random = mulberry32(settings.seed);
    this.slices = slicesOf(settings);
  }

  /** the kinds this plan can draw */
  kinds(): FaultKind[] {
    return this.slices.map((slice) => slice.kind);
  }

  next(): FaultKind | undefined {
    // one draw decides both whether and which: each kind owns a slice of [0, total rate)
    const draw = this.random();
    for (const slice of this.slices) if (draw < slice.upTo) return slice.kind;
    return undefined;
  }
}

const INJECTED = '(fault injected by the emulator)';

/** The answered faults: the reply each one gets instead of processing the request. */
const ANSWERED: Partial<Record<FaultKind, (retryAfter: string) => EmulatorError>> = {
  '500': () => new EmulatorError(500, 'INTERNAL_ERROR', `Internal error ${INJECTED}.`),
  '503': (retryAfter) =>
    new EmulatorError(503, 'SERVICE_UNAVAILABLE', `Service unavailable ${INJECTED}.`, {
      headers: { 'Retry-After': retryAfter },
    }),
  '429': (retryAfter) => rateLimitError('TEN_SECONDLY_ROLLING', { 'Retry-After': retryAfter }),
};

function dropConnection(request: FastifyRequest): void {
  // Node nulls a message's socket once it is detached, whatever the typings say
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
  request.raw.socket?.destroy();
}

/** Adds fault injection; call after the auth and rate-limit hooks and after the persistence hook. */
export function installFaults(app: FastifyInstance, settings: FaultSettings): void {
  if (totalFaultRate(settings) <= 0) return;
  const plan = new FaultPlan(settings);
  const retryAfter = String(settings.retryAfterSeconds ?? 1);
  const dropAfterReply = new WeakSet<FastifyRequest>();

  app.addHook('onRequest', (request, reply, done) => {
    const kind = plan.next();
    if (kind === undefined) {
      done();
      return;
    }
    const answered = ANSWERED[kind];
    if (answered) {
      done(answered(retryAfter));
      return;
    }
    if (kind === 'drop-before') {
      // nothing is processed: the reply is taken over and the socket closed without a byte sent
      reply.hijack();
      dropConnection(request);
      done();
      return;
    }
    dropAfterReply.add(request);
    done();
  });

  if (!plan.kinds().includes('drop-after')) return;
  // registered after the persistence hook, so the request's changes are on disk before the drop
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (dropAfterReply.has(request)) dropConnection(request);
    done(null, payload);
  });
}
