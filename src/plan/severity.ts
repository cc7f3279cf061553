/** Severity levels, ordered. A change's severity and reason are set by the kind, then adjusted by rules. */
export type Severity = 'safe' | 'dangerous' | 'destructive';

export const SEVERITIES: readonly Severity[] = ['safe', 'dangerous', 'destructive'];

export interface Assessment {
  severity: Severity;
  reason: string;
}

export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}
