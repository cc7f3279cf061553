/**
 * An apply with its record: the record is opened (and on disk) before the first write, every request,
 * outcome, typeId and record value is journalled as the run goes, and the record is finished with how the
 * run ended. A record that cannot be written stops the run (nothing more is started); the run's report
 * still comes, with why. What stops a run from outside (a signal) is the caller's: `guard` runs the apply
 * with the signal it may abort, and `stoppedBy` reads why it did.
 */
import type { CrmClient } from '../../api/client.js';
import { defined } from '../../core/defined.js';
import type { DesiredState } from '../model/desired-state.js';
import type { SchemaState } from '../model/schema-model.js';
import type { PlanDocument } from '../plan/plan-document.js';
import { openRecord, type RecordContext } from './make-record.js';
import { RecordWriter } from './record-journal.js';
import type { ApplyRecord } from './shape/record-shape.js';
import { applyPlan } from '../apply/executor.js';
import type { ApplyEvent, ApplyOptions, ApplyReport } from '../apply/types.js';

export interface RecordedApplyInput {
  plan: Pick<PlanDocument, 'changes'>;
  /** the live state the plan was made from, and the desired one */
  before: SchemaState;
  desired: DesiredState;
  /** who, where and what the record says of the run */
  context: RecordContext;
  /** where the record of this id goes */
  recordPath(id: string): string;
  client: CrmClient;
  options: Pick<ApplyOptions, 'parallelism' | 'alreadyDone' | 'typeIds' | 'recordValues'>;
  /** every event of the run, after the record has it (progress) */
  onEvent(event: ApplyEvent): void;
  /** runs the apply with the signal that stops it (a signal handler's) */
  guard(
    controller: AbortController,
    run: (signal: AbortSignal) => Promise<ApplyReport>,
  ): Promise<ApplyReport>;
  /** why the signal stopped the run, when something outside did */
  stoppedBy(signal: AbortSignal): string | undefined;
}

export interface RecordedApply {
  report: ApplyReport;
  /** the finished record; undefined when it could not be written */
  record?: ApplyRecord;
  /** where the record was written */
  recordPath: string;
  /** why the record could not be written as the run went (the run stopped there) */
  recordFailure?: Error;
  /** the signal that stopped the run, when one did */
  stoppedBy?: string;
}

/**
 * Runs the plan with its record. `opened` is called once the record is on disk, with its path, before
 * anything is sent.
 */
export async function recordedApply(
  input: RecordedApplyInput,
  opened: (recordPath: string) => void,
): Promise<RecordedApply> {
  const { record: started, keep } = openRecord(
    { changes: input.plan.changes, before: input.before, desired: input.desired },
    input.context,
  );
  const controller = new AbortController();
  const writer = await RecordWriter.open(input.recordPath(started.id), started, keep, () => {
    controller.abort('the apply record could not be written');
  });
  opened(writer.path);
  let report: ApplyReport;
  try {
    report = await input.guard(controller, (signal) =>
      applyPlan(input.plan, input.client, {
        ...input.options,
        signal,
        onRecordWrites: (id, written) => {
          writer.values(id, written);
        },
        onTypeIds: (known) => {
          writer.typeIds(known);
        },
        onEvent: (event) => {
          // the record first: what is about to be sent is on disk before it goes
          if (event.kind === 'request') writer.sent(event.ids);
          else if (event.kind === 'outcome') writer.outcome(event.outcome);
          else if (event.kind === 'records') writer.progress(event.id, event.read, event.written);
          input.onEvent(event);
        },
      }),
    );
  } catch (error) {
    // the record stays as the run left it (opened, with its journal): every reader folds it
    writer.close();
    throw error;
  }
  const stopped = input.stoppedBy(controller.signal);
  let record: ApplyRecord | undefined;
  let recordFailure = writer.failure;
  try {
    record = await writer.finish({
      finishedAt: new Date().toISOString(),
      ok: report.ok,
      ...defined({ stoppedBy: stopped }),
    });
  } catch (error) {
    // the changes are applied: the report still comes; the journal keeps what the record could not
    recordFailure ??= error as Error;
  }
  return {
    report,
    recordPath: writer.path,
    ...defined({ record, recordFailure, stoppedBy: stopped }),
  };
}
