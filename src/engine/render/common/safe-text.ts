/**
 * Text from other people (live labels and descriptions, option values, API error messages, manifest
 * text) never reaches a terminal raw. A control character could move the cursor, clear a line, recolour
 * or conceal text (ESC sequences), ring the bell, or reorder what is shown (bidirectional overrides):
 * enough to hide a destructive line of a plan shown before confirmation. Each such character is shown
 * by a visible stand-in instead (`␛`, `⟨U+202E⟩`: see core/control-chars.ts), so the text stays readable
 * and nothing is lost from sight.
 *
 * - `neutralizeDocument`: every string of a document (plan, drift report, apply report) before it is
 *   rendered as text or Markdown; strings under `meta` and field values keep their line feeds (they are
 *   shown quoted, or as word diffs that mark line breaks), every other string is made one line;
 * - `escapeJsonText`: JSON text with every such character as a `\u` escape: the same value, parsed.
 */
import { INVISIBLE_CLASS, neutralize } from '../../../core/control-chars.js';

/** Keys whose strings are values shown quoted or as word diffs: they keep their line feeds. */
const MULTILINE_KEYS = new Set(['meta', 'fields', 'live', 'declared', 'old', 'new', 'options']);

/** A copy of a JSON-able document with every string neutralized (see above). */
export function neutralizeDocument<T>(document: T): T {
  return walk(document, false) as T;
}

function walk(value: unknown, multiline: boolean): unknown {
  if (typeof value === 'string') return neutralize(value, { oneLine: !multiline });
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => walk(item, multiline));
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    out[neutralize(key, { oneLine: true })] = walk(member, multiline || MULTILINE_KEYS.has(key));
  }
  return out;
}

/**
 * JSON text safe on a terminal: JSON.stringify escapes C0 controls already; DEL, C1 controls and the
 * formatting characters are escaped here (`\u202e`), which any JSON parser reads back as the same value.
 */
export function escapeJsonText(json: string): string {
  // JSON.stringify escapes the C0 controls inside strings; outside them, line feeds lay the text out
  return json.replace(INVISIBLE_GLOBAL, (char) =>
    [...Array(char.length).keys()]
      .map((i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`)
      .join(''),
  );
}

const INVISIBLE_GLOBAL = new RegExp(`(?![\\u0000-\\u001F])[${INVISIBLE_CLASS}]`, 'gu');
