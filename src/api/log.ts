/**
 * The request log hook's events: what `--verbose` prints and what tests count. They never hold the
 * token or a header; the path's query keeps only parameter values that cannot be secrets.
 */
import type { ApiErrorCode } from './errors.js';

export interface RequestLogEvent {
  method: string;
  /** path with the query; values of secret-looking parameters replaced by `***` */
  path: string;
  /** 1 for the first try */
  attempt: number;
}

export interface ResponseLogEvent extends RequestLogEvent {
  /** HTTP status; absent when the connection failed */
  status?: number;
  durationMs: number;
  /** the typed error code this attempt maps to, when it failed */
  errorCode?: ApiErrorCode;
  /** true when the client will try again */
  willRetry: boolean;
}

const SECRET_PARAM = /token|key|secret|password|auth|code|signature/i;

/** Redacts the values of secret-looking query parameters (our client sends none; a caller's path may). */
export function loggablePath(path: string): string {
  const q = path.indexOf('?');
  if (q < 0) return path;
  const params = new URLSearchParams(path.slice(q + 1));
  for (const name of [...new Set(params.keys())]) {
    if (SECRET_PARAM.test(name)) params.set(name, '***');
  }
  const query = params.toString().replaceAll('%2C', ',').replaceAll('%2A', '*');
  return query ? `${path.slice(0, q)}?${query}` : path.slice(0, q);
}
