/**
 * `crm-schema plan` and `pull` through the CLI (test/helpers/cli.ts) against a server that misbehaves on purpose
 * (test/helpers/hostile-server.ts): every failure exits 1 with one located message (the call), no stack
 * trace, never "this is a bug", never the token. Also: `--timeout` / CRM_TIMEOUT, and the warning before
 * a token goes over plain http:// to another machine.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isLoopbackHost, plainHttpWarning, resolveTarget } from '../../src/cli/target.js';
import { callTimeoutMs } from '../../src/cli/call-timeout.js';
import { runCli, type Run } from '../helpers/cli.js';
import {
  drip,
  json,
  raw,
  startHostileServer,
  type Behaviour,
  type HostileRequest,
  type HostileServer,
} from '../helpers/hostile-server.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';

const TOKEN = 'pat-na1-7d1e44c2-cli-hostile-token-90aa';

const TICKETS = `kind: Properties
objectType: tickets
groups:
  - { name: support_escalation, label: Escalation }
properties:
  - name: support_level
    label: Escalation level
    type: enumeration
    fieldType: select
    groupName: support_escalation
    options: [{ label: Low, value: low }, { label: High, value: high }]
`;

const DETAILS = '/account-info/v3/details';

/** The account's details answered well, every other call as `behaviour`: a test of what comes after. */
function withAccount(behaviour: Behaviour): (request: HostileRequest) => Behaviour {
  return (request) =>
    request.url === DETAILS ? json(200, { portalId: 4242, uiDomain: 'app.example.com' }) : behaviour;
}

/** A well-formed account whose every text echoes the token it was sent. */
function echoing(request: HostileRequest): Behaviour {
  const token = request.token;
  const property = {
    name: 'support_level',
    label: `Level ${token}`,
    type: 'enumeration',
    fieldType: 'select',
    groupName: 'support_escalation',
    description: `Set with ${token}`,
    displayOrder: -1,
    hidden: false,
    formField: false,
    hasUniqueValue: false,
    options: [
      { label: 'Low', value: 'low', displayOrder: 0, hidden: false, description: '' },
      { label: token, value: 'high', displayOrder: 1, hidden: false, description: token },
    ],
  };
  const group = {
    name: 'support_escalation',
    label: `Escalation ${token}`,
    displayOrder: -1,
    archived: false,
  };
  const path = request.url.split('?')[0]!;
  if (path === DETAILS) return json(200, { portalId: 4242, portalName: `Portal ${token}`, uiDomain: token });
  if (path.endsWith('/batch/read')) {
    return json(200, { status: 'COMPLETE', results: [property], startedAt: '', completedAt: '' });
  }
  if (path.endsWith('/groups')) return json(200, { results: [group] });
  if (path === '/crm/v3/properties/tickets') return json(200, { results: [property] });
  if (path.endsWith('/search')) return json(200, { total: 0, results: [] });
  return json(200, { results: [] });
}

