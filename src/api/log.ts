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

export { loggablePath } from '../core/loggable-path.js';
