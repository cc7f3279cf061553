/**
 * A problem found while validating, located in a file. Validation collects them all (it never stops
 * at the first); `src/engine/render/common/diagnostics.ts` prints them.
 */
import { codeInfo } from './codes.js';
import type { DiagnosticCode } from './codes.js';
import type { SourceLocation } from './source-location.js';

export type DiagnosticSeverity = 'error' | 'warning';

export interface Diagnostic {
  /** the file as given or found, relative to the working directory */
  file: string;
  /** 1-based; null when the problem is with the file as a whole (missing, unreadable) */
  line: number | null;
  col: number | null;
  severity: DiagnosticSeverity;
  code: DiagnosticCode;
  /** plain text: what is wrong */
  message: string;
  /** what to do, when one line helps */
  hint?: string;
  /** the key path inside the document, e.g. `properties[2].fieldType` */
  path?: string;
  /** the source line it points at (YAML files only), for the text output's excerpt under the message */
  excerpt?: Excerpt;
}

/** A source line, at most `MAX_EXCERPT` characters of it around the column, and that column within it. */
export interface Excerpt {
  /** 1-based */
  line: number;
  text: string;
  /** 1-based column in `text` (after the cut) */
  col: number;
}

const MAX_EXCERPT = 120;

export interface DiagnosticInput {
  code: DiagnosticCode;
  message: string;
  hint?: string;
  path?: string;
  /** lint findings only: the severity the project file gives the rule (other codes have their table's) */
  severity?: 'error' | 'warning';
}

/** Collects diagnostics; `at` places one at a location, `inFile` on a whole file. */
export class DiagnosticSink {
  readonly items: Diagnostic[] = [];
  /** the texts of the YAML files read, for excerpts (`withExcerpts`) */
  readonly texts = new Map<string, string>();

  at(location: SourceLocation, input: DiagnosticInput): void {
    this.push({ file: location.file, line: location.line, col: location.col }, input);
  }

  inFile(file: string, input: DiagnosticInput): void {
    this.push({ file, line: null, col: null }, input);
  }

  get errorCount(): number {
    return this.items.reduce((n, d) => n + (d.severity === 'error' ? 1 : 0), 0);
  }

  private push(place: Pick<Diagnostic, 'file' | 'line' | 'col'>, input: DiagnosticInput): void {
    const diagnostic: Diagnostic = {
      ...place,
      // the severity of a code is fixed by the code table, except a lint rule's (the project file sets it)
      severity:
        input.code === 'LINT' ? (input.severity ?? 'warning') : (codeInfo(input.code)?.severity ?? 'error'),
      code: input.code,
      message: input.message,
    };
    if (input.hint !== undefined) diagnostic.hint = input.hint;
    if (input.path !== undefined && input.path !== '') diagnostic.path = input.path;
    this.items.push(diagnostic);
  }
}

/** Orders diagnostics by file (in the order given), then line and column; stable otherwise. */
export function sortDiagnostics(items: readonly Diagnostic[], fileOrder: readonly string[]): Diagnostic[] {
  const rank = new Map(fileOrder.map((file, index) => [file, index]));
  return items
    .map((d, index) => ({ d, index }))
    .sort(
      (a, b) =>
        (rank.get(a.d.file) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.d.file) ?? Number.MAX_SAFE_INTEGER) ||
        a.d.file.localeCompare(b.d.file) ||
        (a.d.line ?? 0) - (b.d.line ?? 0) ||
        (a.d.col ?? 0) - (b.d.col ?? 0) ||
        a.index - b.index,
    )
    .map(({ d }) => d);
}

/** `12:5` style text of a location for messages that name another place. */
export function formatLocation(location: SourceLocation): string {
  return `${location.file}:${location.line}:${location.col}`;
}

/**
 * The diagnostics with the source line each points at, from the YAML texts `texts` holds (by display
 * path): a line longer than 120 characters is cut around the column, with `...` where it was cut.
 */
export function withExcerpts(items: readonly Diagnostic[], texts: ReadonlyMap<string, string>): Diagnostic[] {
  const lines = new Map<string, string[]>();
  return items.map((d) => {
    const text = texts.get(d.file);
    if (text === undefined || d.line === null) return d;
    let split = lines.get(d.file);
    if (split === undefined) {
      split = text.split(/\r\n|\r|\n/);
      lines.set(d.file, split);
    }
    const line = split[d.line - 1];
    if (line === undefined) return d;
    return { ...d, excerpt: excerptOf(d.line, line, d.col ?? 1) };
  });
}

function excerptOf(number: number, line: string, col: number): Excerpt {
  if (line.length <= MAX_EXCERPT) return { line: number, text: line, col };
  const half = MAX_EXCERPT / 2;
  const start = Math.max(0, Math.min(col - 1 - half, line.length - MAX_EXCERPT));
  const head = start > 0 ? '...' : '';
  const tail = start + MAX_EXCERPT < line.length ? '...' : '';
  return {
    line: number,
    text: `${head}${line.slice(start, start + MAX_EXCERPT)}${tail}`,
    col: col - start + head.length,
  };
}
