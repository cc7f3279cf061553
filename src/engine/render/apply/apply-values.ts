/** Shared bits of the apply renderers: field differences, errors and durations as people read them. */
import type { OutcomeError } from '../../apply/types.js';
import { formatValue } from '../common/plan-values.js';
import type { FieldDifference } from '../../plan/kinds/end-state.js';

const MAX_VALUE = 80;

/** `label: "Before" -> "After"`; long values are cut with `…`. */
export function differenceLine(difference: FieldDifference): string {
  return `${difference.field}: ${short(formatValue(difference.expected))} -> ${short(formatValue(difference.actual))}`;
}

function short(text: string): string {
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** `VALIDATION_ERROR (400): Property ... (correlationId ...)`: the API's category and message. */
export function errorLine(error: OutcomeError): string {
  const head = [error.category ?? error.code, error.status === undefined ? undefined : `(${error.status})`]
    .filter((part) => part !== undefined)
    .join(' ');
  const tail = error.correlationId === undefined ? '' : ` (correlationId ${error.correlationId})`;
  const scopes =
    error.missingScopes === undefined ? '' : `; grant the app: ${error.missingScopes.join(', ')}`;
  return `${head}: ${error.message}${tail}${scopes}`;
}

/** `850 ms`, `3.2 s`, `2 min 5 s` */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
