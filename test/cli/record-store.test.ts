/**
 * The project's record store, through the CLI against the emulator over HTTP: only a record this project
 * wrote (its record folder, or its records branch in git) is rolled back, and a rollback keeps the manage
 * scope; a forged record file, or a saved rollback plan naming one, is refused before any call. `history`
 * trusts a "rolled back by" link only when both records are in the store and agree. `history --push`
 * publishes the records to a branch every clone reads after a fetch; two clones pushing at once both land.
 * A record says whether the manifests applied had uncommitted changes; a record folder that cannot be
 * written stops apply before its first write.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import type { ApplyRecord } from '../../src/engine/record/shape/record-shape.js';
import { recordDigest } from '../../src/engine/record/record-store.js';
import { rollbackDigest } from '../../src/engine/rollback/rollback-check.js';
import { runBinary, runCli } from '../helpers/cli.js';
import {
  cliAgainst,
  liveFixture,
  removeDir,
  tempDir,
  writeFiles,
  type LiveFixture,
} from '../live/helpers.js';

const PROJECT = `manifests: ['schema/*.yaml']
policy:
  destructive: allow
  recordValues: show
  manage: { prefixes: [support_] }
`;

const V1 = `kind: Properties
objectType: tickets
properties:
  - { name: support_level, label: Level, type: string, fieldType: text, groupName: ticketinformation }
`;
const V2 = `kind: Properties
objectType: tickets
properties:
  - { name: support_level, label: Support level, type: string, fieldType: text, groupName: ticketinformation }
`;

let fx: LiveFixture;
let dir: string;
/** the emulator's request log: one line per request it answered */
let requests: string[];

beforeEach(async () => {
  requests = [];
  fx = await liveFixture({ requestLog: (line) => requests.push(line) });
  dir = await tempDir('crm-schema-store-');
});

afterEach(async () => {
  await fx.close();
  await removeDir(dir);
});

const cliIn = (where: string) => (args: string[]) =>
  cliAgainst(fx, where)(args, { GITHUB_ACTOR: '', GITLAB_USER_LOGIN: '' });
const cli = (args: string[]) => cliIn(dir)(args);

function git(where: string, ...args: string[]): string {
  return execFileSync('git', ['-C', where, ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.invalid',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.invalid',
    },
  });
}

async function folderRecords(where = dir): Promise<ApplyRecord[]> {
  const folder = join(where, '.crm-schema', 'applies');
  const names = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(
    names.map(async (name) => JSON.parse(await readFile(join(folder, name), 'utf8')) as ApplyRecord),
  );
}

