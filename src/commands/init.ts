/**
 * `crm-schema init`: starts a project in the current folder: `crm-schema.yaml` (commented), the
 * manifests folder, `.crm-schema/` in `.gitignore`; `--workflows` copies the CI recipes; `--pull` adopts
 * the account named by `--base-url` / `CRM_BASE_URL` (or `--local`) in one step, and records an account
 * adopted over HTTP as the default environment, pinned to its id. Thin: src/init does the work.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Flags } from '@oclif/core';
import { CrmCommand } from '../cli/base-command.js';
import { targetFlags } from '../cli/common-flags.js';
import { describeTarget, resolveTarget } from '../cli/target.js';
import { CrmSchemaError } from '../core/errors.js';
import { defined } from '../core/defined.js';
import { writeFileAtomic } from '../core/write-file-atomic.js';
import { CONFIG_FILE_NAME } from '../manifest/config.js';
import { adopt, manageOfProject } from '../init/adopt.js';
import { discoverAccount, type Discovered } from '../init/discover.js';
import { projectFileText, type AdoptedEnvironment } from '../init/project-file.js';
import { copyWorkflows, ignoreLocalState } from '../init/scaffold.js';
import { schemaComment } from '../pull/schema-ref.js';
import { renderPullSummary } from '../render/pull-summary.js';

const SCHEMA_DIR = 'schema';
/** the environment `init --pull` writes for the account it adopted over HTTP */
const ADOPTED_ENVIRONMENT = 'default';

export default class Init extends CrmCommand {
  static override summary =
    'Start a project here: crm-schema.yaml, a schema/ folder; --pull adopts an account.';

  static override description =
    'Writes crm-schema.yaml (with comments), a schema/ folder and .crm-schema/ in .gitignore; with --workflows ' +
    'the three GitHub Actions recipes in .github/workflows/. With --pull it adopts the account named by ' +
    '--base-url / CRM_BASE_URL (or --local): it finds the custom properties and groups of the well-known object ' +
    'types, the custom event definitions and the label pairs between those object types, writes them as ' +
    'manifests, and writes a manage: scope of the groups they are in, so that unmanaged: report reports a ' +
    'property added there by hand; an account adopted over HTTP becomes the default environment, pinned to ' +
    'its id (accountId). A plan right after shows no change. On a terminal it asks before pulling; ' +
    'elsewhere give --yes. Writes no file that exists. Exit 0 on success, 1 on any error.';

  static override examples = [
    '<%= config.bin %> init',
    '<%= config.bin %> init --workflows',
    '<%= config.bin %> init --pull --base-url https://api.example.com --yes',
    '<%= config.bin %> init --pull --local --yes',
  ];

