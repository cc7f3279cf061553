/**
 * Which account a command talks to, with which token and policy. Pure: the environment variables are a
 * parameter. Precedence of the base URL: `--local` > `--base-url` > `CRM_BASE_URL` > the environment's
 * `baseUrl` (the environment named by `--env`, else the project's `defaultEnvironment`).
 *
 * The account the token must reach (the pin): `--account-id`, else the environment's `accountId` when
 * the target is a CRM over HTTP (whatever gave its URL: the environment's policy applies there too). The
 * built-in emulator of `--local` is pinned by `--account-id` alone: it is no environment's account.
 *
 * A base URL that is given but empty (`--base-url ""`, `CRM_BASE_URL=` where it would be used) is an error,
 * never taken as absent: in CI it is a variable that is not set, and falling back to the project file's
 * `baseUrl` would let a pull request that edits that file choose where the token goes.
 *
 * The token comes from the variable the environment names (`tokenEnv`, default `CRM_ACCESS_TOKEN`) when
 * the base URL is the environment's; with `--base-url` or `CRM_BASE_URL` always from `CRM_ACCESS_TOKEN`,
 * so that an environment's token is never sent to another URL. The policy is the environment's when one
 * is chosen (also with `--local` or another URL), else the project's. A token is never printed, logged or
 * put into an error.
 */
import { CrmSchemaError } from '../core/errors.js';
import { DEFAULT_TOKEN_ENV } from '../core/token-env.js';
import {
  resolveEnvironment,
  type EnvironmentConfig,
  type ProjectConfig,
} from '../engine/manifest/project/config.js';
import { DEFAULT_POLICY, type Policy } from '../engine/model/policy.js';
import type { GatePolicy } from '../engine/model/policy.js';
import type { ComputePlanOptions } from '../engine/pipeline/compute-plan.js';
import type { PlanSettings } from '../engine/plan/plan-document.js';
import type { PlanTarget, TargetAccount } from '../engine/model/plan-target.js';
import { toPlanPolicy } from '../engine/live/managed-scope.js';
import { defined } from '../core/defined.js';
import { DEFAULT_API_VERSION, type ApiVersion } from '../wire/api-version.js';

export const BASE_URL_ENV = 'CRM_BASE_URL';
/** The local emulator's state file, relative to the current directory. */
export const LOCAL_DATA_FILE = '.crm-schema/local.json';

export type BaseUrlSource = '--base-url' | typeof BASE_URL_ENV | 'environment';

/** The account a target must reach, and where that was said. */
export interface AccountPin {
  id: number;
  /** `--account-id`, or the environment's `accountId` */
  from: '--account-id' | 'environment';
}

interface TargetBase {
  /** the chosen environment (its policy applies), if any */
  environment?: EnvironmentConfig;
  policy: Policy;
  /** where the policy comes from, for messages: `environment production`, `the project`, `the default policy` */
  policySource: string;
  /** the account the target must reach, when pinned */
  pin?: AccountPin;
  /** the API version every call uses: `--api-version`, else the environment's `apiVersion`, else legacy */
  apiVersion: ApiVersion;
}

export interface LocalTarget extends TargetBase {
  kind: 'local';
}

export interface RemoteTarget extends TargetBase {
  kind: 'remote';
  baseUrl: string;
  from: BaseUrlSource;
  /** the NAME of the variable holding the token */
  tokenEnv: string;
}

export type Target = LocalTarget | RemoteTarget;

export interface TargetInputs {
  local: boolean;
  baseUrl?: string | undefined;
  envName?: string | undefined;
  config?: ProjectConfig | undefined;
  env: NodeJS.ProcessEnv;
  /** `--account-id`: pins the account, over the environment's `accountId` */
  accountId?: number | undefined;
  /** `--api-version`: over the environment's `apiVersion` */
  apiVersion?: ApiVersion | undefined;
}

export function resolveTarget(inputs: TargetInputs): Target {
  const environment = chooseEnvironment(inputs.config, inputs.envName);
  const policy = environment?.policy ?? inputs.config?.policy ?? DEFAULT_POLICY;
  const policySource =
    environment !== undefined
      ? `environment ${environment.name}`
      : inputs.config !== undefined
        ? 'the project'
        : 'the default policy';
  const flagPin =
    inputs.accountId === undefined ? undefined : { id: inputs.accountId, from: '--account-id' as const };
  const apiVersion = inputs.apiVersion ?? environment?.apiVersion ?? DEFAULT_API_VERSION;
  const base = { ...defined({ environment }), policy, policySource, apiVersion };
  if (inputs.local) return { kind: 'local', ...base, ...defined({ pin: flagPin }) };
  const environmentPin =
    environment?.accountId === undefined
      ? undefined
      : { id: environment.accountId, from: 'environment' as const };
  const pinned = { ...base, ...defined({ pin: flagPin ?? environmentPin }) };
  if (inputs.baseUrl !== undefined)
    return remote(pinned, givenUrl(inputs.baseUrl, '--base-url'), '--base-url', DEFAULT_TOKEN_ENV);
  const envUrl = inputs.env[BASE_URL_ENV];
  if (envUrl !== undefined)
    return remote(pinned, givenUrl(envUrl, BASE_URL_ENV), BASE_URL_ENV, DEFAULT_TOKEN_ENV);
  if (environment !== undefined)
    return remote(pinned, environment.baseUrl, 'environment', environment.tokenEnv);
  throw new CrmSchemaError('TARGET_MISSING', 'No CRM to talk to: no base URL is given.', {
    hint:
      `Give --base-url URL or set ${BASE_URL_ENV}, choose an environment of crm-schema.yaml with --env NAME ` +
      '(or set defaultEnvironment there), or use --local to try it on the built-in emulator.',
  });
}

