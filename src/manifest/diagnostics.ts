/**
 * A problem found while validating, located in a file. Validation collects them all (it never stops
 * at the first); `src/render/diagnostics.ts` prints them.
 */
import { DIAGNOSTIC_CODES } from './codes.js';
import type { DiagnosticCode } from './codes.js';
import type { SourceLocation } from '../model/source-location.js';

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
}

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
      severity: input.code === 'LINT' ? (input.severity ?? 'warning') : DIAGNOSTIC_CODES[input.code].severity,
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