  static override flags = {
    ...targetFlags,
    pull: Flags.boolean({ summary: 'Adopt the account: pull what it holds into manifests.', default: false }),
    yes: Flags.boolean({ summary: 'Pull without asking (needed without a terminal).', default: false }),
    workflows: Flags.boolean({
      summary: 'Copy the GitHub Actions recipes (plan, deploy, drift) into .github/workflows/.',
      default: false,
    }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Init);
    const output = this.output(flags);
    const dir = this.cwd;
    const configPath = join(dir, CONFIG_FILE_NAME);
    if (existsSync(configPath))
      throw new CrmSchemaError(
        'INIT_FILE_EXISTS',
        `${CONFIG_FILE_NAME} exists already: this folder is a project.`,
        {
          hint: 'Run crm-schema pull to add what the account holds to it, or init in another folder.',
        },
      );
    const outDir = join(dir, SCHEMA_DIR);
    const written: string[] = [];
    let manage: { groups: string[]; events: string[] } = { groups: [], events: [] };
    let environment: AdoptedEnvironment | undefined;

    if (flags.pull) {
      const target = resolveTarget({
        local: flags.local,
        baseUrl: flags['base-url'],
        envName: undefined,
        config: undefined,
        env: process.env,
        accountId: flags['account-id'],
      });
      const adopted = await this.withSession(target, flags, output, async (session) => {
        const found = await discoverAccount(session.client);
        const chosen = await choose(found, flags.yes, (text) => {
          output.err(text);
        });
        if (chosen === undefined) return undefined;
        await mkdir(outDir, { recursive: true });
        return { report: await adopt(session.client, chosen, { dir, outDir }), account: session.account };
      });
      if (adopted === undefined) {
        output.err('Nothing was written.\n');
        return;
      }
      output.out(renderPullSummary(adopted.report, { color: output.color, from: describeTarget(target) }));
      // the account adopted over HTTP becomes the default environment, pinned to its id
      if (target.kind === 'remote')
        environment = {
          name: ADOPTED_ENVIRONMENT,
          baseUrl: target.baseUrl,
          tokenEnv: target.tokenEnv,
          accountId: adopted.account?.id,
        };
    }

    // the project file last, so that it names what the pull wrote
    await mkdir(outDir, { recursive: true });
    const text = (scope: typeof manage) =>
      projectFileText({
        glob: `${SCHEMA_DIR}/**/*.yaml`,
        schemaComment: schemaComment(dir, dir, 'config.schema.json'),
        manageGroups: scope.groups,
        manageEvents: scope.events,
        ...defined({ environment }),
      });
    await writeFileAtomic(configPath, text(manage));
    if (flags.pull) {
      manage = await manageOfProject(dir, configPath);
      if (manage.groups.length > 0 || manage.events.length > 0)
        await writeFileAtomic(configPath, text(manage));
    }
    written.push(CONFIG_FILE_NAME, `${SCHEMA_DIR}/`);
    if (await ignoreLocalState(dir)) written.push('.gitignore (.crm-schema/)');
    if (flags.workflows) written.push(...(await copyWorkflows(dir)));
    output.out(
      `Wrote ${written.join(', ')}.\n` +
        (manage.groups.length > 0
          ? `Managed groups (unmanaged: report): ${manage.groups.join(', ')}.\n`
          : '') +
        (manage.events.length > 0 ? `Managed event definitions: ${manage.events.join(', ')}.\n` : '') +
        (environment === undefined
          ? ''
          : `Environment ${environment.name} (the default): ${environment.baseUrl}, ` +
            (environment.accountId === undefined
              ? 'account unknown (its details could not be read; add accountId to pin it).\n'
              : `pinned to account ${environment.accountId}.\n`)) +
        (flags.pull
          ? `Next: crm-schema validate, then crm-schema plan${flags.local ? ' --local' : ''} (it shows no change).\n`
          : `Next: write manifests in ${SCHEMA_DIR}/ (kind: Properties, Associations, EventProperties), or start from ` +
            'the account with crm-schema pull --object-type TYPE; then crm-schema validate and plan.\n'),
    );
  }
}

/**
 * What to pull: everything found with --yes; on a terminal, the object types the user picks (Enter: all
 * of them), with the label pairs between those, then a confirmation; elsewhere --yes is needed.
 */
async function choose(
  found: Discovered,
  yes: boolean,
  say: (text: string) => void,
): Promise<Discovered | undefined> {
  const what = [
    `object types: ${found.objectTypes.join(', ') || 'none'}`,
    `event definitions: ${found.events.join(', ') || 'none'}`,
    `label pairs: ${found.pairs.map(([from, to]) => `${from}->${to}`).join(', ') || 'none'}`,
  ];
  say(`The account holds custom schema for\n  ${what.join('\n  ')}\n`);
  if (yes) return found;
  if (!process.stdin.isTTY)
    throw new CrmSchemaError(
      'INIT_CONFIRMATION_NEEDED',
      'init --pull asks before pulling, and there is no terminal to ask on.',
      { hint: 'Give --yes to pull everything listed above.' },
    );
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const picked = (await rl.question('Object types to pull (comma-separated; Enter for all listed): '))
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '');
    const unknown = picked.filter((name) => !found.objectTypes.includes(name));
    if (unknown.length > 0) say(`Not among the object types found, left out: ${unknown.join(', ')}\n`);
    const types =
      picked.length === 0 ? found.objectTypes : found.objectTypes.filter((t) => picked.includes(t));
    const chosen: Discovered = {
      objectTypes: types,
      events: found.events,
      pairs: found.pairs.filter(([from, to]) => types.includes(from) && types.includes(to)),
    };
    const answer = (
      await rl.question(
        `Pull ${types.join(', ') || 'no object type'}, the events and their label pairs? [Y/n] `,
      )
    ).trim();
    return answer === '' || /^y(es)?$/i.test(answer) ? chosen : undefined;
  } finally {
    rl.close();
  }
}
