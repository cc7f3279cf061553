/**
 * Apply runs a plan phase by phase, in this order: what others depend on is created first (an event
 * definition before its properties); then the destructive changes in reverse dependency order
 * (properties are archived before their groups, a label's limit is purged before the label is deleted).
 * Within a phase a change never runs before the changes it `dependsOn` (a calculated property after the
 * properties its formula uses).
 */
export const PHASES = [
  'groups.create',
  'properties.create',
  'properties.update',
  'groups.update',
  'properties.migrate',
  'labels.write',
  'limits.set',
  'eventDefinitions.create',
  'eventProperties.write',
  'eventProperties.delete',
  'limits.purge',
  'labels.delete',
  'properties.archive',
  'groups.archive',
] as const;

export type Phase = (typeof PHASES)[number];

const PHASE_INDEX = new Map<string, number>(PHASES.map((phase, index) => [phase, index]));

export function phaseIndex(phase: Phase): number {
  return PHASE_INDEX.get(phase) ?? PHASES.length;
}
