/**
 * `crm-schema history`: one line per apply record, oldest first: when, who, from which commit, where,
 * what it did, and whether a later apply rolled it back. Every text read from a record file is
 * neutralised before it reaches the terminal.
 */
import { neutralize } from '../../core/control-chars.js';
import type { ApplyRecord } from '../../record/record-shape.js';

export interface HistoryEntry {
  /** the record file, relative to the current directory */
  path: string;
  record: ApplyRecord;
  /** the id of the record of the apply that rolled this one back, if any */
  rolledBackBy?: string;
}

export interface HistoryView {
  folder: string;
  entries: HistoryEntry[];
  unreadable: { path: string; problem: string }[];
}

const safe = (text: string, max = 80): string => neutralize(text.slice(0, max), { oneLine: true });

export function countsOf(record: ApplyRecord): Record<ApplyRecord['changes'][number]['outcome'], number> {
  const counts = { applied: 0, 'already-done': 0, failed: 0, skipped: 0 };
  for (const change of record.changes) counts[change.outcome] += 1;
  return counts;
}

export function renderHistoryText(view: HistoryView): string {
  if (view.entries.length === 0 && view.unreadable.length === 0)
    return `No apply records in ${safe(view.folder, 200)} yet: every crm-schema apply writes one there.\n`;
  const lines = view.entries.map(({ path, record, rolledBackBy }) => {
    const counts = countsOf(record);
    const did = [
      `${counts.applied} applied`,
      ...(counts['already-done'] > 0 ? [`${counts['already-done']} already done`] : []),
      ...(counts.failed > 0 ? [`${counts.failed} failed`] : []),
      ...(counts.skipped > 0 ? [`${counts.skipped} skipped`] : []),
    ].join(', ');
    const commit = record.git?.commit === undefined ? '' : ` @ ${safe(record.git.commit, 12)}`;
    const where =
      record.target.environment === undefined
        ? safe(record.target.baseUrl)
        : `environment ${safe(record.target.environment)}`;
    const account =
      record.target.account === undefined ? '' : `, account ${safe(String(record.target.account.id), 20)}`;
    const notes = [
      ...(record.rollbackOf === undefined ? [] : [`rollback of ${safe(record.rollbackOf)}`]),
      ...(rolledBackBy === undefined ? [] : [`rolled back by ${safe(rolledBackBy)}`]),
    ];
    return [
      `${safe(record.startedAt, 40)}  ${safe(record.actor.name, 40)}${commit}  ${where}${account}  ${did}${notes.length > 0 ? `  (${notes.join('; ')})` : ''}`,
      `    ${safe(path, 200)}`,
    ].join('\n');
  });
  const bad = view.unreadable.map(
    ({ path, problem }) => `Not a record, left out: ${safe(path, 200)}: ${safe(problem, 200)}`,
  );
  return `${[...lines, ...bad].join('\n')}\n`;
}

/** The JSON form: one object per record, its changes left out (the record file has them). */
export function historyJson(view: HistoryView): unknown {
  return {
    folder: view.folder,
    records: view.entries.map(({ path, record, rolledBackBy }) => ({
      path,
      id: record.id,
      startedAt: record.startedAt,
      finishedAt: record.finishedAt,
      actor: record.actor,
      ...(record.git === undefined ? {} : { git: record.git }),
      target: record.target,
      apiVersion: record.apiVersion,
      ok: record.ok,
      counts: countsOf(record),
      ...(record.rollbackOf === undefined ? {} : { rollbackOf: record.rollbackOf }),
      ...(rolledBackBy === undefined ? {} : { rolledBackBy }),
    })),
    unreadable: view.unreadable,
  };
}
