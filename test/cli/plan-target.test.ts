/** Target and token resolution, the manifest digest and the --verbose lines: pure, on inline inputs. */
import { describe, expect, it } from 'vitest';
import { CallLog, formatCall } from '../../src/cli/call-log.js';
import { Output } from '../../src/cli/output.js';
import { manifestDigest } from '../../src/engine/pipeline/saved-plan.js';
import {
  describeTarget,
  planTargetOf,
  readToken,
  resolveTarget,
  type RemoteTarget,
} from '../../src/cli/target.js';
import { mergePolicy, type ProjectConfig } from '../../src/engine/manifest/project/config.js';
import { validateSources } from '../../src/engine/manifest/validate.js';
import { toDesiredState } from '../../src/engine/manifest/model/desired-state.js';
import { DEFAULT_POLICY } from '../../src/engine/model/policy.js';

const staging = {
  name: 'staging',
  baseUrl: 'https://staging.example.com',
  tokenEnv: 'CRM_TOKEN_STAGING',
  policy: mergePolicy(DEFAULT_POLICY, { destructive: 'allow' }),
  source: { file: 'crm-schema.yaml', line: 3, col: 3 },
};
const config: ProjectConfig = {
  path: '/p/crm-schema.yaml',
  file: 'crm-schema.yaml',
  dir: '/p',
  manifests: ['schema/**/*.yaml'],
  lint: { rules: {}, prefixes: {} },
  objectTypes: [],
  defaultEnvironment: 'staging',
  environments: new Map([
    ['staging', staging],
    [
      'production',
      {
        ...staging,
        name: 'production',
        baseUrl: 'https://crm.example.com',
        tokenEnv: 'CRM_TOKEN_PRODUCTION',
      },
    ],
  ]),
  policy: mergePolicy(DEFAULT_POLICY, { unmanaged: 'report' }),
};

