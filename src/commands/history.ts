/**
 * `crm-schema history`: the apply records of the project's record store, oldest first (when, who, commit,
 * where, what each did, whether it ran to its end, rolled back or not); `--push` publishes the records of
 * this clone to a remote's records branch. Reads the record folder and the records branch (with each
 * remote's copy a fetch brought); calls no CRM.
 */
import { relative } from 'node:path';
import { Flags } from '@oclif/core';
import { CrmCommand } from '../cli/base-command.js';
import { projectRecordStore } from '../cli/record-store.js';
import { escapeJsonText } from '../engine/render/common/safe-text.js';
import { historyJson, renderHistoryText, type HistoryView } from '../engine/render/record/history-text.js';
import { renderPublished } from '../engine/render/record/published-text.js';
import { listStore } from '../engine/record/record-store.js';
import { rollbackLinks } from '../engine/record/rollback-links.js';
import { publishRecords, type PublishResult } from '../engine/record/publish-records.js';

export type HistoryResult = HistoryView | PublishResult;

export default class History extends CrmCommand {
  static override summary =
    'List the apply records of the project: when, who, commit, where, what each did; --push publishes them.';

  static override description =
    "Every crm-schema apply writes a record as it goes to the project's record folder (applyRecords in " +
    'crm-schema.yaml, default .crm-schema/applies). --push publishes the records of this clone to the records ' +
    'branch of a remote (recordsBranch, default crm-schema-records), so that every clone sees every apply; ' +
    'history lists the records of the folder and of that branch (local, and each remote copy a git fetch ' +
    'brought), oldest first, says which a later apply rolled back, and which stopped before their end. It ' +
    'calls no CRM. Exit 0; 1 when the project file cannot be read, or the push fails.';

  static override examples = [
    '<%= config.bin %> history',
    '<%= config.bin %> history --json',
    'git fetch origin && <%= config.bin %> history',
    '<%= config.bin %> history --push',
  ];

  static override flags = {
    config: Flags.string({ summary: 'The project file (default: ./crm-schema.yaml).', helpValue: 'FILE' }),
    json: Flags.boolean({ summary: 'Print the records as JSON on stdout (nothing else).', default: false }),
    color: Flags.boolean({
      summary: 'Colour the output (default: on a terminal, unless NO_COLOR is set).',
      default: true,
      allowNo: true,
    }),
    push: Flags.boolean({
      summary:
        "Publish this clone's records (the folder's, and the local records branch's) to the records branch of --remote: one commit on top of it, a fast-forward push, never a forced one.",
      default: false,
    }),
    remote: Flags.string({
      summary: 'The remote --push publishes to.',
      default: 'origin',
      helpValue: 'NAME',
      dependsOn: ['push'],
    }),
  };

  static override enableJsonFlag = true;

  protected override renderJson(result: HistoryResult): string {
    return escapeJsonText(JSON.stringify('entries' in result ? historyJson(result) : result, null, 2));
  }

  async run(): Promise<HistoryResult> {
    const { flags } = await this.parse(History);
    const output = this.output(flags);
    // the project file alone: a broken manifest must not hide what was applied
    const project = await this.loadProject(flags, output, { configOnly: true });
    const store = await projectRecordStore(project.config);
    if (flags.push) {
      const published = await publishRecords(store, flags.remote);
      if (!this.jsonEnabled()) output.out(renderPublished(published));
      return published;
    }
    const shown = (path: string) => relative(this.cwd, path) || path;
    const { records, unreadable } = await listStore(store, shown);
    const links = rollbackLinks(records);
    const view: HistoryView = {
      folder: shown(store.folder),
      ...(store.git === undefined ? {} : { branch: store.git.branch }),
      entries: records.map(({ path, record, places, ambiguous }) => {
        const by = links.get(record.id);
        return {
          ...(path === undefined ? {} : { path: shown(path) }),
          record,
          places,
          ...(ambiguous === undefined ? {} : { ambiguous }),
          ...(by === undefined ? {} : { rolledBackBy: by }),
        };
      }),
      unreadable,
    };
    if (!this.jsonEnabled()) output.out(renderHistoryText(view));
    return view;
  }
}
