/**
 * An environment pinned to its account, through the CLI against emulators over HTTP that record every
 * request: the account's details are the first call of every command; a pinned environment that reaches
 * another account stops there (exit 1, both ids named, no other request, nothing written); plan, drift
 * and apply name the account they ran against; a saved plan is applied only to the account it was made
 * against.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApplyReport } from '../../src/engine/apply/types.js';
import type { DriftDocument } from '../../src/engine/drift/drift-report.js';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import { recordingEmulator, type RecordingEmulator } from '../apply/cli-helpers.js';
import { runCli, type Run } from '../helpers/cli.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';

const TICKETS = `kind: Properties
objectType: tickets
groups:
  - { name: support, label: Support }
properties:
  - { name: support_tier, label: Tier, type: string, fieldType: text, groupName: support }
`;

const DETAILS = 'GET /account-info/v3/details';
const HOST = 'app.crm-schema.local';

let emulator: RecordingEmulator;
let dir: string;

/** A project whose environment `production` is the emulator, pinned to `accountId` when given. */
async function project(accountId?: number): Promise<void> {
  const pin = accountId === undefined ? '' : `    accountId: ${accountId}\n`;
  await writeFiles(dir, {
    'crm-schema.yaml':
      `manifests: ['schema/*.yaml']\ndefaultEnvironment: production\nenvironments:\n` +
      `  production:\n    baseUrl: ${emulator.url}\n    tokenEnv: CRM_TOKEN_PRODUCTION\n${pin}`,
    'schema/tickets.yaml': TICKETS,
  });
}

function cli(args: string[]): Promise<Run> {
  return runCli(args, { cwd: dir, env: { CRM_TOKEN_PRODUCTION: emulator.token } });
}

const requests = () => emulator.requests.map((r) => `${r.method} ${r.url}`);

beforeEach(async () => {
  emulator = await recordingEmulator({ accountId: 111 });
  dir = await tempDir('crm-schema-account-pin-');
});
afterEach(async () => {
  await emulator.close();
  await removeDir(dir);
});

