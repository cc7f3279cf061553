/**
 * Sending one unit: exactly the requests `toWireRequests` gives for its changes (so apply sends what
 * `--dry-run` prints), with `{ ref }` placeholders resolved, through the client's request loop (rate
 * limit, in-flight bound, retries). Creates go with the `unsafe` retry class: the client never repeats
 * one whose outcome is uncertain, it reports OUTCOME_UNKNOWN instead. What each change's write came to
 * is classified here; deciding what to do about it (read back, send again, fail) is the executor's.
 */
import type { CrmClient } from '../../api/client.js';
import { runBatches } from '../../api/batching.js';
import { isApiError, type CrmApiError, type MissingScopesError } from '../../api/errors.js';
import { isCrmSchemaError } from '../../core/errors.js';
import type { PlannedChange } from '../plan/plan-document.js';
import { resolveRefs } from '../plan/requests/refs.js';
import { BATCH_INPUTS_KEY } from '../../wire/writes.js';
import { toWireRequests, type WireRequest } from '../plan/requests/wire.js';
import type { BatchResponse } from '../../wire/api.js';
import { idsFromAnswer, isCreate, isRemoval, resendRequestsOf } from '../plan/kinds/registry.js';
import { at, must } from '../../core/must.js';
import type { OutcomeError } from './types.js';
import type { JsonValue } from '../../core/json.js';
import { defined } from '../../core/defined.js';

/** What one change's write came to. */
export type Attempt =
  | { kind: 'ok'; typeId?: number; inverseTypeId?: number }
  /** a removal found nothing to remove: its end state holds */
  | { kind: 'gone' }
  /** a create answered 409: something with that name exists; read back and compare */
  | { kind: 'exists'; error: OutcomeError }
  /**
   * any other write answered 404 or 409: what it writes to is gone or changed (another run at once, or
   * someone else); read back: at its end state, it was done by the other
   */
  | { kind: 'contested'; error: OutcomeError }
  /** the answer was lost: read back before anything else */
  | { kind: 'unknown'; error: OutcomeError }
  | { kind: 'error'; error: OutcomeError };

export interface SendContext {
  client: CrmClient;
  /** label address -> typeId, for `{ ref }` placeholders */
  typeIds: ReadonlyMap<string, number>;
  /** called before each request is sent */
  onRequest?: (wire: WireRequest) => void;
}

export function outcomeError(error: unknown): OutcomeError {
  if (isApiError(error)) return apiOutcomeError(error);
  if (isCrmSchemaError(error)) return { code: error.code, message: error.message };
  return { code: 'UNEXPECTED', message: error instanceof Error ? error.message : String(error) };
}

function apiOutcomeError(error: CrmApiError): OutcomeError {
  return {
    code: error.code,
    ...defined({ status: error.status, category: error.category, subCategory: error.subCategory }),
    message: error.serverMessage ?? detailOf(error),
    ...defined({ correlationId: error.correlationId }),
    ...(isMissingScopes(error) ? { missingScopes: error.scopes } : {}),
  };
}

function isMissingScopes(error: CrmApiError): error is MissingScopesError {
  return error.code === 'MISSING_SCOPES' && (error as Partial<MissingScopesError>).scopes?.length !== 0;
}

/** The error's own words without the `METHOD path:` prefix (the report names the change instead). */
function detailOf(error: CrmApiError): string {
  const reason = (error as { reason?: unknown }).reason;
  if (error.code === 'OUTCOME_UNKNOWN' && typeof reason === 'string') return reason;
  const prefix = `${error.method} ${error.path}: `;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}

function classify(error: unknown, change: PlannedChange, method: string): Attempt {
  const described = outcomeError(error);
  if (!isApiError(error)) return { kind: 'error', error: described };
  if (error.code === 'OUTCOME_UNKNOWN') return { kind: 'unknown', error: described };
  if (error.code === 'CONFLICT' && method === 'POST' && isCreate(change))
    return { kind: 'exists', error: described };
  if (error.code === 'NOT_FOUND' && method === 'DELETE') return { kind: 'gone' };
  if (isContested(error)) return { kind: 'contested', error: described };
  return { kind: 'error', error: described };
}

/** A 404 or 409 to a write: its target is gone, or holds something else, now. */
export function isContested(error: unknown): boolean {
  return isApiError(error) && (error.code === 'NOT_FOUND' || error.code === 'CONFLICT');
}

/** The key a batch answer names an item by: a property's name, a limit's typeId. */
function itemKey(item: JsonValue | undefined): string | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return undefined;
  if (typeof item.name === 'string') return item.name;
  if (typeof item.typeId === 'number') return String(item.typeId);
  return undefined;
}

function resolved(body: JsonValue | undefined, typeIds: ReadonlyMap<string, number>): JsonValue | undefined {
  return body === undefined ? undefined : resolveRefs(body, (ref) => typeIds.get(ref));
}

