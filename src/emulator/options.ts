export interface EmulatorOptions {
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
  /** seed of the fault injection's random sequence */
  seed?: number;
  accountId?: number;
  /** a JSON or YAML file with more properties, groups, labels, event definitions and records */
  seedFile?: string;
}
