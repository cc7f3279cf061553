/**
 * Options of `startEmulator()` and of the `crm-schema emulator` command (which maps its flags onto
 * these), with their validation. Invalid options are a user error (CrmSchemaError) naming the option.
 */
import type { RequiredPropertyRule } from './records/required-rules.js';
import type { FastifyInstance } from 'fastify';
import { CrmSchemaError } from '../core/errors.js';
import type { EmulatorContext } from './context.js';

/**
 * Kinds of injected faults:
 * - `500`, `503` (with `Retry-After: 1`), `429` (the TEN_SECONDLY_ROLLING body): answered before the
 *   request is processed, so nothing changes;
 * - `drop-before`: the connection is closed without a reply before the request is processed;
 * - `drop-after`: the request is processed (and its changes persisted), then the connection is closed
 *   without a reply: the client cannot know the outcome of its write.
 */
export const FAULT_KINDS = ['500', '503', '429', 'drop-before', 'drop-after'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
/** each fault kind's own probability (0 to 1, summing to at most 1), e.g. `{ '429': 0.1, '500': 0.05 }` */
export type FaultWeights = Partial<Record<FaultKind, number>>;

export interface EmulatorOptions {
  /**
   * the account's conditional required-property rules: record writes on the 2026-09 paths that break
   * one are refused (VALIDATION_ERROR, MISSING_CONDITIONAL_REQUIRED_PROPERTY); other versions ignore them
   */
  requiredPropertyRules?: RequiredPropertyRule[];
  /** the time, in ms since the epoch: what timestamps and rate limits read (tests give a virtual one) */
  clock?: () => number;
  /** 0 (default) picks a free port */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** state persisted there and loaded on start; without it, state is in memory only */
  dataFile?: string;
  /** accepted tokens, each `T` or `T:scope1,scope2`; none: one is generated */
  tokens?: string[];
  /** delay added to every response, in milliseconds */
  latencyMs?: number;
  /** requests per rolling 10 s per token; undefined: no limit */
  rateLimit?: number;
  /** fraction (0..1) of requests answered 500/503/429 or with a dropped connection */
  faultRate?: number;
  /** seed of the fault injection's random sequence (default 1) */
  seed?: number;
  /**
   * the id of a fresh account (default DEFAULT_ACCOUNT_ID, the same on every start): the account details
   * answer it as `portalId`; a state loaded from `dataFile` keeps its own, and a different one is refused
   */
  accountId?: number;
  /** a JSON or YAML file with more properties, groups, labels, event definitions and records */
  seedFile?: string;
  /** requests per UTC day for the whole account (all tokens); undefined: no limit */
  dailyLimit?: number;
  /** the fault kinds `faultRate` draws from, evenly; default all of FAULT_KINDS */
  faultKinds?: readonly FaultKind[];
  /**
   * each kind's own probability instead of `faultRate` split evenly (not with `faultRate`/`faultKinds`):
   * `{ '429': 0.1, '500': 0.025, '503': 0.025, 'drop-before': 0.01, 'drop-after': 0.01 }` gives 10% 429s,
   * 5% 5xx and 2% dropped connections
   */
  faultWeights?: FaultWeights;
  /** `Retry-After` in seconds of the injected 429 and 503 faults; default 1 (0: retry at once, for fast tests) */
  faultRetryAfterSeconds?: number;
  /** length of the rolling rate-limit window in ms; default 10,000 (shorter values are meant for tests) */
  rateLimitWindowMs?: number;
  /**
   * with `dataFile`: journal size in bytes above which the next write rewrites the whole data file and
   * empties the journal; default a quarter of the data file, at least 1 MiB (small values are meant for tests)
   */
  journalLimitBytes?: number;
  /** largest accepted request body in bytes; default 8 MiB (larger: 413) */
  bodyLimitBytes?: number;
  /** registers extra routes (e.g. a test fixture); they get the same auth, limits, faults and persistence */
  extend?: (app: FastifyInstance, ctx: EmulatorContext) => void;
  /** receives one line per unexpected server-side failure (a 500 that is not an injected fault) */
  log?: (line: string) => void;
  /**
   * receives one line per answered request: method, path (its query too), status, time taken. Never a
   * header (the token is one) nor a body.
   */
  requestLog?: (line: string) => void;
}

/** The id of a fresh account when `accountId` is not given: the same on every start. */
export const DEFAULT_ACCOUNT_ID = 1000001;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_BODY_LIMIT = 8 * 1024 * 1024;
export const DEFAULT_RATE_WINDOW_MS = 10_000;
export const DEFAULT_SEED = 1;

function invalid(option: string, message: string, hint: string): CrmSchemaError {
  return new CrmSchemaError('EMULATOR_BAD_OPTION', `Invalid emulator option ${option}: ${message}`, {
    hint,
    meta: { option },
  });
}

function checkInteger(
  name: string,
  value: number | undefined,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
  hint = `Give ${name} a whole number.`,
) {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw invalid(name, `${value} is not an integer from ${min} to ${max}.`, hint);
  }
}

