/**
 * `crm-schema init`: starts a project in the current folder: `crm-schema.yaml` (commented, with the scope
 * the project owns), the manifests folder, `.crm-schema/` and saved plans in `.gitignore`; `--workflows`
 * copies the CI recipes, naming the environment it writes (or none); `--pull` adopts that scope of the account named by `--base-url` / `CRM_BASE_URL` (or `--local`)
 * in one step, and records an account adopted over HTTP as the default environment, pinned to its id. The
 * scope comes from `--prefix` / `--group`, or is asked on a terminal. Thin: src/engine/init does the work.
 */
import { NEWEST_API_VERSION } from '../wire/api-version.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Flags } from '@oclif/core';
import { CrmCommand } from '../cli/base-command.js';
import { manageFlags } from '../cli/families.js';
import { targetFlags } from '../cli/common-flags.js';
import { describeTarget, resolveTarget } from '../cli/target.js';
import { CrmSchemaError } from '../core/errors.js';
import { CONFIG_FILE_NAME } from '../engine/manifest/project/config.js';
import { adoptAccount } from '../engine/init/adopt.js';
import { assertScopeOrTerminal, chooseScope } from '../engine/init/scope-prompt.js';
import { openTerminal, type OpenTerminal } from '../engine/init/terminal.js';
import { assertWorkflowsFree } from '../engine/init/scaffold.js';
import { SCHEMA_DIR, writeProject } from '../engine/init/write-project.js';
import type { AdoptedEnvironment } from '../engine/init/project-file.js';

/** the environment `init --pull` writes for the account it adopted over HTTP */
const ADOPTED_ENVIRONMENT = 'default';
import { manageFromFlags, scopeWords, type ManageEntries } from '../engine/pull/scope-flags.js';
import { renderPullSummary } from '../engine/render/pull/pull-summary.js';

export default class Init extends CrmCommand {
  static override summary =
    'Start a project here: crm-schema.yaml with the scope it owns, a schema/ folder; --pull adopts that scope of an account.';

  static override description =
    'Writes crm-schema.yaml (with comments), a schema/ folder, and .crm-schema/ and saved plans (plan.json, ' +
    '*.plan.json) in .gitignore; with --workflows the three GitHub Actions recipes in .github/workflows/, ' +
    'naming the environment the project file names (or none). The project owns a scope, written as ' +
    'policy.manage: the custom properties with a name prefix (--prefix) or in a group (--group), and the ' +
    'association labels named by --label; without these flags init asks on a terminal, and refuses elsewhere. ' +
    'With --pull it adopts that scope of the account named by --base-url / CRM_BASE_URL (or --local): only ' +
    'those properties, the groups they use, the custom event properties with a chosen prefix and the labels ' +
    'of the --label entries (labels have owners: none is adopted unasked); ' +
    'a plan right after shows no change; an account adopted over HTTP becomes the default environment, ' +
    'pinned to its id (accountId). Built-in groups are managed only when named. Writes no file that ' +
    'exists. Exit 0 on success, 1 on any error.';

  static override examples = [
    '<%= config.bin %> init --prefix support_',
    '<%= config.bin %> init --prefix tickets.support_ --group deals.finance --workflows',
    '<%= config.bin %> init --pull --base-url https://api.example.com --prefix support_',
    "<%= config.bin %> init --pull --base-url https://api.example.com --prefix support_ --label 'contacts->companies:Escalation *'",
    '<%= config.bin %> init --pull --local',
  ];

