/**
 * `crm-schema pull`: writes manifests from the live account. Thin: src/pull loads the project, reads
 * the account, edits the manifest files; src/render prints what it did; the report is the result
 * (`--json`).
 */
import { resolve } from 'node:path';
import { Flags } from '@oclif/core';
import { CrmCommand } from '../cli/base-command.js';
import { targetFlags } from '../cli/common-flags.js';
import { describeTarget, resolveTarget } from '../cli/target.js';
import { CrmSchemaError } from '../core/errors.js';
import { loadBaseline } from '../drift/baseline.js';
import { toPlanPolicy } from '../live/managed-scope.js';
import type { PullReport } from '../pull/pull-report.js';
import { renderPullJson } from '../render/pull/pull-json.js';
import { renderDiagnosticsText } from '../render/common/diagnostics.js';
import { renderPullSummary } from '../render/pull/pull-summary.js';
import { pull } from '../pull/pull.js';
import { defaultOutDir, loadPullProject, nothingDeclared, settleNewFiles } from '../pull/pull-project.js';
import { checkOutDir } from '../pull/inside-project.js';
import { isEmptyScope, resolvePullScope } from '../pull/pull-scope.js';
import { schemaComment } from '../pull/schema-ref.js';
import { deployTagOf } from '../pull/deploy-tag.js';
import { notDeployedWarning } from '../render/pull/pull-warnings.js';

export default class Pull extends CrmCommand {
  static override summary = 'Write manifests from the live account.';

  static override description =
    'Reads the live account and writes what it holds as manifests: custom properties and groups per object ' +
    'type, association labels and limits per pair, custom event properties per event definition (built-in ' +
    'properties only with --include-built-in). Only properties in a managed scope are added: --prefix and ' +
    '--group, else the policy.manage of the project; only labels in a label scope: --label, else ' +
    'policy.manage.labels. Without --object-type, --associations or --event it ' +
    'refreshes the project: what its manifests and policy put in scope. Manifests are updated in place; ' +
    'every line that does not change stays as it is written; new scopes get new files in --out. Writes only ' +
    'files; never changes the account. With --baseline (the git ref of the last deploy) what the manifests ' +
    'changed since is left as they have it and listed: only what was changed outside crm-schema is pulled. ' +
    'Exit 0 on success, 1 on any error.';

  static override examples = [
    '<%= config.bin %> pull --local',
    '<%= config.bin %> pull --env production',
    '<%= config.bin %> pull --env production --prefix support_',
    '<%= config.bin %> pull --env production --baseline crm-schema/deployed/production',
    "<%= config.bin %> pull --base-url https://crm.example.com --object-type tickets --prefix support_ --label 'tickets->orders' --event order_shipped --out schema",
  ];

  static override flags = {
    ...targetFlags,
    'object-type': Flags.string({
      summary: 'Pull the custom properties and groups of this object type (name or id); repeatable.',
      helpValue: 'TYPE',
      multiple: true,
    }),
    associations: Flags.string({
      summary: 'Pull the association labels and limits of this direction; repeatable.',
      helpValue: 'FROM:TO',
      multiple: true,
    }),
    event: Flags.string({
      summary: 'Pull the custom properties of this event definition; repeatable.',
      helpValue: 'NAME',
      multiple: true,
    }),
    prefix: Flags.string({
      summary:
        'Add only the custom properties with this name prefix (support_, or tickets.support_ for one object type); repeatable. Default: policy.manage of the project.',
      helpValue: 'PREFIX',
      multiple: true,
    }),
    group: Flags.string({
      summary:
        'Add only the custom properties in this group (support, or tickets.support for one object type); repeatable. Default: policy.manage of the project.',
      helpValue: 'GROUP',
      multiple: true,
    }),
    label: Flags.string({
      summary:
        "Add only the association labels of this object pair (tickets->orders), or those whose text matches ('contacts->companies:Escalation *'), and read that pair; repeatable. Default: policy.manage.labels of the project.",
      helpValue: 'FROM->TO[:TEXT]',
      multiple: true,
    }),
    out: Flags.string({
      summary:
        'Folder for new manifest files, inside the project folder (default: the folder of the first manifests glob, else schema/).',
      helpValue: 'DIR',
    }),
    'include-built-in': Flags.boolean({
      summary: 'Also write built-in (platform) properties.',
      default: false,
    }),
    baseline: Flags.string({
      summary:
        'A git ref holding the manifests as last deployed (e.g. the tag crm-schema/deployed/production): what the ' +
        'manifests changed since is left as it is; only what was changed outside crm-schema is pulled.',
      helpValue: 'GIT-REF',
    }),
  };

