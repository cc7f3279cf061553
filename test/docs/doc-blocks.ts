/**
 * The example outputs of the README and docs/: fenced blocks whose first line is `$ crm-schema ...`,
 * the output following each `$` line. A block that reproduces a run says how, in an HTML comment on the
 * line before its fence:
 *
 *     <!-- example: tour -->
 *     ```text
 *     $ crm-schema plan --local --config examples/crm-schema.yaml
 *     Plan for local:.crm-schema/local.json (environment staging), account 1000001 (app.crm-schema.local)
 *     ...
 *     ```
 *
 * `tour` names a scenario of test/docs/scenarios/. A block may show several commands, each on a `$` line
 * followed by its output (a blank line before the next `$` line only separates them). A block that shows
 * only output (Markdown for a pull request, say) names its command in the comment:
 * `<!-- example: reading-a-plan, output of: crm-schema plan --format markdown -->`.
 */

export interface PageLine {
  /** 1-based line in the page */
  line: number;
  text: string;
}

export interface ShownCommand {
  /** the command as the page shows it, without `$ ` */
  command: string;
  /** the page line of the command (for an output-only block, of its comment) */
  line: number;
  /** the output the page shows under it */
  expected: PageLine[];
}

export interface ExampleBlock {
  /** the page, relative to the repository root (`docs/plan.md`) */
  page: string;
  /** the line of the opening fence */
  line: number;
  /** the fence's indentation (a block in a list item), which its lines share */
  indent: string;
  /** the scenario its comment names; undefined: no comment */
  scenario: string | undefined;
  commands: ShownCommand[];
}

export interface PageExamples {
  blocks: ExampleBlock[];
  /** mistakes in the comments themselves: a comment not followed by a block it can describe */
  problems: string[];
}

const MARKER = /^\s*<!--\s*example:\s*(.*?)\s*-->\s*$/;
const MARKER_BODY = /^([a-z0-9][a-z0-9-]*)(?:\s*,\s*output of:\s*(crm-schema\b.*))?$/;
const FENCE = /^(\s*)(`{3,}|~{3,})/;
const COMMAND = '$ ';

interface Fence {
  /** line index (0-based) of the opening fence */
  start: number;
  indent: string;
  /** line index of the closing fence (the page's length when it has none) */
  end: number;
  /** content lines, indentation of the fence removed */
  body: PageLine[];
}

/** Every fenced block of a Markdown page, with its content lines. */
function fences(lines: readonly string[]): Fence[] {
  const found: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const [, indent = '', marks = ''] = open;
    const body: PageLine[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = FENCE.exec(lines[j]!);
      if (
        close &&
        close[2]![0] === marks[0] &&
        close[2]!.length >= marks.length &&
        lines[j]!.trim() === close[2]
      )
        break;
      const text = lines[j]!;
      body.push({
        line: j + 1,
        text: text.startsWith(indent) ? text.slice(indent.length) : text.trimStart(),
      });
    }
    found.push({ start: i, indent, end: j, body });
    i = j;
  }
  return found;
}

/** Splits a block's lines at each `$ ` line. */
function splitCommands(body: readonly PageLine[]): ShownCommand[] {
  const commands: ShownCommand[] = [];
  for (const entry of body) {
    if (entry.text.startsWith(COMMAND)) {
      const previous = commands.at(-1);
      // a blank line before the next command only separates the two
      if (previous && previous.expected.at(-1)?.text === '') previous.expected.pop();
      commands.push({ command: entry.text.slice(COMMAND.length).trim(), line: entry.line, expected: [] });
    } else {
      commands.at(-1)?.expected.push(entry);
    }
  }
  return commands;
}

/** The marker comment right before a fence (on the line before it, or before one blank line). */
function markerBefore(
  lines: readonly string[],
  fenceIndex: number,
): { index: number; body: string } | undefined {
  for (const index of [fenceIndex - 1, fenceIndex - 2]) {
    if (index < 0) return undefined;
    const match = MARKER.exec(lines[index]!);
    if (match) return { index, body: match[1]! };
    if (lines[index]!.trim() !== '') return undefined;
  }
  return undefined;
}

export function findExamples(page: string, text: string): PageExamples {
  const lines = text.split(/\r?\n/);
  const blocks: ExampleBlock[] = [];
  const problems: string[] = [];
  const usedMarkers = new Set<number>();
  const all = fences(lines);
  const inFence = (index: number) => all.some((fence) => index >= fence.start && index <= fence.end);
  for (const fence of all) {
    const marker = markerBefore(lines, fence.start);
    const shows = fence.body[0]?.text.startsWith(`${COMMAND}crm-schema`) ?? false;
    if (!marker && !shows) continue;
    const where = `${page}:${fence.start + 1}`;
    let scenario: string | undefined;
    let outputOf: string | undefined;
    if (marker) {
      usedMarkers.add(marker.index);
      const parsed = MARKER_BODY.exec(marker.body);
      if (!parsed) {
        problems.push(
          `${page}:${marker.index + 1}: cannot read "<!-- example: ${marker.body} -->": write <!-- example: SCENARIO --> (or <!-- example: SCENARIO, output of: crm-schema ... --> before a block of output only)`,
        );
        continue;
      }
      scenario = parsed[1];
      outputOf = parsed[2];
    }
    if (outputOf !== undefined) {
      if (shows) {
        problems.push(
          `${where}: the block shows its own command: its comment names the scenario only (<!-- example: ${scenario} -->)`,
        );
        continue;
      }
      blocks.push({
        page,
        line: fence.start + 1,
        indent: fence.indent,
        scenario,
        commands: [{ command: outputOf, line: marker!.index + 1, expected: [...fence.body] }],
      });
      continue;
    }
    if (!shows) {
      problems.push(
        `${where}: the block after <!-- example: ${scenario} --> does not start with "$ crm-schema": show the command, or name it in the comment (output of: crm-schema ...)`,
      );
      continue;
    }
    blocks.push({
      page,
      line: fence.start + 1,
      indent: fence.indent,
      scenario,
      commands: splitCommands(fence.body),
    });
  }
  lines.forEach((line, index) => {
    if (MARKER.test(line) && !usedMarkers.has(index) && !inFence(index)) {
      problems.push(
        `${page}:${index + 1}: an example comment must come right before the fenced block it describes`,
      );
    }
  });
  return { blocks, problems };
}