/** Throws a CrmSchemaError naming the first invalid option. */
export function validateOptions(options: EmulatorOptions): void {
  checkInteger('port', options.port, 0, 65535);
  checkInteger('latencyMs', options.latencyMs, 0, 600_000);
  checkInteger('rateLimit', options.rateLimit, 1);
  checkInteger('dailyLimit', options.dailyLimit, 1);
  checkInteger('rateLimitWindowMs', options.rateLimitWindowMs, 1);
  checkInteger('bodyLimitBytes', options.bodyLimitBytes, 1);
  checkInteger('journalLimitBytes', options.journalLimitBytes, 0);
  checkInteger(
    'accountId',
    options.accountId,
    1,
    Number.MAX_SAFE_INTEGER,
    `Give accountId a positive whole number: the id the account details answer as portalId (default ${DEFAULT_ACCOUNT_ID}).`,
  );
  checkInteger('seed', options.seed, -(2 ** 31), 2 ** 32 - 1);
  checkInteger('faultRetryAfterSeconds', options.faultRetryAfterSeconds, 0, 3600);
  const rate = options.faultRate;
  if (rate !== undefined && !(Number.isFinite(rate) && rate >= 0 && rate <= 1)) {
    throw invalid('faultRate', `${rate} is not a fraction from 0 to 1.`, 'For 5% of requests, use 0.05.');
  }
  const kinds = options.faultKinds;
  if (kinds !== undefined) {
    const unknown = kinds.filter((kind) => !(FAULT_KINDS as readonly string[]).includes(kind));
    if (unknown.length > 0 || kinds.length === 0) {
      throw invalid(
        'faultKinds',
        kinds.length === 0 ? 'the list is empty.' : `unknown kind ${unknown.join(', ')}.`,
        `Use some of: ${FAULT_KINDS.join(', ')}.`,
      );
    }
  }
  validateFaultWeights(options);
  for (const spec of options.tokens ?? []) {
    const token = spec.split(':', 1)[0] ?? '';
    if (token === '' || /\s/.test(token)) {
      throw invalid(
        'tokens',
        'a token is empty or holds whitespace.',
        'Give each token as T or T:scope1,scope2, e.g. --token dev-token.',
      );
    }
  }
}

function validateFaultWeights(options: EmulatorOptions): void {
  const weights = options.faultWeights;
  if (weights === undefined) return;
  const example = "e.g. { '429': 0.1, '500': 0.05 }";
  if (options.faultRate !== undefined || options.faultKinds !== undefined) {
    throw invalid(
      'faultWeights',
      'it cannot be combined with faultRate or faultKinds.',
      'Give each kind its probability in faultWeights alone, or use faultRate (and faultKinds).',
    );
  }
  const problem = faultWeightsProblem(weights);
  if (problem !== undefined) {
    throw invalid('faultWeights', problem, `Give fractions from 0 to 1 adding up to at most 1 (${example}).`);
  }
}

/**
 * What is wrong with fault weights (an unknown kind, a probability that is no fraction from 0 to 1, a
 * sum above 1), or undefined: the one check, for the `faultWeights` option and the `--fault-weights` flag.
 */
export function faultWeightsProblem(weights: Readonly<Record<string, unknown>>): string | undefined {
  let total = 0;
  for (const [kind, probability] of Object.entries(weights)) {
    if (!(FAULT_KINDS as readonly string[]).includes(kind))
      return `'${kind}' is not a fault kind (${FAULT_KINDS.join(', ')}).`;
    if (
      typeof probability !== 'number' ||
      !Number.isFinite(probability) ||
      probability < 0 ||
      probability > 1
    )
      return `the probability of ${kind} must be a fraction from 0 to 1, not '${String(probability)}'.`;
    total += probability;
  }
  // a little slack for decimal sums such as 0.1 + 0.2 + 0.7
  if (total > 1 + 1e-9) return `the probabilities add up to ${Number(total.toFixed(6))}, more than 1.`;
  return undefined;
}