  static override enableJsonFlag = true;

  protected override renderJson(result: PullReport): string {
    return renderPullJson(result);
  }

  async run(): Promise<PullReport> {
    const { flags } = await this.parse(Pull);
    const output = this.output(flags);
    const project = await loadPullProject(this.cwd, flags.config, (report) => {
      if (report.diagnostics.length > 0)
        output.err(renderDiagnosticsText(report, { color: output.colorErr }));
    });
    const target = resolveTarget({
      local: flags.local,
      baseUrl: flags['base-url'],
      envName: flags.env,
      config: project?.config,
      env: process.env,
      accountId: flags['account-id'],
      apiVersion: flags['api-version'],
    });
    const projectDir = project?.config.dir ?? this.cwd;
    // before anything is read: pull writes only inside the project folder
    const outDir = await checkOutDir(
      projectDir,
      flags.out === undefined ? defaultOutDir(this.cwd, project?.config) : resolve(this.cwd, flags.out),
      flags.out,
    );
    const scope = resolvePullScope({
      flags: {
        objectTypes: flags['object-type'] ?? [],
        associations: flags.associations ?? [],
        events: flags.event ?? [],
        prefixes: flags.prefix ?? [],
        groups: flags.group ?? [],
        labels: flags.label ?? [],
      },
      desired: project?.desired ?? nothingDeclared(),
      policy: toPlanPolicy(target.policy),
    });
    if (isEmptyScope(scope)) {
      throw new CrmSchemaError(
        'PULL_NOTHING',
        'Nothing to pull: no object type, association pair or event is named.',
        {
          hint:
            'Name what to pull with --object-type TYPE, --associations FROM:TO or --event NAME (repeatable), or a ' +
            'qualified --prefix tickets.support_ / --group tickets.support, or run pull in a project whose ' +
            'manifests name them.',
        },
      );
    }
    if (flags.baseline !== undefined && project === undefined) {
      throw new CrmSchemaError(
        'BASELINE_UNAVAILABLE',
        `--baseline ${flags.baseline}: there is no project here (no ${flags.config ?? 'crm-schema.yaml'}), so there are no deployed manifests to compare with.`,
        { hint: 'Run pull --baseline in the project folder, or leave --baseline out.' },
      );
    }
    const baseline =
      flags.baseline === undefined
        ? undefined
        : await loadBaseline({ cwd: this.cwd, configFlag: flags.config, ref: flags.baseline });
    // a deployed baseline of this environment exists: a plain pull would revert what is merged and not
    // deployed yet (said only where the account is the environment's: its URL, or the environment named)
    const environment =
      target.kind === 'remote' && (target.from === 'environment' || flags.env !== undefined)
        ? target.environment?.name
        : undefined;
    const deployed =
      baseline === undefined && project !== undefined && environment !== undefined
        ? await deployTagOf(project.config.dir, environment)
        : undefined;
    if (deployed !== undefined) output.err(notDeployedWarning(deployed));
    const report = await this.withSession(target, flags, output, (session) =>
      pull(session.client, {
        scope,
        desired: project?.desired ?? nothingDeclared(),
        includeBuiltIn: flags['include-built-in'],
        manifestFiles: project?.manifestFiles ?? [],
        outDir,
        projectDir,
        cwd: this.cwd,
        schemaComment: (dir) => schemaComment(dir, projectDir, 'manifest.schema.json'),
        ...(baseline === undefined ? {} : { baseline }),
      }),
    );

    await settleNewFiles(report, { project, cwd: this.cwd, outDir, scope });
    if (!this.jsonEnabled())
      output.out(renderPullSummary(report, { color: output.color, from: describeTarget(target) }));
    return report;
  }
}