  static override flags = {
    ...targetFlags,
    pull: Flags.boolean({
      summary: 'Adopt the account: pull what it holds in the scope into manifests.',
      default: false,
    }),
    ...manageFlags(true),
    yes: Flags.boolean({
      summary: 'On a terminal, pull without the last confirmation.',
      default: false,
    }),
    workflows: Flags.boolean({
      summary: 'Copy the GitHub Actions recipes (plan, deploy, drift) into .github/workflows/.',
      default: false,
    }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Init);
    const output = this.output(flags);
    const dir = this.cwd;
    if (existsSync(join(dir, CONFIG_FILE_NAME)))
      throw new CrmSchemaError(
        'INIT_FILE_EXISTS',
        `${CONFIG_FILE_NAME} exists already: this folder is a project.`,
        {
          hint: 'Run crm-schema pull to add what the account holds to it, or init in another folder.',
        },
      );
    const given = manageFromFlags(flags);
    // isTTY is undefined (not false) off a terminal, whatever the typings say
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-boolean-literal-compare -- see above
    const terminal = process.stdin.isTTY === true ? openTerminal(process.stdin, process.stderr) : undefined;
    try {
      // before any call: without a scope and without a terminal to ask on, init refuses; so it does when
      // a recipe --workflows would copy exists
      assertScopeOrTerminal(given, terminal);
      if (flags.workflows) await assertWorkflowsFree(dir);
      let manage: ManageEntries;
      let environment: AdoptedEnvironment | undefined;
      if (flags.pull) {
        const target = resolveTarget({
          local: flags.local,
          baseUrl: flags['base-url'],
          envName: undefined,
          config: undefined,
          env: process.env,
          accountId: flags['account-id'],
          // a new project speaks the newest API version unless told otherwise: what it adopts with is
          // what it writes
          apiVersion: flags['api-version'] ?? NEWEST_API_VERSION,
        });
        const adopted = await this.withSession(target, flags, output, async (session) => {
          const result = await adoptAccount(session.client, {
            dir,
            outDir: join(dir, SCHEMA_DIR),
            given,
            yes: flags.yes,
            say: (text) => {
              output.err(text);
            },
            ...(terminal === undefined ? {} : { terminal }),
          });
          return result === undefined ? undefined : { ...result, account: session.account };
        });
        if (adopted === undefined) {
          output.err('Nothing was written.\n');
          return;
        }
        if (adopted.report !== undefined)
          output.out(
            renderPullSummary(adopted.report, { color: output.color, from: describeTarget(target) }),
          );
        manage = adopted.manage;
        // the account adopted over HTTP becomes the default environment, pinned to its id
        if (target.kind === 'remote')
          environment = {
            name: ADOPTED_ENVIRONMENT,
            baseUrl: target.baseUrl,
            tokenEnv: target.tokenEnv,
            accountId: adopted.account?.id,
            apiVersion: target.apiVersion,
          };
      } else {
        manage = await chooseScope(given, terminal);
      }
      closeTerminal(terminal);
      const written = await writeProject({
        dir,
        manage,
        workflows: flags.workflows,
        ...(environment === undefined ? {} : { environment }),
      });
      output.out(
        `Wrote ${written.join(', ')}.\n` +
          `Owned (policy.manage, unmanaged: report): ${scopeWords(manage)}.\n` +
          (environment === undefined
            ? ''
            : `Environment ${environment.name} (the default): ${environment.baseUrl}, ` +
              (environment.accountId === undefined
                ? 'account unknown (its details could not be read; add accountId to pin it).\n'
                : `pinned to account ${environment.accountId}.\n`)) +
          (flags.workflows ? workflowsNote(environment?.name) : '') +
          (flags.pull
            ? `Next: crm-schema validate, then crm-schema plan${flags.local ? ' --local' : ''} (it shows no change).\n`
            : `Next: write manifests in ${SCHEMA_DIR}/ (kind: Properties, Associations, EventProperties), or start ` +
              'from the account with crm-schema pull --object-type TYPE; then crm-schema validate and plan.\n'),
      );
    } finally {
      closeTerminal(terminal);
    }
  }
}

/** What the copied recipes need, and which environment they name. */
function workflowsNote(environment: string | undefined): string {
  return (
    (environment === undefined
      ? 'The CI recipes name no environment (crm-schema.yaml has none): they plan with the project policy; add --env NAME to their crm-schema commands once it names one.\n'
      : `The CI recipes plan and apply with --env ${environment}, the environment of crm-schema.yaml.\n`) +
    'They need the repository variable CRM_BASE_URL_PRODUCTION, the repository secret CRM_READ_TOKEN_PRODUCTION (a read-only token) ' +
    'and the environment production (main only, with reviewers) holding the secret CRM_TOKEN_PRODUCTION: see docs/ci.md.\n'
  );
}

function closeTerminal(terminal: OpenTerminal | undefined): void {
  terminal?.close();
}