describe('crm-schema against a hostile server', () => {
  let server: HostileServer;
  let dir: string;
  const plan = (args: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<Run> =>
    runCli(['plan', '--base-url', server.url, ...args], {
      cwd: dir,
      env: { CRM_ACCESS_TOKEN: TOKEN, ...env },
    });

  /** exit 1, one located message naming the call, no stack trace, no bug report, no token */
  function expectLocatedFailure(run: Run, what: RegExp): void {
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^Error: (GET|POST) \/crm\/v3\/properties\/tickets\S*: /m);
    expect(run.stderr).toMatch(what);
    expect(run.stderr).toMatch(/^Hint: /m);
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.stderr).not.toContain('unexpected failure');
    expect(run.stderr).not.toContain('this is a bug');
    expect(run.stderr + run.stdout).not.toContain(TOKEN);
    // a loopback server: no plain-http warning
    expect(run.stderr).not.toContain('Warning: the access token');
  }

  beforeAll(async () => {
    dir = await tempDir('crm-schema-cli-hostile-');
    await writeFiles(dir, {
      'crm-schema.yaml': `manifests: ['schema/**/*.yaml']\n`,
      'schema/tickets.yaml': TICKETS,
    });
  });
  afterAll(async () => {
    await removeDir(dir);
  });
  beforeEach(async () => {
    server = await startHostileServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('a 200 that is not JSON (echoing the token): exit 1, BAD_RESPONSE naming the call', async () => {
    server.behave(raw(200, `<html><title>Portal</title>${TOKEN}</html>`));
    const run = await plan();
    expectLocatedFailure(
      run,
      /the server's 200 answer cannot be used: it is not JSON \(it begins: "<html><title>Portal<\/title>\*\*\*/,
    );
  });

  it('an ill-typed 200: exit 1, naming what is wrong', async () => {
    server.behave(json(200, { results: 5 }));
    expectLocatedFailure(
      await plan(),
      /the server's 200 answer cannot be used: results is not a list \(a number\)/,
    );
  });

  // how soon it gives up (the real binary, --timeout 1): `npm run bench` (timing)
  it('a server dripping its answer, with --timeout 0.2: exit 1 once both attempts ran out of time', async () => {
    server.route(withAccount(drip(100)));
    const run = await plan(['--timeout', '0.2']);
    expectLocatedFailure(run, /: timed out: no complete answer within 0\.2 s \(tried 2 times\)/);
    expect(run.stderr).toContain('Hint: The server did not finish answering in time.');
  });

  it('CRM_TIMEOUT gives the timeout; --timeout wins over it; a bad value names its source', async () => {
    server.route(withAccount(drip(100)));
    expectLocatedFailure(await plan([], { CRM_TIMEOUT: '0.3' }), /no complete answer within 0\.3 s/);

    server.route(withAccount(json(200, { results: 5 })));
    // the flag wins: the variable's bad value is never read
    expectLocatedFailure(await plan(['--timeout', '5'], { CRM_TIMEOUT: 'soon' }), /results is not a list/);

    const before = server.seen.length;
    const badFlag = await plan(['--timeout', 'abc']);
    expect(badFlag).toMatchObject({ code: 1, stdout: '' });
    expect(badFlag.stderr).toBe(
      'Error: --timeout "abc" is not a number of seconds above 0 and at most 3600.\n' +
        'Hint: Give the seconds one call may take in all, e.g. --timeout 60 (default 30).\n',
    );
    const badEnv = await plan([], { CRM_TIMEOUT: '-3' });
    expect(badEnv.code).toBe(1);
    expect(badEnv.stderr).toContain(
      'Error: CRM_TIMEOUT "-3" is not a number of seconds above 0 and at most 3600.',
    );
    // no call was made with a bad timeout
    expect(server.seen.length).toBe(before);
  });

  it('account details that do not answer in time: exit 1 naming that call, and nothing else is called', async () => {
    server.behave(drip(100));
    const run = await plan(['--timeout', '0.2']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^Error: GET \/account-info\/v3\/details: timed out: no complete answer within 0\.2 s \(tried 2 times\)$/m,
    );
    expect(server.seen.map((r) => r.url)).toEqual([DETAILS, DETAILS]);
  });

  it('account details of another shape: one warning and the account unknown; pinned, exit 1 before any other call', async () => {
    const details = (behaviour: Behaviour): void => {
      server.route((request) => (request.url === DETAILS ? behaviour : echoing(request)));
    };
    for (const bad of [
      json(200, { portalId: '4242' }),
      json(200, { portalId: -1 }),
      raw(200, `<html>${TOKEN}</html>`),
      json(404, { status: 'error', category: 'OBJECT_NOT_FOUND', message: 'no such route' }),
      json(403, { status: 'error', category: 'MISSING_SCOPES', message: 'missing scopes' }),
    ]) {
      details(bad);
      const unpinned = await plan();
      expect(unpinned.code, unpinned.stderr).toBe(0);
      const warnings = unpinned.stderr.split('\n').filter((line) => line.startsWith('Warning: '));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        new RegExp(
          `^Warning: the account at ${server.url.replaceAll('.', '\\.')} could not be identified \\(GET /account-info/v3/details: .+\\); going on with the account unknown\\.$`,
        ),
      );
      expect(unpinned.stdout).toContain(`Plan for ${server.url}, account unknown\n`);
      expect(unpinned.stdout + unpinned.stderr).not.toContain(TOKEN);

      server.seen.length = 0;
      const pinned = await plan(['--account-id', '4242']);
      expect(pinned.code).toBe(1);
      expect(pinned.stdout).toBe('');
      expect(pinned.stderr).toMatch(
        /^Error: Cannot confirm the account: --account-id pins account 4242, but its details could not be read \(GET \/account-info\/v3\/details: .+\)\. Nothing else was read or changed\.$/m,
      );
      expect(pinned.stderr + pinned.stdout).not.toContain(TOKEN);
      expect(server.seen.every((r) => r.url === DETAILS)).toBe(true);
    }
  });

  it('a server echoing the token in an error message: exit 1, the message shown with *** instead', async () => {
    server.behave(
      json(400, {
        status: 'error',
        category: 'VALIDATION_ERROR',
        message: `token ${TOKEN} is not valid here`,
      }),
    );
    const run = await plan();
    expectLocatedFailure(run, /: 400 VALIDATION_ERROR: token \*\*\* is not valid here/);
  });

  it('a server echoing the token in 200 answers: plan, --json, --verbose and the plan file never hold it', async () => {
    server.route(echoing);
    const out = join(dir, 'echo-plan.json');
    const run = await plan(['--verbose', '--out', out]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('***');
    expect(run.stdout + run.stderr).not.toContain(TOKEN);
    const saved = await readFile(out, 'utf8');
    expect(saved).toContain('***');
    expect(saved).not.toContain(TOKEN);
    // the account's name and web host echoed it too
    expect(run.stdout).toContain(`Plan for ${server.url}, account 4242 (Portal ***)`);
    expect(JSON.parse(saved)).toMatchObject({ target: { account: { id: 4242, name: 'Portal ***' } } });
    const asJson = await plan(['--json']);
    expect(asJson.code).toBe(0);
    expect(asJson.stdout + asJson.stderr).not.toContain(TOKEN);
    // the server did receive it: it echoed what it was sent
    expect(server.seen.every((r) => r.token === TOKEN)).toBe(true);
  });

  it('a server echoing the token in 200 answers: pulled manifests never hold it', async () => {
    server.route(echoing);
    // a folder of its own: pull writes into the manifests of a project it runs in
    const pullDir = await tempDir('crm-schema-cli-hostile-pull-');
    try {
      const run = await runCli(
        [
          'pull',
          '--base-url',
          server.url,
          '--object-type',
          'tickets',
          '--prefix',
          'support_',
          '--out',
          'schema',
        ],
        {
          cwd: pullDir,
          env: { CRM_ACCESS_TOKEN: TOKEN },
        },
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout + run.stderr).not.toContain(TOKEN);
      const files = await readdir(pullDir, { recursive: true, withFileTypes: true });
      const texts = await Promise.all(
        files.filter((f) => f.isFile()).map((f) => readFile(join(f.parentPath, f.name), 'utf8')),
      );
      expect(texts.length).toBeGreaterThan(0);
      expect(texts.join('\n')).toContain('***');
      expect(texts.join('\n')).not.toContain(TOKEN);
    } finally {
      await removeDir(pullDir);
    }
  });
});

describe('a token over plain http:// to another machine', () => {
  const remote = (baseUrl: string) => resolveTarget({ local: false, baseUrl, env: {} });

  it('is warned about for any host that is not loopback', () => {
    for (const url of ['http://10.255.255.1', 'http://crm.example.com:8080/api', 'http://[2001:db8::1]:80']) {
      const warning = plainHttpWarning(remote(url));
      expect(warning).toMatch(/^Warning: the access token is sent to \S+ over plain http:\/\/, unencrypted/);
    }
    expect(plainHttpWarning(remote('http://crm.example.com:8080/api'))).toContain('crm.example.com:8080');
  });

  it('is not for https, loopback (127.0.0.0/8, ::1, localhost) or --local', () => {
    for (const url of [
      'https://crm.example.com',
      'http://127.0.0.1:4010',
      'http://127.8.9.10',
      'http://localhost:3000',
      'http://LOCALHOST',
      'http://[::1]:4010',
      'http://[::ffff:127.0.0.1]:1',
      'not a url',
    ]) {
      expect(plainHttpWarning(remote(url)), url).toBeUndefined();
    }
    expect(plainHttpWarning(resolveTarget({ local: true, env: {} }))).toBeUndefined();
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackHost('localhost.example.com')).toBe(false);
  });

  it('plan prints the warning once, before anything is sent, and never the token', async () => {
    const dir = await tempDir('crm-schema-cli-http-');
    try {
      await writeFiles(dir, {
        'crm-schema.yaml': `manifests: ['schema/**/*.yaml']\n`,
        'schema/tickets.yaml': TICKETS,
      });
      // nothing answers there (or something unrelated does): the command fails either way, promptly
      const run = await runCli(['plan', '--base-url', 'http://10.255.255.1', '--timeout', '0.2'], {
        cwd: dir,
        env: { CRM_ACCESS_TOKEN: TOKEN },
      });
      expect(run.code).toBe(1);
      const lines = run.stderr.split('\n');
      expect(lines[0]).toBe(
        'Warning: the access token is sent to 10.255.255.1 over plain http://, unencrypted: anyone on the ' +
          'network path can read it. Use an https:// base URL for a CRM that is not on this machine.',
      );
      expect(lines.filter((l) => l.startsWith('Warning: the access token'))).toHaveLength(1);
      expect(run.stderr).toMatch(/^Error: /m);
      expect(run.stderr + run.stdout).not.toContain(TOKEN);
    } finally {
      await removeDir(dir);
    }
  });
});

describe('callTimeoutMs', () => {
  it('reads seconds from the flag, else CRM_TIMEOUT; neither: the default', () => {
    expect(callTimeoutMs('1', {})).toBe(1000);
    expect(callTimeoutMs(' 2.5 ', { CRM_TIMEOUT: '9' })).toBe(2500);
    expect(callTimeoutMs(undefined, { CRM_TIMEOUT: '9' })).toBe(9000);
    expect(callTimeoutMs(undefined, { CRM_TIMEOUT: ' ' })).toBeUndefined();
    expect(callTimeoutMs(undefined, {})).toBeUndefined();
  });

  it('refuses what is not a number of seconds, naming the flag or the variable', () => {
    for (const bad of ['', '0', '-1', 'abc', '1e3', '3601', 'Infinity', 'NaN', '0x10']) {
      expect(() => callTimeoutMs(bad, {}), bad).toThrow(/^--timeout ".*" is not a number of seconds/);
      expect(() => callTimeoutMs(undefined, { CRM_TIMEOUT: bad || 'x' }), bad).toThrow(/^CRM_TIMEOUT ".*"/);
    }
  });
});
