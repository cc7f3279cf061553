/** The lint rules of the installed families (each family's `ManifestPart.lintRules`). */
import { families } from '../../installed.js';
import type { LintRule } from './rules.js';

/** Every lint rule of the installed families, in the order of the family list. */
export function lintRules(): LintRule[] {
  return families().flatMap((family) => family.manifest.lintRules ?? []);
}
