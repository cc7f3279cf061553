/**
 * The fuzz harness itself: a case that kills the child the CLI runs in fails with the file the case was
 * written to, which holds the command line and the project's files, and the next case gets a new child.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, sandbox, stopChild, type Sandbox } from './harness.js';

describe('the fuzz harness', () => {
  let box: Sandbox;
  beforeAll(async () => {
    box = await sandbox();
  });
  afterAll(async () => {
    await stopChild();
    await box.close();
  });

  it('names the case that killed the child, and runs the next one in a new child', async () => {
    await box.write({ 'crm-schema.yaml': "manifests: ['*.yaml']\n", 'a.yaml': 'kind: Nothing\n' });
    const died = await run(['validate'], box.project, { FUZZ_CHILD_DIES: '1' }).then(
      () => undefined,
      (error: unknown) => (error as Error).message,
    );
    expect(died).toMatch(/^the fuzz child died \(exit null, signal SIGABRT\) on the case in (\S+);/);
    const caseFile = /on the case in (\S+);/.exec(died!)![1]!;
    const written = JSON.parse(await readFile(caseFile, 'utf8')) as {
      argv: string[];
      files: Record<string, string>;
    };
    expect(written.argv).toEqual(['validate']);
    expect(written.files['a.yaml']).toBe('kind: Nothing\n');

    const next = await run(['validate'], box.project);
    expect(next.code).toBe(1);
    expect(next.stdout + next.stderr).toContain('a.yaml');
  });
});
