/**
 * Apply runs a plan phase by phase: what others depend on is created first (a group before its
 * properties, an event definition before its properties), then the destructive changes in reverse
 * dependency order (properties are archived before their groups, a label's limit is purged before the
 * label is deleted). Each family names its phases (`Family.phases`); the order is the family list's
 * (engine/installed.ts). Within a phase a change never runs before the changes it `dependsOn` (a
 * calculated property after the properties its formula uses).
 */

/** A phase, as a family names it (`groups.create`). */
export type Phase = string;
