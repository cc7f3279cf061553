/**
 * Severity marks, shared by every plan format: `!` dangerous (values may become invalid), `!!`
 * destructive (data or configuration is lost). A safe change carries no mark.
 */
import type { Severity } from '../../plan/severity.js';

export const SEVERITY_MARKS: Readonly<Record<Exclude<Severity, 'safe'>, string>> = {
  dangerous: '!',
  destructive: '!!',
};

/** `!! destructive`, or undefined for a safe change. */
export function severityLabel(severity: Severity): string | undefined {
  return severity === 'safe' ? undefined : `${SEVERITY_MARKS[severity]} ${severity}`;
}
