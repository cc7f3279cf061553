/**
 * Each test file is in the tier its content asks for (test/tiers.ts): one that starts a server or a
 * process, itself or through a helper, never runs among the unit tests that share one process.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tierOf, tiers } from './tiers.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

describe('the test tiers', () => {
  it('puts every test file in exactly one tier', () => {
    const all = tiers(root);
    const files = [...all.unit, ...all.integration, ...all.slow];
    expect(new Set(files).size).toBe(files.length);
    expect(all.unit.length).toBeGreaterThan(50);
    expect(all.integration.length).toBeGreaterThan(50);
  });

  it.each([
    ['test/plan/diff-groups.test.ts', 'unit'], // pure
    ['test/api/properties.test.ts', 'integration'], // the emulator, through ./setup.js
    ['test/apply/apply.test.ts', 'integration'], // the emulator, through ./scenario.js
    ['test/cli/validate.test.ts', 'integration'], // the CLI in a child process
    ['test/api/retries.test.ts', 'integration'], // a scripted HTTP server
    ['test/reliability/crash.test.ts', 'slow'],
    ['test/fuzz/inputs.test.ts', 'slow'],
    ['test/plan/performance.slow.test.ts', 'slow'],
  ])('%s is %s', (file, tier) => {
    expect(tierOf(root, file)).toBe(tier);
  });
});
