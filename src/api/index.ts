/** The public entry of the CRM client (`crm-schema/api`). */
export { CrmClient, createClient } from './client.js';
export type { ClientOptions, RateLimitOptions, RetryOptions } from './options.js';
export type { RequestLogEvent, ResponseLogEvent } from './log.js';
export {
  API_ERROR_CODES,
  AuthError,
  BadResponseError,
  ConflictError,
  CrmApiError,
  MissingScopesError,
  NetworkError,
  NotFoundError,
  OutcomeUnknownError,
  RateLimitError,
  ServerError,
  ValidationError,
  isApiError,
  type ApiErrorCode,
} from './errors.js';
export { type BatchItemError, type BatchResult } from './batching.js';
export type { PropertyBatchReadOptions, PropertyListOptions } from './resources/properties.js';
export type { RecordBatchReadInput, RecordListOptions, RecordReadOptions } from './resources/records.js';
export type { RecordAssociationListOptions } from './resources/record-associations.js';
export type { EventDefinitionListOptions } from './resources/events.js';
export type { RetryClass } from './retry.js';
export type { Clock, ClockTimer } from './timers.js';
export { USER_AGENT } from './version.js';
