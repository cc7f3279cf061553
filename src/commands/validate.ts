/**
 * `crm-schema validate [PATHS...]`: checks manifests (YAML, shape, meaning) and the project file
 * without calling the CRM. Thin: src/manifest validates, src/render prints.
 */
import { Args, Command, Flags } from '@oclif/core';
import { EXIT } from '../cli/exit-codes.js';
import { validatePaths } from '../manifest/index.js';
import { Output } from '../cli/output.js';
import { diagnosticsJson, renderDiagnosticsText } from '../render/diagnostics.js';
import { escapeJsonText } from '../render/safe-text.js';

export default class Validate extends Command {
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

  async run(): Promise<void> {
    const { argv, flags } = await this.parse(Validate);
    const report = await validatePaths(argv as string[], {
      ...(flags.config === undefined ? {} : { configPath: flags.config }),
    });
    const output = new Output(flags.color, process.env);
    if (flags.json) output.out(escapeJsonText(JSON.stringify(diagnosticsJson(report), null, 2)));
    else output.out(renderDiagnosticsText(report, { color: output.color }));
    if (!report.ok) this.exit(EXIT.error);
  }
}
