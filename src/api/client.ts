/**
 * The CRM client: one object per target account, its resources composed over one request loop (one
 * connection pool, one rate-limit bucket, one in-flight bound). It knows endpoints, never manifests
 * or plans.
 *
 *   const client = createClient({ baseUrl, token });
 *   const props = await client.properties.batchRead('tickets', ['escalation_level']);
 *   await client.close();
 */
import { CrmSchemaError } from '../core/errors.js';
import { Semaphore } from './concurrency.js';
import { MAX_TIMER_MS, systemClock } from './timers.js';
import { DEFAULTS, resolveRetryOptions, stripUndefined, type ClientOptions } from './options.js';
import { RollingWindowLimiter } from './rate-limit.js';
import { Requester, type RequestSpec } from './request.js';
import { AccountApi } from './resources/account.js';
import { AssociationsApi } from './resources/associations.js';
import { EventsApi } from './resources/events.js';
import { GroupsApi } from './resources/groups.js';
import { LimitsApi } from './resources/limits.js';
import { PropertiesApi } from './resources/properties.js';
import { RecordAssociationsApi } from './resources/record-associations.js';
import { RecordsApi } from './resources/records.js';
import { SearchApi } from './resources/search.js';
import { Transport } from './transport.js';
import { DEFAULT_API_VERSION, isApiVersion, API_VERSIONS, type ApiVersion } from '../wire/api-version.js';
import { routesFor } from '../wire/routes.js';

export class CrmClient {
  /** the target, without any credentials a URL might carry */
  readonly baseUrl: string;
  /** the API version whose paths every call uses */
  readonly apiVersion: ApiVersion;
  readonly properties: PropertiesApi;
  readonly groups: GroupsApi;
  readonly records: RecordsApi;
  readonly search: SearchApi;
  readonly associations: AssociationsApi;
  /** labelled links between records (v4 record associations) */
  readonly recordAssociations: RecordAssociationsApi;
  readonly limits: LimitsApi;
  readonly events: EventsApi;
  /** the account's details (which account the token reaches) */
  readonly account: AccountApi;
  readonly #transport: Transport;
  readonly #limiter: RollingWindowLimiter;
  readonly #searchLimiter: RollingWindowLimiter;
  readonly #requester: Requester;

  constructor(options: ClientOptions) {
    if (!options.token) {
      throw new CrmSchemaError('AUTH', 'No access token was given to the CRM client.', {
        hint: 'Set CRM_ACCESS_TOKEN (or the variable your environment names) to the account token.',
      });
    }
    const url = parseBaseUrl(options.baseUrl);
    this.baseUrl = url;
    this.apiVersion = checkedVersion(options.apiVersion ?? DEFAULT_API_VERSION);
    const routes = routesFor(this.apiVersion);
    const maxInFlight = options.maxInFlight ?? DEFAULTS.maxInFlight;
    const rate = { ...DEFAULTS.rateLimit, ...stripUndefined(options.rateLimit ?? {}) };
    this.#transport = new Transport({
      baseUrl: url,
      token: options.token,
      connections: maxInFlight,
      timeoutMs: positiveMs('timeoutMs', options.timeoutMs ?? DEFAULTS.timeoutMs),
      connectTimeoutMs: positiveMs('connectTimeoutMs', options.connectTimeoutMs ?? DEFAULTS.connectTimeoutMs),
      responseTimeoutMs: positiveMs(
        'responseTimeoutMs',
        options.responseTimeoutMs ?? DEFAULTS.responseTimeoutMs,
      ),
      keepAliveMs: options.keepAliveMs ?? DEFAULTS.keepAliveMs,
      maxResponseBytes: positive('maxResponseBytes', options.maxResponseBytes ?? DEFAULTS.maxResponseBytes),
    });
    const clock = options.clock ?? systemClock;
    this.#limiter = new RollingWindowLimiter(rate.requests, rate.intervalMs, {
      adaptive: rate.adaptive,
      clock,
    });
    // search's limit is the platform's, not the app's: never adapted from the general headers
    this.#searchLimiter = new RollingWindowLimiter(
      options.searchPerSecond ?? DEFAULTS.searchPerSecond,
      1000,
      { adaptive: false, clock },
    );
    const requester = new Requester({
      transport: this.#transport,
      slots: new Semaphore(maxInFlight),
      limiter: this.#limiter,
      searchLimiter: this.#searchLimiter,
      retry: resolveRetryOptions(options.retry),
      clock,
      ...(options.onRequest ? { onRequest: options.onRequest } : {}),
      ...(options.onResponse ? { onResponse: options.onResponse } : {}),
    });
    this.#requester = requester;
    this.properties = new PropertiesApi(requester, routes);
    this.groups = new GroupsApi(requester, routes);
    this.records = new RecordsApi(requester, routes);
    this.search = new SearchApi(requester, routes);
    this.associations = new AssociationsApi(requester, routes);
    this.recordAssociations = new RecordAssociationsApi(requester, routes);
    this.limits = new LimitsApi(requester, routes);
    this.events = new EventsApi(requester, routes);
    this.account = new AccountApi(requester, routes);
  }

  /**
   * One request exactly as given, through the same loop as the typed methods (rate limit, in-flight
   * bound, retries, log hook). For callers that hold the exact requests to send: apply sends the
   * planner's requests, so that `apply --dry-run` and the wire agree by construction. `retry` must say
   * whether the request may be repeated (`unsafe` for creates).
   */
  request<T>(spec: RequestSpec<T>): Promise<T> {
    return this.#requester.request<T>(spec);
  }

  /** The bucket's current numbers (after adapting to the server's headers). */
  get rateLimit(): { requests: number; intervalMs: number } {
    return { requests: this.#limiter.max, intervalMs: this.#limiter.intervalMs };
  }

  /** Closes idle connections and waits for requests in flight. */
  async close(): Promise<void> {
    this.#limiter.close();
    this.#searchLimiter.close();
    await this.#transport.close();
  }
}

export function createClient(options: ClientOptions): CrmClient {
  return new CrmClient(options);
}

function checkedVersion(version: ApiVersion): ApiVersion {
  if (isApiVersion(version)) return version;
  throw new CrmSchemaError(
    'CONFIG',
    `The API version '${String(version)}' is not one this client speaks (${API_VERSIONS.join(', ')}).`,
  );
}

function parseBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CrmSchemaError('CONFIG', `The base URL '${raw}' is not a URL.`, {
      hint: 'Give a full URL such as https://api.example.com (--base-url or CRM_BASE_URL).',
    });
  }
  if (url.username || url.password || url.search) {
    throw new CrmSchemaError('CONFIG', 'The base URL must not carry credentials or a query.', {
      hint: 'Give the token through CRM_ACCESS_TOKEN, never in the URL.',
    });
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** A timeout a timer can take: more than 0, at most 2^31-1 ms. */
function positiveMs(name: string, value: number): number {
  if (Number.isFinite(value) && value > 0 && value <= MAX_TIMER_MS) return value;
  throw new CrmSchemaError(
    'CONFIG',
    `The client option ${name} must be a number of ms above 0 (got ${value}).`,
    {
      hint: `Give ${name} between 1 and ${MAX_TIMER_MS}.`,
    },
  );
}

function positive(name: string, value: number): number {
  if (Number.isSafeInteger(value) && value > 0) return value;
  throw new CrmSchemaError(
    'CONFIG',
    `The client option ${name} must be a whole number above 0 (got ${value}).`,
  );
}
