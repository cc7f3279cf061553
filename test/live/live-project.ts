/**
 * The usual setup of a CLI test against the emulator: a fresh emulator on a free port and a fresh project
 * folder for each test, both removed after it. Call at the top of a test file; read `fx` and `dir` inside
 * the tests.
 */
import { afterEach, beforeEach } from 'vitest';
import { liveFixture, removeDir, tempDir, type LiveFixture } from './helpers.js';

export interface LiveProject {
  readonly fx: LiveFixture;
  readonly dir: string;
}

export function liveProjectPerTest(prefix: string): LiveProject {
  const current = {} as { fx: LiveFixture; dir: string };
  beforeEach(async () => {
    current.fx = await liveFixture();
    current.dir = await tempDir(prefix);
  });
  afterEach(async () => {
    await current.fx.close();
    await removeDir(current.dir);
  });
  return current;
}
