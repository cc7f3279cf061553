/**
 * A base URL given but empty (`--base-url ""`, `CRM_BASE_URL=`) is an error before any call, never a
 * fallback to the environment's `baseUrl`: in CI it is a repository variable that is not set, and the
 * project file may be a pull request's, naming a host of its choosing. Here that host is a server that
 * counts what reaches it: nothing may.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';

const TOKEN = 'empty-base-url-test-token';

describe('an empty base URL', () => {
  let server: Server;
  let calls = 0;
  let dir: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      calls += 1;
      request.resume();
      response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    dir = await tempDir('crm-schema-empty-base-url-');
    await writeFiles(dir, {
      // the project file a pull request could have written: its own host, its own token variable
      'crm-schema.yaml':
        "manifests: ['schema/*.yaml']\n" +
        'environments:\n' +
        `  production: { baseUrl: 'http://127.0.0.1:${port}', tokenEnv: CRM_TOKEN_PRODUCTION }\n` +
        'defaultEnvironment: production\n' +
        'policy: { manage: { prefixes: [support_] } }\n',
      'schema/tickets.yaml':
        'kind: Properties\nobjectType: tickets\ngroups: [{ name: support_team, label: Support }]\nproperties:\n' +
        '  - { name: support_note, label: Note, type: string, fieldType: text, groupName: support_team }\n',
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await removeDir(dir);
  });

  const env = { CRM_ACCESS_TOKEN: TOKEN, CRM_TOKEN_PRODUCTION: TOKEN };

  it.each([
    ['plan', '--env', 'production'],
    ['drift', '--env', 'production'],
    ['apply', '--env', 'production', '--yes'],
    ['pull', '--object-type', 'tickets'],
  ])('%s: --base-url "" is refused, naming the flag; nothing is called', async (...args) => {
    const before = calls;
    const run = await runCli([...args, '--base-url', ''], { cwd: dir, env });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'Error: --base-url was given an empty value: it names no CRM, so nothing was called.',
    );
    expect(run.stderr).toContain('never falls back to the project file');
    expect(run.stdout + run.stderr).not.toContain(TOKEN);
    expect(calls).toBe(before);
  });

  it.each([[''], ['   ']])(
    'CRM_BASE_URL=%j is refused, naming the variable; nothing is called',
    async (value) => {
      const before = calls;
      const run = await runCli(['plan', '--env', 'production'], {
        cwd: dir,
        env: { ...env, CRM_BASE_URL: value },
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        'Error: CRM_BASE_URL is set but empty: it names no CRM, so nothing was called.',
      );
      expect(calls).toBe(before);
    },
  );

  it('--json names the error by its code and where the empty value came from', async () => {
    const run = await runCli(['plan', '--json'], { cwd: dir, env: { ...env, CRM_BASE_URL: '' } });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      error: { code: 'BASE_URL_EMPTY', exitCode: 1, details: { source: 'CRM_BASE_URL' } },
    });
    expect(calls).toBe(0);
  });

  it('an empty CRM_BASE_URL is not read when --base-url or --local wins over it', async () => {
    const local = await runCli(['plan', '--local'], { cwd: dir, env: { ...env, CRM_BASE_URL: '' } });
    expect(local.code, local.stderr).toBe(0);
    expect(local.stderr).not.toContain('BASE_URL');
  });
});