describe('resolveTarget', () => {
  it("uses the environment's baseUrl and token variable, and its policy", () => {
    const target = resolveTarget({ local: false, config, env: {} }) as RemoteTarget;
    expect(target).toMatchObject({
      kind: 'remote',
      baseUrl: 'https://staging.example.com',
      from: 'environment',
      tokenEnv: 'CRM_TOKEN_STAGING',
    });
    expect(target.policy.destructive).toBe('allow');
    expect(resolveTarget({ local: false, config, envName: 'production', env: {} })).toMatchObject({
      baseUrl: 'https://crm.example.com',
      tokenEnv: 'CRM_TOKEN_PRODUCTION',
    });
  });

  it('prefers --local, then --base-url, then CRM_BASE_URL; other URLs take CRM_ACCESS_TOKEN', () => {
    const env = { CRM_BASE_URL: 'http://from-env:1/' };
    expect(resolveTarget({ local: true, baseUrl: 'http://flag:1', config, env })).toMatchObject({
      kind: 'local',
      environment: { name: 'staging' },
    });
    expect(resolveTarget({ local: false, baseUrl: 'http://flag:1/', config, env })).toMatchObject({
      baseUrl: 'http://flag:1',
      from: '--base-url',
      tokenEnv: 'CRM_ACCESS_TOKEN',
    });
    expect(resolveTarget({ local: false, config, env })).toMatchObject({
      baseUrl: 'http://from-env:1',
      from: 'CRM_BASE_URL',
      tokenEnv: 'CRM_ACCESS_TOKEN',
      // the environment still gives the policy
      environment: { name: 'staging' },
    });
  });

  it("takes the project's policy without an environment", () => {
    const noEnvs = { ...config, defaultEnvironment: undefined, environments: new Map() } as ProjectConfig;
    const target = resolveTarget({ local: true, config: noEnvs, env: {} });
    expect(target).toEqual({
      kind: 'local',
      policy: noEnvs.policy,
      policySource: 'the project',
      apiVersion: 'legacy',
    });
    expect(planTargetOf(target)).toEqual({ baseUrl: 'local:.crm-schema/local.json' });
    expect(describeTarget(target)).toBe('the local emulator (.crm-schema/local.json)');
  });

  it("speaks --api-version, else the environment's apiVersion, else legacy", () => {
    const dated = {
      ...config,
      environments: new Map(
        [...config.environments].map(([name, e]) => [name, { ...e, apiVersion: '2026-03' as const }]),
      ),
    } as ProjectConfig;
    const name = [...config.environments.keys()][0]!;
    expect(resolveTarget({ local: false, config: dated, envName: name, env: {} }).apiVersion).toBe('2026-03');
    expect(
      resolveTarget({ local: true, config: dated, envName: name, env: {}, apiVersion: '2026-09' }).apiVersion,
    ).toBe('2026-09');
    expect(resolveTarget({ local: false, config, envName: name, env: {} }).apiVersion).toBe('legacy');
  });

  it('refuses an unknown environment, --env without a project file, and no target at all', () => {
    expect(() => resolveTarget({ local: false, config, envName: 'qa', env: {} })).toThrow(
      "no environment 'qa' in crm-schema.yaml",
    );
    expect(() => resolveTarget({ local: false, envName: 'qa', env: {} })).toThrow(
      '--env qa needs a project file, and there is none.',
    );
    expect(() => resolveTarget({ local: false, env: {} })).toThrow(
      'No CRM to talk to: no base URL is given.',
    );
  });

  it('refuses a base URL given but empty, naming where, instead of falling back to the environment', () => {
    const refused = (inputs: Partial<Parameters<typeof resolveTarget>[0]>) => {
      try {
        resolveTarget({ local: false, config, env: {}, ...inputs });
      } catch (error) {
        return error as { code: string; message: string; meta: unknown };
      }
      throw new Error('resolved');
    };
    expect(refused({ baseUrl: '' })).toMatchObject({
      code: 'BASE_URL_EMPTY',
      message: '--base-url was given an empty value: it names no CRM, so nothing was called.',
      meta: { source: '--base-url' },
    });
    expect(refused({ baseUrl: ' ', env: { CRM_BASE_URL: 'http://from-env:1' } }).code).toBe('BASE_URL_EMPTY');
    expect(refused({ env: { CRM_BASE_URL: '' } })).toMatchObject({
      code: 'BASE_URL_EMPTY',
      message: 'CRM_BASE_URL is set but empty: it names no CRM, so nothing was called.',
      meta: { source: 'CRM_BASE_URL' },
    });
    // not read when the flag or --local wins over it
    expect(
      resolveTarget({ local: false, baseUrl: 'http://flag:1', config, env: { CRM_BASE_URL: '' } }),
    ).toMatchObject({ baseUrl: 'http://flag:1' });
    expect(resolveTarget({ local: true, config, env: { CRM_BASE_URL: '' } }).kind).toBe('local');
  });

  it("pins the account: --account-id, else the environment's accountId over HTTP; --local only by the flag", () => {
    const pinned: ProjectConfig = {
      ...config,
      environments: new Map([['staging', { ...staging, accountId: 111 }]]),
    };
    const env = { CRM_BASE_URL: 'http://from-env:1' };
    expect(resolveTarget({ local: false, config: pinned, env: {} }).pin).toEqual({
      id: 111,
      from: 'environment',
    });
    // the environment's policy applies at another URL, and so does its pin
    expect(resolveTarget({ local: false, config: pinned, env }).pin).toEqual({
      id: 111,
      from: 'environment',
    });
    expect(resolveTarget({ local: false, config: pinned, env: {}, accountId: 222 }).pin).toEqual({
      id: 222,
      from: '--account-id',
    });
    // the built-in emulator is no environment's account
    expect(resolveTarget({ local: true, config: pinned, env: {} }).pin).toBeUndefined();
    expect(resolveTarget({ local: true, config: pinned, env: {}, accountId: 5 }).pin).toEqual({
      id: 5,
      from: '--account-id',
    });
    expect('pin' in resolveTarget({ local: false, config, env: {} })).toBe(false);
  });

  it('records the target of a saved plan without any token, with the account found there', () => {
    const account = { id: 1000001, name: 'Acme' };
    expect(planTargetOf(resolveTarget({ local: false, config, env: {} }), account)).toEqual({
      baseUrl: 'https://staging.example.com',
      environment: 'staging',
      account,
    });
    expect(Object.keys(planTargetOf(resolveTarget({ local: true, env: {} }), account))).toEqual([
      'baseUrl',
      'account',
    ]);
  });

  it('records the target of a saved plan without any token', () => {
    const target = resolveTarget({ local: false, config, env: { CRM_TOKEN_STAGING: 'tok' } });
    expect(planTargetOf(target)).toEqual({ baseUrl: 'https://staging.example.com', environment: 'staging' });
    expect(describeTarget(target)).toBe('https://staging.example.com (environment staging)');
  });
});

