/**
 * The examples project against a fresh local emulator once per API version: apply from empty, the plan
 * after it empty, drift clean, and every call on that version's paths (none on another family's). The
 * emulator serves every family on the same state, so a call on the wrong family would still be answered:
 * only the paths show it.
 */
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSIONS, type ApiVersion } from '../../src/wire/api-version.js';
import { routeFamily } from '../../src/wire/routes.js';
import { removeDir, tempDir } from '../live/helpers.js';
import { ROOT, runCli } from '../helpers/cli.js';

const CONFIG = ['--config', 'examples/crm-schema.yaml'];

/** The path prefixes of a family (every string field that is a path). */
function prefixesOf(version: ApiVersion): string[] {
  return Object.values(routeFamily(version)).filter(
    (value): value is string => typeof value === 'string' && value.startsWith('/'),
  );
}

/** `GET /crm/v3/properties/tickets -> 200 (...)` lines of --verbose: the paths called. */
function calledPaths(stderr: string): string[] {
  return [...stderr.matchAll(/^\s*(?:GET|POST|PATCH|PUT|DELETE) (\/\S+) ->/gm)].map(
    (m) => m[1]!.split('?')[0]!,
  );
}

describe.each(API_VERSIONS)('the examples project on API version %s', (version) => {
  let dir: string;
  const flags = ['--local', '--api-version', version, ...CONFIG];

  beforeAll(async () => {
    dir = await tempDir(`crm-schema-api-${version}-`);
    await cp(join(ROOT, 'examples'), join(dir, 'examples'), { recursive: true });
  });
  afterAll(async () => {
    await removeDir(dir);
  });

  it('applies from empty, then plans nothing and finds no drift, every call on its own paths', async () => {
    const applied = await runCli(['apply', '--yes', '--verbose', ...flags], { cwd: dir });
    expect(applied.code, applied.stderr).toBe(0);
    const paths = calledPaths(applied.stderr);
    // the account details, every schema read and every write
    expect(paths.length).toBeGreaterThan(20);
    const own = prefixesOf(version);
    const others = API_VERSIONS.filter((v) => v !== version).flatMap(prefixesOf);
    for (const path of paths) {
      expect(
        own.some((prefix) => path.startsWith(`${prefix}/`) || path === prefix),
        `${path} is on ${version}'s paths`,
      ).toBe(true);
      expect(
        others.some((prefix) => path.startsWith(`${prefix}/`) || path === prefix),
        path,
      ).toBe(false);
    }
    expect(paths).toContain(`${routeFamily(version).account}/details`);
    // the event definition was created with its properties in the one call
    expect(applied.stderr).toContain(`POST ${routeFamily(version).events} -> 201`);
    expect(paths.some((p) => p.endsWith('/property'))).toBe(false);

    const plan = await runCli(['plan', '--json', ...flags], { cwd: dir });
    expect(plan.code, plan.stderr).toBe(0);
    const doc = JSON.parse(plan.stdout) as { apiVersion: string; summary: { changes: number } };
    expect(doc.apiVersion).toBe(version);
    expect(doc.summary.changes).toBe(0);

    const drift = await runCli(['drift', '--verbose', ...flags], { cwd: dir });
    expect(drift.code, drift.stdout + drift.stderr).toBe(0);
    for (const path of calledPaths(drift.stderr))
      expect(
        own.some((prefix) => path.startsWith(`${prefix}/`) || path === prefix),
        path,
      ).toBe(true);
  });
});
