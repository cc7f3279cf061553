/**
 * A plan as JSON (`plan --json`, `plan --out`): the plan document itself, described by
 * `schemas/plan.schema.json`, pretty-printed with 2 spaces and a trailing newline.
 *
 * Keys come in one order whatever order the object was built in, so that the same plan always prints
 * the same bytes and a change to the format shows as a plain diff. One key order serves every object
 * (it is handed to `JSON.stringify`, which applies it natively, fast even for plans of many megabytes):
 * the document's keys, then a change's, a diagnostic's and the summary's in reading order, then every
 * other key (those of `meta`, request bodies, `source`, ...) sorted. Every key in the document is in the
 * list, so nothing is dropped.
 */
import type { PlanDocument } from '../../plan/plan-document.js';
import { escapeJsonText } from '../common/safe-text.js';

const READING_ORDER = [
  // the document
  'formatVersion',
  'tool',
  'target',
  'manifestDigest',
  'settings',
  'changes',
  'diagnostics',
  'summary',
  // the target (its account: id, then name and uiDomain with the other keys)
  'baseUrl',
  'environment',
  'account',
  // a diagnostic (then address, message, source, hint, below)
  'level',
  'code',
  // a change
  'id',
  'type',
  'address',
  'action',
  'message',
  'severity',
  'reason',
  'affected',
  'policy',
  'reversal',
  'phase',
  'dependsOn',
  'meta',
  'requests',
  'fingerprint',
  'source',
  'hint',
  // the settings of a plan
  'allowDestructive',
  'allowDangerous',
  'allowIrreversible',
  'dataCheck',
  'dataCheckBudget',
  // a policy decision (then reason)
  'decision',
  'rule',
  'allow',
  // a reversal
  'reversible',
  'why',
  // what a change affects
  'unit',
  'count',
  'exact',
  'capped',
  // an option change's count
  'recordCount',
  // the summary (after `changes`)
  'create',
  'update',
  'replace',
  'remove',
  'safe',
  'dangerous',
  'destructive',
  'refused',
  'errors',
  'warnings',
];

const READING_INDEX = new Set(READING_ORDER);

export function renderPlanJson(plan: PlanDocument): string {
  return [...planJsonChunks(plan)].join('');
}

/** Roughly how much text one chunk of `planJsonChunks` holds. */
const CHUNK_CHARS = 1 << 20;

/**
 * The same text as `renderPlanJson`, in pieces of about 1 MB: a saved plan of many thousand changes is
 * written without its whole text (and copies of it) in memory at once.
 */
export function* planJsonChunks(plan: PlanDocument): Generator<string> {
  const order = planKeyOrder(plan);
  if (plan.changes.length === 0) {
    yield escapeJsonText(`${JSON.stringify(plan, order, 2)}\n`);
    return;
  }
  // the document with an empty list, split where the list goes (a top-level key: 2 spaces, unescaped)
  const shell = JSON.stringify({ ...plan, changes: [] }, order, 2);
  const slot = '\n  "changes": []';
  const at = shell.indexOf(slot);
  yield escapeJsonText(`${shell.slice(0, at)}\n  "changes": [\n`);
  let chunk = '';
  const last = plan.changes.length - 1;
  for (const [index, change] of plan.changes.entries()) {
    const text = JSON.stringify(change, order, 2).replaceAll('\n', '\n    ');
    chunk += `    ${text}${index === last ? '\n' : ',\n'}`;
    if (chunk.length >= CHUNK_CHARS || index === last) {
      yield escapeJsonText(chunk);
      chunk = '';
    }
  }
  yield escapeJsonText(`  ]${shell.slice(at + slot.length)}\n`);
}

/** The order of every key in the plan: reading order first, then the others sorted. */
export function planKeyOrder(plan: PlanDocument): string[] {
  const others = new Set<string>();
  collectKeys(plan, others);
  return [...READING_ORDER, ...[...others].filter((key) => !READING_INDEX.has(key)).sort()];
}

function collectKeys(value: unknown, keys: Set<string>): void {
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) collectKeys(item, keys);
    return;
  }
  for (const [key, member] of Object.entries(value)) {
    keys.add(key);
    collectKeys(member, keys);
  }
}