describe('readToken', () => {
  const target = resolveTarget({ local: false, config, env: {} }) as RemoteTarget;

  it('reads the variable the target names', () => {
    expect(readToken(target, { CRM_TOKEN_STAGING: ' tok-1 ', CRM_ACCESS_TOKEN: 'other' })).toBe('tok-1');
  });

  it('names the variable when it is unset or empty', () => {
    for (const env of [{}, { CRM_TOKEN_STAGING: '  ' }]) {
      let error: unknown;
      try {
        readToken(target, env);
      } catch (e) {
        error = e;
      }
      expect(error).toMatchObject({
        code: 'TOKEN_MISSING',
        message:
          "No access token: CRM_TOKEN_STAGING is not set (environment 'staging' names CRM_TOKEN_STAGING as its token variable).",
        meta: { variable: 'CRM_TOKEN_STAGING' },
      });
    }
  });
});

describe('manifestDigest', () => {
  const digestOf = (text: string) => {
    const report = validateSources([{ file: 'm.yaml', text }]);
    expect(report.errorCount).toBe(0);
    return manifestDigest(toDesiredState(report.projects[0]!.model));
  };
  const base = `kind: Properties
objectType: tickets
properties:
  - { name: a, label: A, type: string, fieldType: text, groupName: g }
  - { name: b, archived: true }
`;

  it('ignores layout and comments, and changes with what is declared', () => {
    const same = `# a comment
kind: Properties
objectType: '0-5'
properties:
  - name: a
    label: A
    type: string
    fieldType: text
    groupName: g
    description: ''
  - name: b
    archived: true
`;
    expect(digestOf(base)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(digestOf(same)).toBe(digestOf(base));
    expect(digestOf(base.replace('label: A', 'label: B'))).not.toBe(digestOf(base));
    expect(digestOf(base.replace('name: b, archived', 'name: c, archived'))).not.toBe(digestOf(base));
  });
});

describe('--verbose lines', () => {
  it('gives method, path, status, attempt and duration per attempt, and counts calls', () => {
    const lines: string[] = [];
    const log = new CallLog((line) => lines.push(line));
    log.onResponse({
      method: 'GET',
      path: '/crm/v3/properties/tickets/groups',
      attempt: 1,
      status: 200,
      durationMs: 12.4,
      willRetry: false,
    });
    log.onResponse({
      method: 'POST',
      path: '/crm/v3/properties/tickets/batch/read',
      attempt: 1,
      status: 503,
      errorCode: 'SERVER',
      durationMs: 3,
      willRetry: true,
    });
    log.onResponse({
      method: 'POST',
      path: '/crm/v3/properties/tickets/batch/read',
      attempt: 2,
      errorCode: 'NETWORK',
      durationMs: 1,
      willRetry: false,
    });
    expect(lines).toEqual([
      'GET /crm/v3/properties/tickets/groups -> 200 (attempt 1, 12 ms)',
      'POST /crm/v3/properties/tickets/batch/read -> 503 SERVER (attempt 1, 3 ms), retrying',
      'POST /crm/v3/properties/tickets/batch/read -> NETWORK (attempt 2, 1 ms)',
    ]);
    expect(log.summary()).toBe('2 calls (3 attempts)');
    expect(formatCall({ method: 'GET', path: '/x', attempt: 1, durationMs: 0, willRetry: false })).toBe(
      'GET /x -> failed (attempt 1, 0 ms)',
    );
  });
});

describe('Output colour', () => {
  const streams = (tty: boolean) => {
    const written: string[] = [];
    const stream = { isTTY: tty, write: (text: string) => written.push(text) > 0 };
    return { streams: { stdout: stream, stderr: stream }, written };
  };

  it('colours only on a terminal, never with NO_COLOR or --no-color', () => {
    expect(new Output(true, {}, streams(true).streams).color).toBe(true);
    expect(new Output(true, {}, streams(false).streams).color).toBe(false);
    expect(new Output(true, { NO_COLOR: '1' }, streams(true).streams).color).toBe(false);
    expect(new Output(false, {}, streams(true).streams).color).toBe(false);
  });

  it('ends what it prints with one newline', () => {
    const { streams: s, written } = streams(false);
    const output = new Output(true, {}, s);
    output.out('a');
    output.err('b\n');
    expect(written).toEqual(['a\n', 'b\n']);
  });
});
