/**
 * `crm-schema lint` warns about every environment that calls the legacy paths (no apiVersion, or
 * `legacy`), at its place in the project file, with the dates the platform stops supporting them;
 * `validate` does not, and an environment on a date version is clean.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validatePaths } from '../../src/engine/manifest/validate.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('crm-schema-lint-api-');
});
afterEach(async () => {
  await removeDir(dir);
});

const PROJECT = `manifests: ['schema/*.yaml']
environments:
  staging:
    baseUrl: https://crm-staging.example.com
  production:
    baseUrl: https://crm.example.com
    apiVersion: legacy
  sandbox:
    baseUrl: https://crm-sandbox.example.com
    apiVersion: 2026-09
`;

async function legacyWarnings(lintAll: boolean) {
  await writeFiles(dir, {
    'crm-schema.yaml': PROJECT,
    'schema/tickets.yaml': 'kind: Properties\nobjectType: tickets\nproperties: []\n',
  });
  const report = await validatePaths([], { cwd: dir, lintAll });
  return report.diagnostics.filter((d) => d.code === 'LEGACY_API_VERSION');
}

describe('lint: environments on the legacy paths', () => {
  it('warns about each, at its place, with the dates and what to set', async () => {
    const found = await legacyWarnings(true);
    expect(found.map((d) => [d.line, d.col, d.severity])).toEqual([
      // the staging mapping (it has no apiVersion key), production's apiVersion value
      [4, 5, 'warning'],
      [7, 17, 'warning'],
    ]);
    expect(found[0]!.message).toBe(
      "environment 'staging' has no apiVersion, so it calls the legacy paths: the platform stops supporting the v4 association paths on 30 March 2027 and the v1-v3 paths in September 2027",
    );
    expect(found[1]!.message).toContain("environment 'production' calls the legacy paths");
    expect(found[0]!.hint).toBe(
      'set apiVersion: 2026-09 on it, plan, and check the plan is empty before the next apply',
    );
  });

  it('is a lint finding only: validate does not report it', async () => {
    expect(await legacyWarnings(false)).toEqual([]);
  });
});
