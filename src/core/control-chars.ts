/**
 * Control characters in text from other people (live labels, option values, server messages, manifest
 * text) are shown, never sent raw to a terminal: a raw one could move the cursor, erase or conceal a
 * line, ring the bell, set the window title, or reorder what is read (bidirectional overrides). Each
 * is replaced by a visible stand-in that JSON quoting leaves alone, so a quoted value is never escaped
 * twice:
 *
 * - C0 controls and DEL as their Unicode control pictures (`␛` for ESC, `␍` for CR, `␊` for LF);
 * - C1 controls, zero-width, bidirectional and other formatting characters as `⟨U+202E⟩`.
 *
 * Tab is kept; line feed too unless the text must stay on one line.
 */

const KEEPING_NEWLINES =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200B-\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF]/g;
const ONE_LINE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u061C\u200B-\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/** The visible stand-in of one control character. */
export function controlPicture(char: string): string {
  const code = char.charCodeAt(0);
  if (code <= 0x1f) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return `⟨U+${code.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

export function neutralize(text: string, options: { oneLine?: boolean } = {}): string {
  return text.replace(options.oneLine === true ? ONE_LINE : KEEPING_NEWLINES, controlPicture);
}
