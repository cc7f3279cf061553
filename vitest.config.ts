import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { replacesModules, tiers } from './test/tiers.js';

const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, 'dist');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const tier = tiers(root);

/** Tests that start a server or a process run in forked workers. */
const processes = {
  // builds dist/ when it is missing or stale, for the tests of the real binary
  globalSetup: ['test/global-setup.ts'],
  // forks, not threads: the CLI's own `main` runs in the test process (test/helpers/in-process.ts),
  // which changes the working directory
  pool: 'forks' as const,
};
/** A worker loads modules once and runs file after file; a file that replaces modules gets its own. */
const shared = (files: string[]) => files.filter((file) => !replacesModules(root, file));
const own = (files: string[]) => files.filter((file) => replacesModules(root, file));

export default defineConfig({
  test: {
    // the family list installed before each file (test/setup-families.ts)
    setupFiles: ['test/setup-families.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Vitest's default is one fewer than the CPUs: a single worker on a machine of two. Many tests wait on
    // servers and child processes rather than compute, so one worker per CPU keeps both busy.
    maxWorkers: 2,
    server: {
      deps: {
        // the compiled CLI is imported by Node itself, as oclif imports its commands: one copy of each module
        external: [new RegExp(`^${escaped(dist)}/`)],
      },
    },
    // the tiers: test/tiers.ts says which file is which
    projects: [
      {
        extends: true,
        // pure code: threads sharing the modules they load, no process per file
        test: { name: 'unit', include: tier.unit, pool: 'threads', isolate: false },
      },
      {
        extends: true,
        test: { name: 'integration', include: shared(tier.integration), ...processes, isolate: false },
      },
      { extends: true, test: { name: 'integration-own', include: own(tier.integration), ...processes } },
      { extends: true, test: { name: 'slow', include: shared(tier.slow), ...processes, isolate: false } },
      { extends: true, test: { name: 'slow-own', include: own(tier.slow), ...processes } },
    ],
  },
});
