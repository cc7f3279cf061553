/**
 * What a bench case returns and how `npm run bench` prints it: one table, one row per figure, with the
 * issue's target and whether it is met where there is one.
 */
export type Figures = Record<string, number | string>;

export interface Target {
  /** the figure the target is about (a key of `figures`) */
  metric: string;
  /** the target, as people read it: `<= 300 ms`, `= 110 (lower bound)` */
  target: string;
  met: boolean;
}

export interface CaseResult {
  figures: Figures;
  targets?: Target[];
  /** how each group of figures was produced (the command run), by figure prefix or name */
  commands?: Record<string, string>;
  /** checks that must hold for the figures to mean anything (e.g. the plan after apply is empty) */
  failures?: string[];
}

export function isCaseResult(value: Figures | CaseResult): value is CaseResult {
  return typeof (value as CaseResult).figures === 'object';
}

const format = (value: number | string) =>
  typeof value === 'number' && Number.isInteger(value) ? value.toLocaleString('en-US') : String(value);

/** One table: case, metric, value, target, status. */
export function resultTable(results: Record<string, CaseResult>): string {
  const rows: string[][] = [['case', 'metric', 'value', 'target', 'status']];
  for (const [name, result] of Object.entries(results)) {
    const targets = new Map((result.targets ?? []).map((t) => [t.metric, t]));
    for (const [metric, value] of Object.entries(result.figures)) {
      const target = targets.get(metric);
      rows.push([
        name,
        metric,
        format(value),
        target?.target ?? '',
        target ? (target.met ? 'met' : 'MISSED') : '',
      ]);
    }
  }
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, col) => (col === 2 ? cell.padStart(widths[col]!) : cell.padEnd(widths[col]!)))
      .join('  ')
      .trimEnd();
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}
