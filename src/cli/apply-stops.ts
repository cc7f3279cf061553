/**
 * How an apply that stopped before its end says so, after its report: interrupted by a signal, or
 * stopped because its record could not be written. Both exit 1; what was sent is in the report and in the
 * record, and a new run finishes the plan.
 */
import type { ApplyReport } from '../engine/apply/types.js';
import { countOf } from '../core/count-text.js';
import { CrmSchemaError } from '../core/errors.js';

export function interruptedApply(signal: string, report: ApplyReport, recordPath: string): CrmSchemaError {
  const { applied, alreadyDone, total } = report.summary;
  const notRun = report.outcomes.filter((o) => o.skipCause === 'interrupted').length;
  return new CrmSchemaError(
    'APPLY_INTERRUPTED',
    `Apply stopped by ${signal}: ${countOf(applied + alreadyDone, 'change', 'changes')} of ${String(total)} done, ${countOf(notRun, 'change', 'changes')} not started. The apply record ${recordPath} says what was sent.`,
    {
      hint: 'Apply again (the same saved plan, or without one) to finish: what is done is found done and never sent twice. crm-schema rollback can reverse what was applied.',
      meta: { signal, applied, alreadyDone, notStarted: notRun, record: recordPath },
    },
  );
}

export function recordUnwritable(error: Error, recordPath: string, report: ApplyReport): CrmSchemaError {
  const { applied, total } = report.summary;
  return new CrmSchemaError(
    'RECORD_UNWRITABLE',
    `The apply record ${recordPath} could not be written as the apply went (${error.message}), so the apply stopped there: ${countOf(applied, 'change', 'changes')} of ${String(total)} applied, as far as the record knows.`,
    {
      hint: 'Free space or make the record folder writable, then apply again: it finishes what is left.',
      meta: { record: recordPath },
    },
  );
}
