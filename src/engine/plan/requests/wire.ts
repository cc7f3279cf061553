/**
 * The requests a list of planned changes sends on the wire, in order: batchable requests that follow one
 * another (same batch path, same phase) merge into one `POST {path}` with `{ inputs: [...] }`, at most
 * `chunkSize` (100, the platform's safe batch size) per call. A batch is cut where a change depends on a
 * change already in it (a calculated property after the property its formula uses). A batch of one is
 * sent as the change's own request (a property create goes to POST /crm/v3/properties/{objectType}).
 * Dry-run prints exactly this list; apply sends exactly this list.
 */
import type { Phase } from '../phases.js';
import { BATCH_INPUTS_KEY, isBatchPath, type WriteRequest } from '../../../wire/writes.js';
import { at } from '../../../core/must.js';
import { BATCH_SIZE } from '../../../wire/platform-limits.js';
import type { JsonValue } from '../../../core/json.js';

/** What `toWireRequests` needs of a planned change. */
export interface WireInput {
  id: string;
  phase: Phase;
  requests: readonly WriteRequest[];
  dependsOn: readonly string[];
}

export interface WireRequest {
  method: WriteRequest['method'];
  path: string;
  body?: JsonValue;
  /** sent to a batch endpoint: answered per item */
  batch: boolean;
  phase: Phase;
  /** the changes this request carries, in input order */
  changeIds: string[];
}

interface OpenBatch {
  path: string;
  phase: Phase;
  requests: WriteRequest[];
  /** the batch items of `requests`, in the same order */
  items: JsonValue[];
  ids: string[];
}

export function toWireRequests(changes: readonly WireInput[], chunkSize = BATCH_SIZE): WireRequest[] {
  const out: WireRequest[] = [];
  let open: OpenBatch | undefined;
  const flush = (): void => {
    if (open === undefined) return;
    if (open.requests.length === 1) {
      out.push(standalone(at(open.requests, 0), open.phase, open.ids));
    } else {
      out.push({
        method: 'POST',
        path: open.path,
        body: { [BATCH_INPUTS_KEY]: open.items },
        batch: true,
        phase: open.phase,
        changeIds: open.ids,
      });
    }
    open = undefined;
  };

  for (const change of changes) {
    for (const request of change.requests) {
      const { batch } = request;
      if (batch === undefined) {
        flush();
        out.push(standalone(request, change.phase, [change.id]));
        continue;
      }
      const current = open;
      const joins =
        current !== undefined &&
        current.path === batch.path &&
        current.phase === change.phase &&
        current.requests.length < chunkSize &&
        !change.dependsOn.some((dep) => current.ids.includes(dep));
      let target: OpenBatch;
      if (joins) {
        target = current;
      } else {
        flush();
        target = { path: batch.path, phase: change.phase, requests: [], items: [], ids: [] };
        open = target;
      }
      target.requests.push(request);
      target.items.push(batch.item);
      target.ids.push(change.id);
    }
  }
  flush();
  return out;
}

function standalone(request: WriteRequest, phase: Phase, changeIds: string[]): WireRequest {
  const wire: WireRequest = {
    method: request.method,
    path: request.path,
    batch: isBatchPath(request),
    phase,
    changeIds,
  };
  if (request.body !== undefined) wire.body = request.body;
  return wire;
}
