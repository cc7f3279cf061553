/** Severity levels, ordered. A change's severity and reason are set by the kind, then adjusted by rules. */
export const SEVERITIES = ['safe', 'dangerous', 'destructive'] as const;

export type Severity = (typeof SEVERITIES)[number];

export interface Assessment {
  severity: Severity;
  reason: string;
}

export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}