/** v1 then v2 applied: the two records. */
async function twoApplies(where = dir): Promise<[ApplyRecord, ApplyRecord]> {
  const run = cliIn(where);
  await writeFiles(where, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': V1 });
  expect((await run(['apply', '--yes'])).code).toBe(0);
  await writeFiles(where, { 'schema/tickets.yaml': V2 });
  expect((await run(['apply', '--yes'])).code).toBe(0);
  const [one, two] = await folderRecords(where);
  return [one!, two!];
}

/** A record no apply wrote: the second apply's, made to have relabelled tickets.billing_code (outside the scope). */
function forged(genuine: ApplyRecord): ApplyRecord {
  const text = JSON.stringify(genuine.changes)
    .replaceAll('support_level', 'billing_code')
    .replaceAll('"Support level"', '"Billing code (new)"')
    .replaceAll('"Level"', '"Billing code"');
  return {
    ...genuine,
    id: `${genuine.id.slice(0, -12)}f0f0f0f0f0f0`,
    changes: JSON.parse(text) as ApplyRecord['changes'],
  };
}

/** `crm-schema history` (no CRM: no target flags). */
const history = (args: string[], where = dir) =>
  runCli(['history', ...args], { cwd: where, env: { CRM_ACCESS_TOKEN: '' } });

describe('the record store', () => {
  it('refuses to roll back a record this project did not write, as a file or named by a saved plan, before any call', async () => {
    const [, genuine] = await twoApplies();
    const fake = forged(genuine);
    await writeFile(join(dir, 'forged.json'), JSON.stringify(fake));
    const calls = requests.length;

    const planned = await cli(['rollback', 'forged.json', '--out', 'plan.json']);
    expect(planned.code).toBe(1);
    expect(planned.stderr).toContain(
      `Cannot roll back apply ${fake.id}: forged.json is not a record of this project`,
    );
    expect(requests.length, requests.slice(calls).join('\n')).toBe(calls);

    // a genuine rollback plan, edited to name the forged record (its digests made to match)
    expect((await cli(['rollback', genuine.id, '--out', 'plan.json'])).code).toBe(0);
    const plan = JSON.parse(await readFile(join(dir, 'plan.json'), 'utf8')) as PlanDocument;
    plan.rollback = { ...plan.rollback!, recordId: fake.id, recordDigest: recordDigest(fake) };
    plan.manifestDigest = rollbackDigest(plan.rollback);
    await writeFile(join(dir, 'plan.json'), JSON.stringify(plan));
    const before = requests.length;
    const applied = await cli(['apply', 'plan.json']);
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain(`Cannot roll back apply ${fake.id}: plan.json reverses it`);
    expect(requests.length, requests.slice(before).join('\n')).toBe(before);
    expect((await fx.client.properties.get('tickets', 'support_level')).label).toBe('Support level');
  });

  it('keeps the manage scope: a record in the store that changed a property outside it is not rolled back', async () => {
    const [, genuine] = await twoApplies();
    await fx.client.properties.create('tickets', {
      name: 'billing_code',
      label: 'Billing code (new)',
      type: 'string',
      fieldType: 'text',
      groupName: 'ticketinformation',
    });
    // in the store (the folder), as if the scope was wider when it was applied
    const outside = forged(genuine);
    await writeFile(
      join(dir, '.crm-schema', 'applies', `${outside.id}.json`),
      JSON.stringify(outside, null, 2),
    );
    const run = await cli(['rollback', outside.id]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('OUTSIDE_MANAGE_SCOPE');
    expect(run.stdout).toContain('tickets.billing_code');
    expect((await fx.client.properties.get('tickets', 'billing_code')).label).toBe('Billing code (new)');
  });

  it('history says "rolled back by" only when both records are in the store and agree', async () => {
    const [, second] = await twoApplies();
    // a file that claims to have rolled back the second apply, with a digest that is not its record's
    const claim: ApplyRecord = {
      ...second,
      id: `${second.id.slice(0, -12)}c1c1c1c1c1c1`,
      rollbackOf: second.id,
      rollbackDigest: `sha256:${'1'.repeat(64)}`,
    };
    await writeFile(join(dir, '.crm-schema', 'applies', `${claim.id}.json`), JSON.stringify(claim));
    const untrusted = JSON.parse((await history(['--json'])).stdout) as {
      records: { id: string; rolledBackBy?: string }[];
    };
    expect(untrusted.records.find((r) => r.id === second.id)?.rolledBackBy).toBeUndefined();

    // a real rollback names the record by its digest: trusted
    expect((await cli(['rollback', second.id, '--out', 'back.json'])).code).toBe(0);
    expect((await cli(['apply', 'back.json'])).code).toBe(0);
    const trusted = JSON.parse((await history(['--json'])).stdout) as {
      records: { id: string; rolledBackBy?: string; rollbackOf?: string }[];
    };
    const rollback = trusted.records.find((r) => r.rollbackOf === second.id && r.id !== claim.id);
    expect(rollback).toBeDefined();
    expect(trusted.records.find((r) => r.id === second.id)?.rolledBackBy).toBe(rollback!.id);
  });

  it('history --push publishes the records; another clone sees them after a fetch and rolls one back', async () => {
    const origin = join(dir, 'origin.git');
    const one = join(dir, 'one');
    const two = join(dir, 'two');
    git(dir, 'init', '--quiet', '--bare', origin);
    git(dir, 'init', '--quiet', one);
    await writeFiles(one, {
      'crm-schema.yaml': PROJECT,
      'schema/tickets.yaml': V1,
      '.gitignore': '.crm-schema/\n',
    });
    git(one, 'add', '.');
    git(one, 'commit', '--quiet', '-m', 'v1');
    git(one, 'remote', 'add', 'origin', origin);
    git(one, 'push', '--quiet', 'origin', 'HEAD:refs/heads/main');
    const [, second] = await twoApplies(one);

    const pushed = await history(['--push'], one);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.stdout).toContain('Published 2 apply records to crm-schema-records on origin');
    const again = await history(['--push'], one);
    expect(again.stdout).toContain('Nothing to publish');

    git(dir, 'clone', '--quiet', '--branch', 'main', origin, two);
    const listed = await history([], two);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(`${second.id}: branch origin/crm-schema-records`);
    expect(listed.stdout).toContain('(with uncommitted changes)');

    await writeFiles(two, { 'schema/tickets.yaml': V2 });
    const planned = await cliIn(two)(['rollback', second.id, '--out', 'back.json']);
    expect(planned.code, planned.stderr).toBe(0);
    const applied = await cliIn(two)(['apply', 'back.json']);
    expect(applied.code, applied.stderr).toBe(0);
    expect((await fx.client.properties.get('tickets', 'support_level')).label).toBe('Level');
  });

  it('two clones pushing at once (two processes): both records land on the branch', async () => {
    const origin = join(dir, 'origin.git');
    git(dir, 'init', '--quiet', '--bare', origin);
    const clones = [join(dir, 'a'), join(dir, 'b')];
    for (const clone of clones) {
      git(dir, 'init', '--quiet', clone);
      git(clone, 'remote', 'add', 'origin', origin);
      await writeFiles(clone, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': V1 });
    }
    const [a, b] = clones as [string, string];
    expect((await cliIn(a)(['apply', '--yes'])).code).toBe(0);
    await writeFiles(b, { 'schema/tickets.yaml': V2 });
    expect((await cliIn(b)(['apply', '--yes'])).code).toBe(0);
    const runs = await Promise.all(clones.map((clone) => runBinary(['history', '--push'], { cwd: clone })));
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const ids = [...(await folderRecords(a)), ...(await folderRecords(b))].map((r) => r.id).sort();
    const onBranch = git(origin, 'ls-tree', '-r', '--name-only', 'crm-schema-records')
      .trim()
      .split('\n')
      .map((path) => path.replace(/^applies\//, '').replace(/\.json$/, ''))
      .sort();
    expect(onBranch).toEqual(ids);
  });

  it('says whether the manifests applied had changes not committed', async () => {
    git(dir, 'init', '--quiet');
    await writeFiles(dir, {
      'crm-schema.yaml': PROJECT,
      'schema/tickets.yaml': V1,
      '.gitignore': '.crm-schema/\n',
    });
    git(dir, 'add', '.');
    git(dir, 'commit', '--quiet', '-m', 'v1');
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    await writeFiles(dir, { 'schema/tickets.yaml': V2 });
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    const [committed, edited] = await folderRecords();
    expect(committed!.git?.uncommitted).toBe(false);
    expect(edited!.git?.uncommitted).toBe(true);
  });

  it('a record folder that cannot be written stops apply before its first write', async () => {
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': V1 });
    // a file where the folder should be: nothing can be written into it, whoever runs the test
    await mkdir(join(dir, '.crm-schema'), { recursive: true });
    await writeFile(join(dir, '.crm-schema', 'applies'), 'not a folder\n');
    const run = await cli(['apply', '--yes']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The apply record cannot be written to');
    expect(run.stderr).toContain('Nothing was sent to the CRM.');
    const writes = requests.filter((line) => !/^GET |batch\/read/.test(line));
    expect(writes, writes.join('\n')).toEqual([]);
    await expect(fx.client.properties.get('tickets', 'support_level')).rejects.toThrow();
  });

  it('history lists a record of a bad shape as unreadable, never fails on it', async () => {
    const [first] = await twoApplies();
    const bad = { ...first, id: `${first.id.slice(0, -12)}badbadbadbad`, stoppedBy: 42 };
    await writeFile(join(dir, '.crm-schema', 'applies', `${bad.id}.json`), JSON.stringify(bad));
    const run = await history([]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      `Not a record, left out: .crm-schema/applies/${bad.id}.json: ${bad.id}.json is not an apply record: stoppedBy is not a string`,
    );
    expect(run.stdout).toContain(first.id);
  });

  it('history --push says which records the remote holds otherwise, and a complete record replaces the copy of its run taken while it ran', async () => {
    const origin = join(dir, 'origin.git');
    const clone = join(dir, 'clone');
    git(dir, 'init', '--quiet', '--bare', origin);
    git(dir, 'init', '--quiet', clone);
    git(clone, 'remote', 'add', 'origin', origin);
    const [first, second] = await twoApplies(clone);
    const folder = join(clone, '.crm-schema', 'applies');
    // the second record as it was while its apply ran: published first
    const running: ApplyRecord = {
      ...second,
      complete: false,
      ok: false,
      changes: second.changes.map((c) => ({ ...c, outcome: 'not-run' as const })),
    };
    delete running.finishedAt;
    await writeFile(join(folder, `${second.id}.json`), JSON.stringify(running));
    expect((await history(['--push'], clone)).code).toBe(0);
    // the run ended: its complete record replaces that copy
    await writeFile(join(folder, `${second.id}.json`), JSON.stringify(second));
    const replaced = await history(['--push'], clone);
    expect(replaced.stdout).toContain(
      'Published 1 apply record to crm-schema-records on origin (2 records there now).',
    );
    const there = JSON.parse(
      git(origin, 'show', `crm-schema-records:applies/${second.id}.json`),
    ) as ApplyRecord;
    expect(there.complete).not.toBe(false);
    // a record edited here: left as the remote has it, and said
    await writeFile(join(folder, `${first.id}.json`), JSON.stringify({ ...first, ok: !first.ok }));
    const edited = await history(['--push'], clone);
    expect(edited.stdout).toContain('Nothing to publish');
    expect(edited.stdout).toContain(`1 record this clone holds with other contents (${first.id})`);
  });

  it('a secret the output gate masked in a record is never put back by a rollback', async () => {
    await writeFiles(dir, { 'crm-schema.yaml': PROJECT, 'schema/tickets.yaml': V1 });
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    // a description that reads like a credential: masked in the record
    await writeFiles(dir, {
      'schema/tickets.yaml': V1.replace('label: Level,', 'label: Level, description: "apikey=abcdefghijkl",'),
    });
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    const [, masked] = await folderRecords();
    expect(masked!.masked).toBe(true);
    expect(JSON.stringify(masked)).not.toContain('abcdefghijkl');
    const run = await cli(['rollback', masked!.id]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('holds a secret the output gate masked in this change');
    expect((await fx.client.properties.get('tickets', 'support_level')).description).toBe(
      'apikey=abcdefghijkl',
    );
  });
});
