/** Runs the lint rules over a project's manifest entries, reporting at each finding's place. */
import type { DiagnosticSink } from '../../../core/source/diagnostics.js';
import type { ManifestItems } from '../model/items.js';
import { report } from '../model/items.js';
import { lintRules } from './all-rules.js';
import type { LintSettings } from './rules.js';

/**
 * `all`: every rule at its default severity unless the settings say otherwise (`crm-schema lint`);
 * else only the rules the settings turn on (`validate`, `plan`).
 */
export function runLint(
  items: ManifestItems,
  settings: LintSettings,
  sink: DiagnosticSink,
  all: boolean,
): void {
  for (const rule of lintRules()) {
    const configured = settings.rules[rule.id];
    const severity = configured ?? (all ? rule.severity : 'off');
    if (severity === 'off') continue;
    for (const finding of rule.check(items, settings)) {
      report(sink, finding.ref, finding.keys, {
        code: 'LINT',
        message: `${rule.id}: ${finding.message}`,
        hint: finding.hint,
        severity,
      });
    }
  }
}
