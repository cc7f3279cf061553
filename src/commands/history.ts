/**
 * `crm-schema history`: the apply records of the project, oldest first (when, who, commit, where, what
 * each did, rolled back or not). Reads the record folder only; calls no CRM.
 */
import { relative } from 'node:path';
import { Flags } from '@oclif/core';
import { CrmCommand } from '../cli/base-command.js';
import { escapeJsonText } from '../render/common/safe-text.js';
import { historyJson, renderHistoryText, type HistoryView } from '../render/record/history-text.js';
import { listRecords, recordFolder } from '../record/record-file.js';

export default class History extends CrmCommand {
  static override summary = 'List the apply records of the project: when, who, commit, where, what each did.';

  static override description =
    "Every crm-schema apply writes a record to the project's record folder (applyRecords in crm-schema.yaml, " +
    'default .crm-schema/applies). history lists them, oldest first, and says which a later apply rolled back. ' +
    'It calls no CRM. Exit 0; 1 when the project file cannot be read.';

  static override examples = ['<%= config.bin %> history', '<%= config.bin %> history --json'];

  static override flags = {
    config: Flags.string({ summary: 'The project file (default: ./crm-schema.yaml).', helpValue: 'FILE' }),
    json: Flags.boolean({ summary: 'Print the records as JSON on stdout (nothing else).', default: false }),
    color: Flags.boolean({
      summary: 'Colour the output (default: on a terminal, unless NO_COLOR is set).',
      default: true,
      allowNo: true,
    }),
  };

  static override enableJsonFlag = true;

  protected override renderJson(view: HistoryView): string {
    return escapeJsonText(JSON.stringify(historyJson(view), null, 2));
  }

  async run(): Promise<HistoryView> {
    const { flags } = await this.parse(History);
    const output = this.output(flags);
    const project = await this.loadProject(flags, output);
    const folder = await recordFolder(project.config.dir, project.config.applyRecords);
    const { records, unreadable } = await listRecords(folder);
    const rolledBack = new Map<string, string>();
    for (const { record } of records)
      if (record.rollbackOf !== undefined) rolledBack.set(record.rollbackOf, record.id);
    const shown = (path: string) => relative(this.cwd, path) || path;
    const view: HistoryView = {
      folder: shown(folder),
      entries: records.map(({ path, record }) => {
        const by = rolledBack.get(record.id);
        return { path: shown(path), record, ...(by === undefined ? {} : { rolledBackBy: by }) };
      }),
      unreadable: unreadable.map(({ path, problem }) => ({ path: shown(path), problem })),
    };
    if (!this.jsonEnabled()) output.out(renderHistoryText(view));
    return view;
  }
}
