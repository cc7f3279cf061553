/**
 * How long one call to the CRM may take in all (connect, headers and body), from `--timeout SECONDS`
 * or the CRM_TIMEOUT variable (seconds too); the flag wins. A value that is not a number of seconds is
 * a user error naming where it came from.
 */
import { CrmSchemaError } from '../core/errors.js';

export const TIMEOUT_ENV = 'CRM_TIMEOUT';
/** the longest timeout taken, in seconds (an hour) */
export const MAX_TIMEOUT_SECONDS = 3600;

/** The timeout in ms; undefined when neither the flag nor the variable gives one (the client's default). */
export function callTimeoutMs(flag: string | undefined, env: NodeJS.ProcessEnv): number | undefined {
  if (flag !== undefined) return secondsToMs(flag, '--timeout');
  const fromEnv = env[TIMEOUT_ENV];
  if (fromEnv === undefined || fromEnv.trim() === '') return undefined;
  return secondsToMs(fromEnv, TIMEOUT_ENV);
}

function secondsToMs(raw: string, source: '--timeout' | typeof TIMEOUT_ENV): number {
  const text = raw.trim();
  const seconds = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (seconds > 0 && seconds <= MAX_TIMEOUT_SECONDS) return Math.max(1, Math.round(seconds * 1000));
  const shown = JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}…` : raw);
  throw new CrmSchemaError(
    'TIMEOUT_INVALID',
    `${source} ${shown} is not a number of seconds above 0 and at most ${MAX_TIMEOUT_SECONDS}.`,
    {
      hint:
        source === '--timeout'
          ? 'Give the seconds one call may take in all, e.g. --timeout 60 (default 30).'
          : `Set ${TIMEOUT_ENV} to the seconds one call may take in all, e.g. ${TIMEOUT_ENV}=60 (default 30), or unset it.`,
      meta: { source },
    },
  );
}
