import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { tiers } from './test/tiers.js';

const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, 'dist');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const tier = tiers(root);

/** Tests that start a server or a process: a fresh forked process per file. */
const processes = {
  // builds dist/ when it is missing or stale, for the tests of the real binary
  globalSetup: ['test/global-setup.ts'],
  // forks, not threads: the CLI's own `main` runs in the test process (test/helpers/in-process.ts),
  // which changes the working directory
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
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
      { extends: true, test: { name: 'integration', include: tier.integration, ...processes } },
      { extends: true, test: { name: 'slow', include: tier.slow, ...processes } },
    ],
  },
});
