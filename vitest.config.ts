import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const dist = join(dirname(fileURLToPath(import.meta.url)), 'dist');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // builds dist/ when it is missing or stale, for the tests of the real binary
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // forks, not threads: the CLI's own `main` runs in the test process (test/helpers/in-process.ts),
    // which changes the working directory
    pool: 'forks',
    // Vitest's default is one fewer than the CPUs: a single fork on a machine of two. Many tests wait on
    // servers and child processes rather than compute, so one fork per CPU keeps both busy.
    maxWorkers: 2,
    server: {
      deps: {
        // the compiled CLI is imported by Node itself, as oclif imports its commands: one copy of each module
        external: [new RegExp(`^${escaped(dist)}/`)],
      },
    },
  },
});
