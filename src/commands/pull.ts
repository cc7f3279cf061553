/**
 * `crm-schema pull`: writes manifests from the live account. Thin: src/engine/pull loads the project, reads
 * the account, edits the manifest files; src/engine/render prints what it did; the report is the result
 * (`--json`).
 */
import { resolve } from 'node:path';
import { Flags } from '@oclif/core';
import { CrmCommand } from '../cli/base-command.js';
import { familyFlagNames, manageFlags, readFlags } from '../cli/families.js';
import { targetFlags } from '../cli/common-flags.js';
import { describeTarget, resolveTarget } from '../cli/target.js';
import { CrmSchemaError } from '../core/errors.js';
import { loadBaseline } from '../engine/drift/baseline.js';
import { toPlanPolicy } from '../engine/live/managed-scope.js';
import type { PullReport } from '../engine/pull/pull-report.js';
import { renderPullJson } from '../engine/render/pull/pull-json.js';
import { renderDiagnosticsText } from '../engine/render/common/diagnostics.js';
import { renderPullSummary } from '../engine/render/pull/pull-summary.js';
import { pull } from '../engine/pull/pull.js';
import {
  defaultOutDir,
  loadPullProject,
  nothingDeclared,
  settleNewFiles,
} from '../engine/pull/pull-project.js';
import { checkOutDir } from '../engine/pull/inside-project.js';
import { isEmptyScope, resolvePullScope } from '../engine/pull/pull-scope.js';
import { schemaComment } from '../engine/pull/schema-ref.js';
import { deployTagOf } from '../engine/pull/deploy-tag.js';
import { notDeployedWarning } from '../engine/render/pull/pull-warnings.js';

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
    ...readFlags(),
    ...manageFlags(),
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
    const given = flags as unknown as Record<string, string[] | undefined>;
    const scope = resolvePullScope({
      flags: Object.fromEntries(familyFlagNames().map((name) => [name, given[name] ?? []])),
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
    const outcome = await this.withSession(target, flags, output, (session) =>
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

    await settleNewFiles(outcome, { project, cwd: this.cwd, outDir, scope });
    const { report } = outcome;
    if (!this.jsonEnabled())
      output.out(renderPullSummary(report, { color: output.color, from: describeTarget(target) }));
    return report;
  }
}