async function sendOne(ctx: SendContext, wire: WireRequest, change: PlannedChange): Promise<Attempt> {
  let body: JsonValue | undefined;
  try {
    body = resolved(wire.body, ctx.typeIds);
  } catch (error) {
    return { kind: 'error', error: outcomeError(error) };
  }
  ctx.onRequest?.(wire);
  try {
    const answer = await ctx.client.request<unknown>({
      method: wire.method,
      path: wire.path,
      ...defined({ body }),
      retry: wire.method === 'POST' && isCreate(change) ? 'unsafe' : 'safe',
      absentMeansDone: wire.method === 'DELETE',
    });
    // the ids the answer makes known (a created label's typeIds)
    return { kind: 'ok', ...idsFromAnswer(change, answer) };
  } catch (error) {
    return classify(error, change, wire.method);
  }
}

/** One batch call; each item's result, error, or (named by neither) an unknown outcome. */
async function sendBatch(ctx: SendContext, wire: WireRequest, changes: PlannedChange[]): Promise<Attempt[]> {
  let body: JsonValue | undefined;
  try {
    body = resolved(wire.body, ctx.typeIds);
  } catch (error) {
    return changes.map(() => ({ kind: 'error', error: outcomeError(error) }));
  }
  const items = (body as { [BATCH_INPUTS_KEY]: JsonValue[] })[BATCH_INPUTS_KEY];
  const keys = items.map(itemKey);
  const indexes = changes.map((_, i) => i);
  const create = isCreate(at(changes, 0));
  ctx.onRequest?.(wire);
  const result = await runBatches<number, unknown>({
    inputs: indexes,
    call: { method: wire.method, path: wire.path },
    keysOf: (i) => [keys[i]],
    // one chunk: the body is the unit's wire body, exactly as dry-run shows it
    send: () =>
      ctx.client.request<BatchResponse<unknown> | undefined>({
        method: wire.method,
        path: wire.path,
        body,
        retry: create ? 'unsafe' : 'safe',
      }),
  });
  const answered = new Set(result.results.map((r) => itemKey(r as JsonValue)));
  const failed = new Map(result.errors.map((e) => [e.input, e.error]));
  // answers without results (204: batch archive, purge) mean every item not in error is done
  const noResults =
    result.results.length === 0 && result.errors.length === 0 && result.unmatched.length === 0;
  return changes.map((change, i): Attempt => {
    const error = failed.get(i);
    if (error !== undefined) return classify(error, change, wire.method);
    if (noResults || answered.has(keys[i])) return { kind: 'ok' };
    return {
      kind: 'unknown',
      error: {
        code: 'OUTCOME_UNKNOWN',
        message: 'the batch answer named neither a result nor an error for this item',
      },
    };
  });
}

/**
 * Sends `changes` (one unit; for a resend, only the create request of each). Requests of one change run
 * in order and stop at its first failure; a removal whose target is already gone is done.
 */
export async function sendUnit(
  ctx: SendContext,
  changes: readonly PlannedChange[],
  resend: boolean,
): Promise<Map<string, Attempt>> {
  const toSend = resend ? changes.map(createStepOnly) : changes;
  const wires = toWireRequests(toSend);
  const attempts = new Map<string, Attempt>();
  const byId = new Map(toSend.map((c) => [c.id, c]));
  for (const wire of wires) {
    // a batch endpoint answers 207 with per-item errors, even for one item (a limit has no single endpoint)
    if (wire.batch) {
      const batch = wire.changeIds.map((id) => must(byId.get(id), 'a change of the request'));
      for (const [i, attempt] of (await sendBatch(ctx, wire, batch)).entries())
        attempts.set(at(batch, i).id, attempt);
      continue;
    }
    const change = must(byId.get(at(wire.changeIds, 0)), 'the change of the request');
    const previous = attempts.get(change.id);
    // a later request of the same change (a replace's create) runs only after the earlier one did
    if (previous !== undefined && previous.kind !== 'ok' && previous.kind !== 'gone') continue;
    let attempt = await sendOne(ctx, wire, change);
    // the archive half of a replace finding nothing is fine: the create follows
    if (attempt.kind === 'gone' && !isRemoval(change)) attempt = { kind: 'ok' };
    attempts.set(change.id, attempt);
  }
  // a change with no request of its own was done by another's call: its read-back checks it
  for (const change of toSend) if (!attempts.has(change.id)) attempts.set(change.id, { kind: 'ok' });
  return attempts;
}

/** For a resend: what the kind sends again (a replace only its create: its archive is done). */
function createStepOnly(change: PlannedChange): PlannedChange {
  const requests = resendRequestsOf(change);
  return requests === change.requests ? change : { ...change, requests };
}
