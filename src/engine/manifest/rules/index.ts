/**
 * The semantic rules, run in this order over every validated project: the engine's own (object types
 * named, tombstones), then each family's, in the order of the family list.
 */
import { families } from '../../installed.js';
import type { Rule } from './context.js';
import { objectTypeRule } from './object-types.js';
import { tombstoneRule } from './tombstones.js';

export type { Rule } from './context.js';

export function rules(): Rule[] {
  return [objectTypeRule, tombstoneRule, ...families().flatMap((family) => family.manifest.rules)];
}
