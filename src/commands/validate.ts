/**
 * `crm-schema validate [PATHS...]`: checks manifests (YAML, shape, meaning) and the project file
 * without calling the CRM. Thin: src/engine/manifest validates, src/engine/render prints; the report is the result.
 */
import { Args, Flags } from '@oclif/core';
import { CrmCommand } from '../cli/base-command.js';
import { defined } from '../core/defined.js';
import { EXIT } from '../cli/exit-codes.js';
import { validatePaths, type ValidationReport } from '../engine/manifest/index.js';
import { diagnosticsJson, renderDiagnosticsText } from '../engine/render/common/diagnostics.js';
import { escapeJsonText } from '../engine/render/common/safe-text.js';

export default class Validate extends CrmCommand {
  static override summary = 'Check manifests and the project file, without calling the CRM.';

  static override description =
    'Reports every problem at once, each as file:line:col with a code: YAML syntax, the shape of each ' +
    'document (the JSON Schemas in schemas/), and rules such as valid type/fieldType pairs, options, ' +
    'formulas and duplicates across files. Without PATHS it checks the project of ./crm-schema.yaml ' +
    '(or --config). A folder holding crm-schema.yaml is checked as that project; any other folder by its ' +
    '*.yaml and *.yml files. Exit 1 when there is an error; warnings alone exit 0.';

  static override examples = [
    '<%= config.bin %> validate',
    '<%= config.bin %> validate schema/tickets.yaml schema/orders.yaml',
    '<%= config.bin %> validate examples --json',
  ];

  static override strict = false;

  static override args = {
    paths: Args.string({ description: "Manifest files or folders (default: the project file's manifests)." }),
  };

  static override flags = {
    config: Flags.string({ summary: 'The project file (default: ./crm-schema.yaml).', helpValue: 'FILE' }),
    json: Flags.boolean({ summary: 'Print the result as JSON on stdout (nothing else).', default: false }),
    color: Flags.boolean({
      summary: 'Colour the output (default: on a terminal, unless NO_COLOR is set).',
      default: true,
      allowNo: true,
    }),
  };

  static override enableJsonFlag = true;

  protected override renderJson(report: ValidationReport): string {
    return escapeJsonText(JSON.stringify(diagnosticsJson(report), null, 2));
  }

  /** every lint rule at its default severity (`crm-schema lint`), not only those the project file sets */
  protected lintAll = false;

  async run(): Promise<ValidationReport> {
    const { argv, flags } = await this.parse(this.constructor as typeof Validate);
    const output = this.output(flags);
    const report = await validatePaths(
      argv as string[],
      defined({ configPath: flags.config, lintAll: this.lintAll || undefined }),
    );
    if (!this.jsonEnabled()) output.out(renderDiagnosticsText(report, { color: output.color }));
    if (!report.ok) this.exitWith(EXIT.error);
    return report;
  }
}
