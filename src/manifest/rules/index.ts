/** The semantic rules, run in this order over every validated project. */
import { associationTypeRule } from './associations.js';
import type { Rule } from './context.js';
import { eventDefinitionRule, eventPropertyLimitRule } from './events.js';
import { externalOptionsRule } from './external-options.js';
import { formulaReferencesRule } from './formulas.js';
import { propertyGroupRule } from './groups.js';
import { uniqueLimitRule } from './object-type-limits.js';
import { objectTypeRule } from './object-types.js';
import { eventOptionReplacesRule, onConflictRule, optionReplacesRule, renameRule } from './migrations.js';
import { eventOptionsRule, propertyOptionsRule } from './options.js';
import { fieldTypeRule, formulaPresenceRule, reservedNameRule } from './properties.js';
import { tombstoneRule } from './tombstones.js';

export type { Rule } from './context.js';

export const RULES: readonly Rule[] = [
  objectTypeRule,
  tombstoneRule,
  fieldTypeRule,
  propertyOptionsRule,
  optionReplacesRule,
  renameRule,
  onConflictRule,
  externalOptionsRule,
  formulaPresenceRule,
  formulaReferencesRule,
  uniqueLimitRule,
  propertyGroupRule,
  reservedNameRule,
  associationTypeRule,
  eventOptionsRule,
  eventOptionReplacesRule,
  eventPropertyLimitRule,
  eventDefinitionRule,
];
