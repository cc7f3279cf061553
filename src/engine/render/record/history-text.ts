/**
 * `crm-schema history`: one line per apply record of the project's record store, oldest first: when, who,
 * from which commit (and whether the files applied had changes not committed), where, what it did,
 * whether it ran to its end, and whether a later apply rolled it back. Every text read from a record is
 * neutralised before it reaches the terminal.
 */
import { neutralize } from '../../../core/control-chars.js';
import type { ApplyRecord, RecordOutcome } from '../../record/shape/record-shape.js';
import type { RecordPlace } from '../../record/record-store.js';

export interface HistoryEntry {
  /** the record file in the folder (relative to the current directory), when the folder holds it */
  path?: string;
  record: ApplyRecord;
  /** where the store holds it: the folder's file, the records branch and each remote's copy */
  places: RecordPlace[];
  /** set when two places hold the id with different contents */
  ambiguous?: string;
  /** the id of the record of the apply that rolled this one back, if any (both records agree) */
  rolledBackBy?: string;
}

export interface HistoryView {
  /** the record folder, and the records branch when the project is in a git repository */
  folder: string;
  branch?: string;
  entries: HistoryEntry[];
  unreadable: { path: string; problem: string }[];
}

const safe = (text: string, max = 80): string => neutralize(text.slice(0, max), { oneLine: true });

export function countsOf(record: ApplyRecord): Record<RecordOutcome, number> {
  const counts: Record<RecordOutcome, number> = {
    applied: 0,
    'already-done': 0,
    failed: 0,
    skipped: 0,
    interrupted: 0,
    'not-run': 0,
  };
  for (const change of record.changes) counts[change.outcome] += 1;
  return counts;
}

export function renderHistoryText(view: HistoryView): string {
  if (view.entries.length === 0 && view.unreadable.length === 0)
    return `No apply records in ${safe(view.folder, 200)}${view.branch === undefined ? '' : ` or on the branch ${safe(view.branch, 100)}`} yet: every crm-schema apply writes one.\n`;
  const lines = view.entries.map(({ path, record, rolledBackBy, places, ambiguous }) => {
    const counts = countsOf(record);
    const did = [
      `${counts.applied} applied`,
      ...(counts['already-done'] > 0 ? [`${counts['already-done']} already done`] : []),
      ...(counts.failed > 0 ? [`${counts.failed} failed`] : []),
      ...(counts.skipped > 0 ? [`${counts.skipped} skipped`] : []),
      ...(counts.interrupted > 0 ? [`${counts.interrupted} interrupted`] : []),
      ...(counts['not-run'] > 0 ? [`${counts['not-run']} not run`] : []),
    ].join(', ');
    const uncommitted = record.git?.uncommitted === true ? ' (with uncommitted changes)' : '';
    const commit = record.git?.commit === undefined ? '' : ` @ ${safe(record.git.commit, 12)}${uncommitted}`;
    const where =
      record.target.environment === undefined
        ? safe(record.target.baseUrl)
        : `environment ${safe(record.target.environment)}`;
    const account =
      record.target.account === undefined ? '' : `, account ${safe(String(record.target.account.id), 20)}`;
    const notes = [
      ...(record.complete === false
        ? [
            record.stoppedBy === undefined
              ? 'incomplete: killed, or still running'
              : `incomplete: stopped by ${safe(record.stoppedBy, 20)}`,
          ]
        : []),
      ...(record.rollbackOf === undefined ? [] : [`rollback of ${safe(record.rollbackOf)}`]),
      ...(rolledBackBy === undefined ? [] : [`rolled back by ${safe(rolledBackBy)}`]),
      ...(ambiguous === undefined ? [] : [`not trusted: ${safe(ambiguous, 200)}`]),
    ];
    const held = [
      ...(path === undefined ? [] : [safe(path, 200)]),
      ...places.filter((place) => place.kind === 'git').map((place) => `branch ${safe(place.where, 100)}`),
    ];
    return [
      `${safe(record.startedAt, 40)}  ${safe(record.actor.name, 40)}${commit}  ${where}${account}  ${did}${notes.length > 0 ? `  (${notes.join('; ')})` : ''}`,
      `    ${safe(record.id, 200)}: ${held.join(', ')}`,
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
    ...(view.branch === undefined ? {} : { branch: view.branch }),
    records: view.entries.map(({ path, record, rolledBackBy, places, ambiguous }) => ({
      ...(path === undefined ? {} : { path }),
      places,
      id: record.id,
      startedAt: record.startedAt,
      ...(record.finishedAt === undefined ? {} : { finishedAt: record.finishedAt }),
      complete: record.complete !== false,
      ...(record.stoppedBy === undefined ? {} : { stoppedBy: record.stoppedBy }),
      actor: record.actor,
      ...(record.git === undefined ? {} : { git: record.git }),
      target: record.target,
      apiVersion: record.apiVersion,
      ok: record.ok,
      counts: countsOf(record),
      ...(record.rollbackOf === undefined ? {} : { rollbackOf: record.rollbackOf }),
      ...(rolledBackBy === undefined ? {} : { rolledBackBy }),
      ...(ambiguous === undefined ? {} : { ambiguous }),
    })),
    unreadable: view.unreadable,
  };
}
