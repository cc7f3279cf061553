/**
 * CI runners read a job's log as commands: GitHub Actions acts on `::name params::value` at the start of
 * a line (after any white space) and on `##[name]` anywhere in a line; Azure Pipelines on `##vso[` anywhere.
 * A live label or an answer of the CRM printed raw could raise annotations, mask log text (`::add-mask::`),
 * group or hide lines, or stop command processing for the rest of the job (`::stop-commands::`).
 *
 * `breakWorkflowCommands` breaks each such start so that no runner reads it, keeping the text readable:
 *
 * - text and Markdown: a backslash before the second character, `\::` and `#\#[` (Markdown renders a
 *   backslash before ASCII punctuation as the character itself, so a comment reads the same);
 * - JSON: the second `#` as `\u0023` (valid inside a JSON string, the only place a `#` can be, and read
 *   back as the same value); a `::` cannot start a line of JSON, which starts with white space and then a
 *   quote, a bracket, a brace, a digit or a literal.
 *
 * The tool's own texts hold neither sequence, so only text from outside is ever changed.
 */

export type LogTextKind = 'text' | 'json';

/**
 * `::` at a line's start: after line breaks of any kind (a runner may split a line at a carriage return),
 * then white space (Unicode's too, as the runner trims it) and colour sequences. The white space is
 * that of one line, so each line is looked at once.
 */
// eslint-disable-next-line no-control-regex -- ESC starts the colour sequences a line may begin with
const LINE_START_COMMAND = /^((?:[^\S\n\r\u2028\u2029]|\u0085|\u001B\[[0-9;]*m)*):(?=:)/gmu;
/** `##[` and `##vso[`, anywhere. */
const ANYWHERE_COMMAND = /##(?=(?:vso)?\[)/g;

export function breakWorkflowCommands(text: string, kind: LogTextKind = 'text'): string {
  if (!text.includes('::') && !text.includes('##')) return text;
  if (kind === 'json') return text.replace(ANYWHERE_COMMAND, '#\\u0023');
  return text.replace(LINE_START_COMMAND, '$1\\:').replace(ANYWHERE_COMMAND, '#\\#');
}
