/**
 * Text taken from a server's answer into an error message (its message, category, correlationId, the
 * start of a body that is not JSON): one line, control characters shown by visible stand-ins (`␛`), so
 * an answer can neither move the cursor nor hide text on a terminal, and cut to a length a message can
 * carry. The token is removed before (see answer-scrub.ts).
 */
import { neutralize } from '../core/control-chars.js';

/** The longest server message kept in an error. */
export const MAX_MESSAGE_CHARS = 1000;

export function printable(text: string, maxChars = MAX_MESSAGE_CHARS): string {
  const cut = text.length > maxChars ? `${text.slice(0, maxChars)}…` : text;
  return neutralize(cut.replaceAll('\t', ' '), { oneLine: true });
}