/** A base URL as given, trimmed; an empty one is refused, naming where it came from. */
function givenUrl(value: string, from: '--base-url' | typeof BASE_URL_ENV): string {
  const url = nonEmpty(value);
  if (url !== undefined) return url;
  const what =
    from === '--base-url' ? '--base-url was given an empty value' : `${BASE_URL_ENV} is set but empty`;
  throw new CrmSchemaError('BASE_URL_EMPTY', `${what}: it names no CRM, so nothing was called.`, {
    hint:
      `Give the CRM's base URL (https://...), or leave ${from === '--base-url' ? 'the flag out' : `${BASE_URL_ENV} unset`} ` +
      "to use the environment's baseUrl. In CI an empty value is usually a variable that is not set: set it. " +
      'An empty base URL never falls back to the project file, so a missing setting cannot send the token elsewhere.',
    meta: { source: from },
  });
}

function remote(base: TargetBase, baseUrl: string, from: BaseUrlSource, tokenEnv: string): RemoteTarget {
  return { kind: 'remote', ...base, baseUrl: baseUrl.replace(/\/+$/, ''), from, tokenEnv };
}

function chooseEnvironment(
  config: ProjectConfig | undefined,
  envName: string | undefined,
): EnvironmentConfig | undefined {
  if (config !== undefined) return resolveEnvironment(config, nonEmpty(envName));
  if (nonEmpty(envName) !== undefined) {
    throw new CrmSchemaError(
      'ENVIRONMENT_UNKNOWN',
      `--env ${envName} needs a project file, and there is none.`,
      {
        hint: 'Environments are declared in crm-schema.yaml; run in the project folder or give --config FILE.',
      },
    );
  }
  return undefined;
}

/** The token of a remote target, from its variable; a clear error naming the variable when unset. */
export function readToken(target: RemoteTarget, env: NodeJS.ProcessEnv): string {
  const token = env[target.tokenEnv];
  if (token !== undefined && token.trim() !== '') return token.trim();
  const why =
    target.from === 'environment'
      ? `environment '${target.environment?.name ?? '?'}' names ${target.tokenEnv} as its token variable`
      : `the base URL comes from ${target.from}, which takes the token from ${DEFAULT_TOKEN_ENV}`;
  throw new CrmSchemaError('TOKEN_MISSING', `No access token: ${target.tokenEnv} is not set (${why}).`, {
    hint: `Set ${target.tokenEnv} to the access token of the account at ${target.baseUrl}, or use --local to try crm-schema on the built-in emulator.`,
    meta: { variable: target.tokenEnv },
  });
}

/** The part of the target's policy that decides each change (apply or refuse). */
export function gateOf(target: Target): GatePolicy {
  const { destructive, dangerous, irreversible, allow } = target.policy;
  return { destructive, dangerous, ...defined({ irreversible }), allow, source: target.policySource };
}

/**
 * What a plan, a drift report or an apply report records about its target (never a token): apply
 * compares it. `account` is the account the session found (absent: its details could not be read).
 */
export function planTargetOf(target: Target, account?: TargetAccount): PlanTarget {
  const baseUrl = target.kind === 'local' ? `local:${LOCAL_DATA_FILE}` : target.baseUrl;
  return {
    baseUrl,
    ...defined({ environment: target.environment?.name, account }),
  };
}

/** `https://crm.example.com (environment staging)`, `the local emulator (.crm-schema/local.json)` */
export function describeTarget(target: Target): string {
  const where = target.kind === 'local' ? `the local emulator (${LOCAL_DATA_FILE})` : target.baseUrl;
  return target.environment === undefined ? where : `${where} (environment ${target.environment.name})`;
}

/**
 * The warning to show before a token goes over plain http:// to a host that is not this machine
 * (loopback: 127.0.0.0/8, ::1, localhost); undefined when the target is local, https, loopback, or not a
 * URL at all (the client then refuses it). Names the host, never the token.
 */
export function plainHttpWarning(target: Target): string | undefined {
  if (target.kind !== 'remote') return undefined;
  let url: URL;
  try {
    url = new URL(target.baseUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' || isLoopbackHost(url.hostname)) return undefined;
  return (
    `Warning: the access token is sent to ${url.host} over plain http://, unencrypted: anyone on the ` +
    'network path can read it. Use an https:// base URL for a CRM that is not on this machine.'
  );
}

/** 127.0.0.0/8, ::1 (and its IPv4-mapped loopback form), localhost; `hostname` as `URL` gives it. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === 'localhost.') return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  return host === '::1' || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(host);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** The compute options of a target and the settings a plan is made with. */
export function computeOptionsOf(target: Target, settings: PlanSettings): ComputePlanOptions {
  return {
    policy: toPlanPolicy(target.policy),
    gate: gateOf(target),
    allowances: {
      destructive: settings.allowDestructive,
      dangerous: settings.allowDangerous,
      irreversible: settings.allowIrreversible === true,
    },
    dataCheck: settings.dataCheck,
    dataCheckBudget: settings.dataCheckBudget,
    recordValues: target.policy.recordValues,
  };
}
