/** A place in a file: 1-based line and column. Manifest diagnostics and plan diagnostics point with it. */
export interface SourceLocation {
  file: string;
  line: number;
  col: number;
}