describe('a pinned environment whose token reaches another account', () => {
  it('plan, apply, drift and pull stop at the account read: exit 1, both ids, no other request', async () => {
    await project(222);
    for (const args of [
      ['plan'],
      ['plan', '--json', '--out', 'plan.json'],
      ['apply', '--yes'],
      ['drift', '--json'],
      ['pull', '--object-type', 'tickets', '--prefix', 'support_'],
    ]) {
      emulator.requests.length = 0;
      const run = await cli(args);
      expect(run.code, args.join(' ')).toBe(1);
      // --json gets the error as its one document on stdout
      if (args.includes('--json'))
        expect((JSON.parse(run.stdout) as { error: { code: string } }).error.code).toBe('ACCOUNT_MISMATCH');
      else expect(run.stdout, args.join(' ')).toBe('');
      expect(run.stderr, args.join(' ')).toBe(
        'Error: Wrong account: environment production pins account 222 (accountId in crm-schema.yaml), but ' +
          `the token in CRM_TOKEN_PRODUCTION reaches account 111 (${HOST}) at ${emulator.url}. ` +
          'Nothing else was read or changed.\n' +
          "Hint: Is CRM_TOKEN_PRODUCTION holding the token of another account (staging's in production's " +
          'variable, say)? Set it to the token of account 222. If environment production really is account ' +
          '111 now, change its accountId in crm-schema.yaml.\n',
      );
      // the account's details and nothing else reached the emulator
      expect(requests(), args.join(' ')).toEqual([DETAILS]);
    }
    // nothing written: no plan file, no manifest pulled over the declared one, no property created
    await expect(readFile(join(dir, 'plan.json'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readFile(join(dir, 'schema/tickets.yaml'), 'utf8')).toBe(TICKETS);
    const tickets = Object.values(emulator.state.objectTypes).find((t) => t.name === 'tickets')!;
    expect(tickets.properties.support_tier).toBeUndefined();
  });

  it('--account-id pins instead of the environment: another id stops, the right one goes on', async () => {
    await project(222);
    const right = await cli(['plan', '--account-id', '111']);
    expect(right.code, right.stderr).toBe(0);
    expect(right.stdout.split('\n')[0]).toBe(
      `Plan for ${emulator.url} (environment production), account 111 (${HOST})`,
    );

    await project();
    emulator.requests.length = 0;
    const wrong = await cli(['plan', '--account-id', '333']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(
      `Error: Wrong account: --account-id pins account 333, but the token in CRM_TOKEN_PRODUCTION reaches account 111 (${HOST}) at ${emulator.url}.`,
    );
    expect(wrong.stderr).toContain('If the account really is 111, give --account-id 111.');
    expect(requests()).toEqual([DETAILS]);
  });
});

describe('the account in every header', () => {
  it('a pinned environment on its account: the account read first, then the plan naming it', async () => {
    await project(111);
    const run = await cli(['plan', '--verbose']);
    expect(run.code, run.stderr).toBe(0);
    expect(requests()[0]).toBe(DETAILS);
    expect(run.stderr.split('\n')[0]).toMatch(/^GET \/account-info\/v3\/details -> 200 /);
    expect(run.stdout.split('\n')[0]).toBe(
      `Plan for ${emulator.url} (environment production), account 111 (${HOST})`,
    );
    expect(run.stdout).toContain('Plan: 2 to create.');
  });

  it('unpinned: plan text, Markdown and JSON, drift and apply all name the account', async () => {
    await project();
    const text = await cli(['plan']);
    expect(text.stdout.split('\n')[0]).toBe(
      `Plan for ${emulator.url} (environment production), account 111 (${HOST})`,
    );
    const markdown = await cli(['plan', '--format', 'markdown']);
    expect(markdown.stdout).toContain(
      `Target: \`${emulator.url}\` (environment \`production\`), account \`111\` (${HOST})\n`,
    );
    const json = JSON.parse((await cli(['plan', '--json'])).stdout) as PlanDocument;
    expect(json.target).toEqual({
      baseUrl: emulator.url,
      environment: 'production',
      account: { id: 111, uiDomain: HOST },
    });

    const drift = await cli(['drift']);
    expect(drift.code).toBe(2);
    expect(drift.stdout.split('\n')[0]).toBe(
      `Drift check of ${emulator.url} (environment production), account 111 (${HOST})`,
    );
    const driftJson = JSON.parse((await cli(['drift', '--json'])).stdout) as DriftDocument;
    expect(driftJson.formatVersion).toBe(3);
    expect(driftJson.target).toEqual(json.target);

    const dry = JSON.parse((await cli(['apply', '--dry-run', '--json'])).stdout) as Record<string, unknown>;
    expect(Object.keys(dry).slice(0, 2)).toEqual(['dryRun', 'target']);
    expect(dry.target).toEqual(json.target);
    const applied = await cli(['apply', '--yes', '--json']);
    expect(applied.code, applied.stderr).toBe(0);
    const report = JSON.parse(applied.stdout) as ApplyReport;
    expect(Object.keys(report)[0]).toBe('target');
    expect(report.target).toEqual(json.target);
    expect(applied.stderr).toContain(
      `Plan for ${emulator.url} (environment production), account 111 (${HOST})`,
    );
    expect(applied.stderr).toContain(
      `Applying 2 changes to ${emulator.url} (environment production), account 111 (${HOST}).`,
    );
    const again = await cli(['apply', '--yes', '--json']);
    expect((JSON.parse(again.stdout) as ApplyReport).target).toEqual(json.target);
  });
});

describe('a saved plan', () => {
  it('made against account A is refused against account B at the same URL, before anything else', async () => {
    await project();
    const saved = await cli(['plan', '--out', 'plan.json']);
    expect(saved.code, saved.stderr).toBe(0);
    const file = JSON.parse(await readFile(join(dir, 'plan.json'), 'utf8')) as PlanDocument;
    expect(file.target).toEqual({
      baseUrl: emulator.url,
      environment: 'production',
      account: { id: 111, uiDomain: HOST },
    });
    expect(JSON.stringify(file)).not.toContain(emulator.token);

    // the same URL now answers for account B: another emulator on the same port, the same manifests
    const port = emulator.port;
    await emulator.close();
    emulator = await recordingEmulator({ accountId: 222, port });
    for (const pin of [[], ['--account-id', '222']]) {
      emulator.requests.length = 0;
      const run = await cli(['apply', 'plan.json', ...pin]);
      expect(run.code, pin.join(' ')).toBe(1);
      expect(run.stderr, pin.join(' ')).toBe(
        `Error: plan.json was made against account 111 (${HOST}), but the token now reaches account 222 (${HOST}). ` +
          'Nothing was applied.\n' +
          'Hint: Check that the token variable holds the token of the account the plan was made for; or make a ' +
          'new plan against this account (crm-schema plan --out FILE), review it, and apply that.\n',
      );
      expect(requests(), pin.join(' ')).toEqual([DETAILS]);
    }
    expect(emulator.writes()).toEqual([]);

    // on account A again, the same file applies
    await emulator.close();
    emulator = await recordingEmulator({ accountId: 111, port });
    const applied = await cli(['apply', 'plan.json']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('Apply: 2 applied');
  });
});

describe('--local', () => {
  it('is always the same account; --account-id pins it, the environment does not', async () => {
    await project(222);
    const first = JSON.parse((await cli(['plan', '--local', '--json'])).stdout) as PlanDocument;
    expect(first.target?.account).toEqual({ id: 1000001, uiDomain: HOST });
    expect((await cli(['apply', '--local', '--yes'])).code).toBe(0);
    const again = await cli(['plan', '--local', '--account-id', '1000001', '--detailed-exitcode']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.split('\n')[0]).toBe(
      `Plan for local:.crm-schema/local.json (environment production), account 1000001 (${HOST})`,
    );
    const other = await cli(['plan', '--local', '--account-id', '5']);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain(
      `Error: Wrong account: --account-id pins account 5, but the local emulator (.crm-schema/local.json) holds account 1000001 (${HOST}).`,
    );
    expect(emulator.requests).toEqual([]);
  });
});
