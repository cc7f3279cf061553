/**
 * The emulator's request log (`crm-schema emulator --log-requests`): one line per answered request,
 * `GET /crm/v3/objects/tickets/{recordId} -> 200 (3 ms)`. Never a header or a body, so never the token
 * of the Authorization header; and nothing of the path that can be a credential or a customer value:
 *
 * - query parameters that look like credentials (`access_token`, `hapikey`, ...) as `***`, as the CLI's
 *   `--verbose` log shows them (core/loggable-path.ts);
 * - a record's identifier in a path (a record id, or a unique value such as an email address with
 *   `idProperty`) as `{recordId}`, in every API family: the route's own parameters say which segments
 *   are record identifiers; a path no route matches has every segment after the object type of an
 *   `objects` path shown so, but the words of the interface (`batch`, `search`, `associations`, ...).
 *
 * The line passes the output gate for terminals, as everything the CLI prints.
 */
import type { FastifyInstance } from 'fastify';
import { neutralize } from '../core/control-chars.js';
import { loggablePath } from '../core/loggable-path.js';
import { forTerminal } from '../core/output-gate.js';

/** What a record identifier in a path is logged as. */
export const RECORD_ID = '{recordId}';

/** The route parameters that hold a record identifier (records, and the associations of one record). */
const RECORD_ID_PARAMS = new Set(['id', 'fromObjectId', 'toObjectId']);

/** The words of the records interface that follow an object type in a path; anything else there is an id. */
const INTERFACE_WORDS = new Set([
  'batch',
  'read',
  'create',
  'update',
  'upsert',
  'archive',
  'search',
  'associations',
  'labels',
  'merge',
]);

/** The version segment after `objects` in a path: `v3` (a legacy form) or a date version. */
const VERSION = /^(?:v\d+|\d{4}-\d{2})$/;

export function installRequestLog(app: FastifyInstance, log: (line: string) => void): void {
  app.addHook('onResponse', (request, reply, done) => {
    const ms = Math.round(reply.elapsedTime);
    const path = loggedPath(request.url, request.routeOptions.url);
    log(forTerminal(`${request.method} ${path} -> ${reply.statusCode} (${ms} ms)`));
    done();
  });
}

/** `url` (path and query) as the log shows it; `route`: the pattern of the route that matched, if any. */
export function loggedPath(url: string, route: string | undefined): string {
  const q = url.indexOf('?');
  const segments = (q < 0 ? url : url.slice(0, q)).split('/');
  const query = q < 0 ? '' : url.slice(q);
  const pattern = route?.split('/');
  const shown =
    pattern !== undefined && pattern.length === segments.length
      ? segments.map((segment, i) => (isRecordParam(pattern[i] ?? '') ? RECORD_ID : segment))
      : unmatched(segments);
  return neutralize(loggablePath(`${shown.join('/')}${query}`), { oneLine: true });
}

function isRecordParam(segment: string): boolean {
  return segment.startsWith(':') && RECORD_ID_PARAMS.has(segment.slice(1));
}

/** A path no route matched: every segment after the object type of an `objects` path but the interface's words. */
function unmatched(segments: readonly string[]): string[] {
  const at = segments.indexOf('objects');
  if (at < 0) return [...segments];
  let i = at + 1;
  if (VERSION.test(segments[i] ?? '')) i += 1;
  i += 1; // the object type
  const out = segments.slice(0, i);
  let typeNext = false;
  for (const segment of segments.slice(i)) {
    if (typeNext || segment === '') out.push(segment);
    else out.push(INTERFACE_WORDS.has(segment) ? segment : RECORD_ID);
    typeNext = !typeNext && segment === 'associations';
  }
  return out;
}
