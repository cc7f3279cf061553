/** The project file: loading, environments, policy, and never a token in it (or in a message). */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiagnosticSink } from '../../src/core/source/diagnostics.js';
import {
  loadProjectConfig,
  mergePolicy,
  resolveEnvironment,
  validatePaths,
} from '../../src/engine/manifest/index.js';
import { DEFAULT_POLICY } from '../../src/engine/model/policy.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'crm-schema-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function load(text: string) {
  await writeFile(join(dir, 'crm-schema.yaml'), text);
  const sink = new DiagnosticSink();
  const result = await loadProjectConfig(join(dir, 'crm-schema.yaml'), 'crm-schema.yaml', sink);
  return { ...result, diagnostics: sink.items };
}

describe('project file', () => {
  it('resolves environments with defaults and merged policies', async () => {
    const { config, diagnostics } = await load(`manifests: ['schema/*.yaml']
environments:
  dev: { baseUrl: 'http://127.0.0.1:4010/' }
  prod:
    baseUrl: https://crm.example.com
    tokenEnv: CRM_TOKEN_PROD
    policy: { allow: [tickets.a], manage: { prefixes: [ops_] } }
policy: { destructive: allow, unmanaged: archive, manage: { groups: [ops] } }
`);
    expect(diagnostics).toEqual([]);
    expect(config!.dir).toBe(dir);
    expect(config!.policy).toEqual({
      destructive: 'allow',
      dangerous: 'allow',
      allow: [],
      unmanaged: 'archive',
      recordValues: 'hide',
      manage: { groups: ['ops'] },
    });
    expect(config!.environments.get('dev')).toMatchObject({
      name: 'dev',
      baseUrl: 'http://127.0.0.1:4010',
      tokenEnv: 'CRM_ACCESS_TOKEN',
      policy: config!.policy,
      source: { file: 'crm-schema.yaml', line: 3, col: 8 },
    });
    expect(config!.environments.get('prod')!.policy).toEqual({
      destructive: 'allow',
      dangerous: 'allow',
      allow: ['tickets.a'],
      unmanaged: 'archive',
      recordValues: 'hide',
      // the environment's scope replaces the project's whole
      manage: { prefixes: ['ops_'] },
    });
  });

  it('picks the environment: --env, else defaultEnvironment, else none; unknown names fail clearly', async () => {
    const { config } = await load(`manifests: ['*.yaml']
defaultEnvironment: staging
environments:
  staging: { baseUrl: https://s.example.com }
  production: { baseUrl: https://p.example.com }
`);
    expect(resolveEnvironment(config!, undefined)!.name).toBe('staging');
    expect(resolveEnvironment(config!, 'production')!.baseUrl).toBe('https://p.example.com');
    expect(() => resolveEnvironment(config!, 'prod')).toThrow(
      expect.objectContaining({
        code: 'ENVIRONMENT_UNKNOWN',
        message: "no environment 'prod' in crm-schema.yaml",
        hint: 'environments: staging, production',
      }),
    );
    expect(resolveEnvironment({ ...config!, defaultEnvironment: undefined }, undefined)).toBeUndefined();
  });

  it('merges policy key by key', () => {
    expect(mergePolicy(DEFAULT_POLICY, { unmanaged: 'report' })).toEqual({
      ...DEFAULT_POLICY,
      unmanaged: 'report',
    });
    expect(mergePolicy(DEFAULT_POLICY, undefined)).toBe(DEFAULT_POLICY);
  });

  it('takes irreversible: from the project, overridden per environment; a value other than allow or deny is an error there', async () => {
    const { config, diagnostics } = await load(`manifests: ['schema/*.yaml']
environments:
  staging: { baseUrl: 'https://staging.example.com', policy: { irreversible: allow } }
  production: { baseUrl: 'https://crm.example.com' }
policy: { irreversible: deny }
`);
    expect(diagnostics).toEqual([]);
    expect(config!.policy.irreversible).toBe('deny');
    expect(config!.environments.get('production')!.policy.irreversible).toBe('deny');
    expect(config!.environments.get('staging')!.policy.irreversible).toBe('allow');
    // absent: the default, allow
    expect(mergePolicy(DEFAULT_POLICY, { dangerous: 'deny' }).irreversible).toBeUndefined();

    const wrong = await load(`manifests: ['schema/*.yaml']\npolicy: { irreversible: sometimes }\n`);
    expect(wrong.config).toBeUndefined();
    expect(wrong.diagnostics.map((d) => `${d.line}:${d.col} ${d.code} ${d.path}`)).toEqual([
      '2:25 INVALID_VALUE policy.irreversible',
    ]);
  });

  it.each([
    ['a token in tokenEnv', 'tokenEnv: pat-na1-0c1e2f3a-4b5c-6d7e-8f90-a1b2c3d4e5f6', 'pat-na1-0c1e2f3a'],
    ['a token-looking variable name', 'tokenEnv: a8f3k2m9x7q1w5e4r6t8y0u2i4o6p8', 'a8f3k2m9x7q1'],
    ['a token: key', 'token: s3cr3t-value-that-must-not-print', 's3cr3t'],
    ['an apiKey: key', 'apiKey: s3cr3t-value-that-must-not-print', 's3cr3t'],
    ['credentials in the URL', '', 'hunter2'],
  ])('refuses %s without printing it', async (_, line, secret) => {
    const baseUrl = line === '' ? 'https://admin:hunter2@crm.example.com' : 'https://crm.example.com';
    const { config, diagnostics } = await load(
      `manifests: ['*.yaml']\nenvironments:\n  prod:\n    baseUrl: ${baseUrl}\n    ${line}\n`,
    );
    expect(config).toBeUndefined();
    expect(diagnostics.map((d) => d.code)).toEqual(['LITERAL_TOKEN']);
    expect(JSON.stringify(diagnostics)).not.toContain(secret);
  });

  it('reports every problem of the file at once', async () => {
    const { diagnostics, manifests } = await load(`manifests: ['a/*.yaml', 'a/*.yaml']
defaultEnvironment: nope
environments:
  'bad name': { baseUrl: https://x.example.com }
  ok: { baseUrl: 'not a url', tokenEnv: 'two words' }
policy: { destructive: sometimes, manage: { groups: [Bad-Group] } }
`);
    expect(diagnostics.map((d) => `${d.line}:${d.col} ${d.code} ${d.path}`)).toEqual([
      '1:25 DUPLICATE_ITEM manifests[1]',
      '4:3 NAME_INVALID environments',
      '5:41 NAME_INVALID environments.ok.tokenEnv',
      '6:24 INVALID_VALUE policy.destructive',
      '6:54 NAME_INVALID policy.manage.groups[0]',
    ]);
    // the globs are fine even though other keys are not
    expect(manifests).toEqual(['a/*.yaml', 'a/*.yaml']);
  });

  it("takes an environment's accountId: a positive whole number, unquoted; anything else is said plainly", async () => {
    const { config, diagnostics } = await load(`manifests: ['*.yaml']
environments:
  production: { baseUrl: https://crm.example.com, accountId: 1000001 }
  staging: { baseUrl: https://crm.example.com }
`);
    expect(diagnostics).toEqual([]);
    expect(config!.environments.get('production')!.accountId).toBe(1000001);
    expect(config!.environments.get('staging')!.accountId).toBeUndefined();
    expect('accountId' in config!.environments.get('staging')!).toBe(false);

    const bad = await load(`manifests: ['*.yaml']
environments:
  quoted: { baseUrl: https://a.example.com, accountId: '1000001' }
  zero: { baseUrl: https://b.example.com, accountId: 0 }
  words: { baseUrl: https://c.example.com, accountId: production }
  fraction: { baseUrl: https://d.example.com, accountId: 1.5 }
`);
    expect(bad.config).toBeUndefined();
    expect(
      bad.diagnostics.map((d) => `${d.code} ${d.path}: ${d.message}${d.hint ? ` (${d.hint})` : ''}`),
    ).toEqual([
      'WRONG_TYPE environments.quoted.accountId: must be a whole number, not text (remove the quotes: accountId: 1000001)',
      'VALUE_TOO_SMALL environments.zero.accountId: must be a positive integer (1 or more)',
      'WRONG_TYPE environments.words.accountId: must be a whole number, not text',
      'WRONG_TYPE environments.fraction.accountId: must be a whole number, not a number (1.5) (use a whole number)',
    ]);

    const huge = await load(`manifests: ['*.yaml']
environments:
  production: { baseUrl: https://crm.example.com, accountId: 90071992547409930 }
`);
    expect(huge.diagnostics.map((d) => `${d.code} ${d.path}: ${d.message}`)).toEqual([
      "INVALID_VALUE environments.production.accountId: 'accountId' is too large to be an account id",
    ]);
  });

  it('checks URLs and defaultEnvironment once the shape is right', async () => {
    const { diagnostics } = await load(`manifests: ['*.yaml']
defaultEnvironment: nope
environments:
  ok: { baseUrl: 'not a url' }
`);
    expect(diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual([
      "BASE_URL_INVALID: 'baseUrl' is not a URL",
      "ENVIRONMENT_UNKNOWN: defaultEnvironment 'nope' names no environment",
    ]);
  });

  it('expands the globs relative to the project file and excludes the file itself', async () => {
    await mkdir(join(dir, 'schema', 'deep'), { recursive: true });
    const manifest =
      'kind: EventProperties\neventName: e\nproperties: [{ name: a, label: A, type: string }]\n';
    await writeFile(join(dir, 'schema', 'a.yaml'), manifest);
    await writeFile(join(dir, 'schema', 'deep', 'b.yml'), manifest.replace('name: a', 'name: b'));
    await writeFile(join(dir, 'schema', 'draft.yaml'), 'kind: Broken\n');
    await writeFile(join(dir, 'crm-schema.yaml'), "manifests: ['**/*.{yaml,yml}', '!schema/draft.yaml']\n");
    const report = await validatePaths([], { cwd: dir });
    expect(report.diagnostics).toEqual([]);
    expect(report.files).toEqual(['crm-schema.yaml', 'schema/a.yaml', 'schema/deep/b.yml']);
  });

  it('says where no project file is, with what to do', async () => {
    await expect(validatePaths([], { cwd: dir })).rejects.toMatchObject({
      code: 'CONFIG_NOT_FOUND',
      message: `no crm-schema.yaml in ${dir}`,
      hint: 'pass manifest files or folders to validate, or name the project file with --config FILE',
    });
    await expect(validatePaths([], { cwd: dir, configPath: 'other.yaml' })).rejects.toMatchObject({
      code: 'CONFIG_NOT_FOUND',
      message: 'no project file at other.yaml',
    });
  });
});
