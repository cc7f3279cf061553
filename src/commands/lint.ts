/**
 * `crm-schema lint [PATHS...]`: validate, plus every team convention (src/engine/manifest/lint/rules.ts) at its default
 * severity unless crm-schema.yaml's `lint: rules:` says otherwise. Thin: it is validate with all rules.
 */
import Validate from './validate.js';

export default class Lint extends Validate {
  static override summary =
    'Check manifests against team conventions (and validate them), without calling the CRM.';

  static override description =
    'Everything validate checks, plus the lint rules: name prefixes per object type, snake_case names, labels in ' +
    'sentence case, a description on every property, options numbered without gaps, dataSensitivity on ' +
    'properties whose names suggest personal data. Each finding is file:line:col with its rule id. Every rule runs ' +
    'at its default severity unless crm-schema.yaml sets it (lint: { rules: { <id>: error | warning | off } }); ' +
    'validate and plan run the rules set there. Exit 1 when there is an error; warnings alone exit 0.';

  static override examples = ['<%= config.bin %> lint', '<%= config.bin %> lint schema/tickets.yaml --json'];

  // oclif reads these as the command's own (a spread of the class): inherited ones would not count, and
  // `lint PATHS...` would be refused as unexpected arguments
  static override strict = Validate.strict;
  static override args = Validate.args;
  static override flags = Validate.flags;

  protected override lintAll = true;
}
