/**
 * Putting user text (labels, descriptions, option values, names) into a GitHub comment without it
 * turning into markup: `|` splitting a table, `<` opening an HTML tag, backticks ending a code span,
 * `*` or `_` starting emphasis, a backtick fence closing a code block early, and `@user` or `@org/team`
 * notifying people (a zero-width space after the `@` keeps the text and drops the mention; code spans
 * and blocks never mention anyone).
 */

/** Characters with a meaning in inline Markdown, escaped with a backslash. */
const MARKDOWN_SPECIAL = /[\\`*_[\]|~#]/g;

/** `@` followed by what GitHub reads as a user, an organisation or a team. */
const MENTION = /@(?=[A-Za-z0-9])/g;

/** Inline text: Markdown specials backslash-escaped, `<` and `&` as entities, line breaks as spaces. */
export function escapeMarkdown(text: string): string {
  return oneLine(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(MARKDOWN_SPECIAL, (c) => `\\${c}`)
    .replace(MENTION, '@&#8203;');
}

/** Text inside an HTML element (`<summary>`), where Markdown is not parsed. */
export function escapeHtml(text: string): string {
  return oneLine(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(MENTION, '@&#8203;');
}

/** A code span that holds any text: delimited by one backtick more than the longest run inside it. */
export function codeSpan(text: string): string {
  const content = oneLine(text);
  const ticks = '`'.repeat(longestRun(content, '`') + 1);
  // a space either side keeps a leading or trailing backtick from joining the delimiter
  const pad = content.startsWith('`') || content.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${content}${pad}${ticks}`;
}

/**
 * A fenced code block, each line indented by `indent` (to sit inside a list item). The fence is longer
 * than any backtick run in the content, so no content line can close it.
 */
export function fencedBlock(lines: readonly string[], info: string, indent: string): string {
  const longest = lines.reduce((max, line) => Math.max(max, longestRun(line, '`')), 0);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return [`${fence}${info}`, ...lines, fence].map((line) => `${indent}${line}\n`).join('');
}

function oneLine(text: string): string {
  return text.replace(/\r\n|\r|\n/g, ' ');
}

function longestRun(text: string, char: string): number {
  let longest = 0;
  let current = 0;
  for (const c of text) {
    current = c === char ? current + 1 : 0;
    if (current > longest) longest = current;
  }
  return longest;
}
