/** The planner's diagnostic codes of the installed families, with the engine's (codes.ts). */
import { families, perInstall } from '../installed.js';
import { PLAN_CODES, type PlanCodeInfo } from './codes.js';

/** The engine's codes and every installed family's, in the order of the family list. */
export const planCodes: () => Readonly<Record<string, PlanCodeInfo>> = perInstall(() => {
  const all: Record<string, PlanCodeInfo> = { ...PLAN_CODES };
  for (const family of families()) Object.assign(all, family.planCodes ?? {});
  return all;
});

/**
 * Whether a diagnostic reports a live resource in the managed scope that no manifest names. A plan read
 * from a file may carry any code: one the table does not know is no such finding.
 */
export function isUnmanagedFinding(code: string): boolean {
  const codes = planCodes();
  return Object.hasOwn(codes, code) && codes[code]?.unmanaged === true;
}
