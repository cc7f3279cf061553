/**
 * Control characters in text from other people (live labels, option values, server messages, manifest
 * text) are shown, never sent raw to a terminal: a raw one could move the cursor, erase or conceal a
 * line, ring the bell, set the window title, or reorder what is read (bidirectional overrides). Each
 * is replaced by a visible stand-in that JSON quoting leaves alone, so a quoted value is never escaped
 * twice:
 *
 * - C0 controls and DEL as their Unicode control pictures (`␛` for ESC, `␍` for CR, `␊` for LF);
 * - C1 controls, zero-width, bidirectional and other format characters, the line and paragraph
 *   separators, and the characters that draw as nothing though they are letters or symbols (the Hangul
 *   fillers, the blank Braille pattern), as `⟨U+202E⟩`;
 * - combining marks that pile up (a fourth mark and more on one character: text that spills over the
 *   lines around it) or that have no character to sit on, as `⟨U+0301⟩` too.
 *
 * Tab is kept; line feed too unless the text must stay on one line.
 */

/**
 * Every character a reader cannot see, in one class: C0 and C1 controls, Unicode format characters
 * (bidirectional overrides and isolates, zero-width spaces and joiners, the byte order mark, soft
 * hyphens, tag characters) and the line and paragraph separators. The renderers, the JSON output and
 * pulled YAML files all escape from this one list.
 */
export const INVISIBLE_CLASS = '\\p{Cc}\\p{Cf}\\u2028\\u2029\\u115F\\u1160\\u3164\\uFFA0\\u2800';

/** One invisible character, tab and line feed aside (for a test, without the `g` flag). */
export const INVISIBLE = new RegExp(`(?![\\t\\n])[${INVISIBLE_CLASS}]`, 'u');
const KEEPING_NEWLINES = new RegExp(`(?![\\t\\n])[${INVISIBLE_CLASS}]`, 'gu');
const ONE_LINE = new RegExp(`(?!\\t)[${INVISIBLE_CLASS}]`, 'gu');

/** The visible stand-in of one control character. */
export function controlPicture(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code <= 0x1f) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return `⟨U+${code.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

/** A combining mark after three others, or with no letter, digit or symbol before it to sit on. */
const PILED_MARK = /(?<=\p{M}{3})\p{M}|(?<![\p{L}\p{N}\p{S}\p{M}])\p{M}/gu;

export function neutralize(text: string, options: { oneLine?: boolean } = {}): string {
  return text
    .replace(options.oneLine === true ? ONE_LINE : KEEPING_NEWLINES, controlPicture)
    .replace(PILED_MARK, controlPicture);
}
