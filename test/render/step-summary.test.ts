import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendStepSummary } from '../../src/engine/render/common/step-summary.js';

describe('the GitHub step summary', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'crm-schema-summary-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('appends the Markdown, with a trailing newline, to the file GITHUB_STEP_SUMMARY names', async () => {
    const file = join(dir, 'summary.md');
    await writeFile(file, '# earlier step\n');
    await expect(appendStepSummary('**Plan: 1 to create.**', { GITHUB_STEP_SUMMARY: file })).resolves.toBe(
      true,
    );
    await expect(appendStepSummary('second\n', { GITHUB_STEP_SUMMARY: file })).resolves.toBe(true);
    await expect(readFile(file, 'utf8')).resolves.toBe('# earlier step\n**Plan: 1 to create.**\nsecond\n');
  });

  it('does nothing when GITHUB_STEP_SUMMARY is not set', async () => {
    await expect(appendStepSummary('x', {})).resolves.toBe(false);
    await expect(appendStepSummary('x', { GITHUB_STEP_SUMMARY: '' })).resolves.toBe(false);
  });

  it('renders lazily: a function is called only when the summary is written', async () => {
    const file = join(dir, 'summary.md');
    let rendered = 0;
    const markdown = () => {
      rendered += 1;
      return 'lazy';
    };
    await expect(appendStepSummary(markdown, {})).resolves.toBe(false);
    expect(rendered).toBe(0);
    await expect(appendStepSummary(markdown, { GITHUB_STEP_SUMMARY: file })).resolves.toBe(true);
    expect(rendered).toBe(1);
    await expect(readFile(file, 'utf8')).resolves.toBe('lazy\n');
  });

  it('says which file it could not write', async () => {
    const file = join(dir, 'missing', 'summary.md');
    await expect(appendStepSummary('x', { GITHUB_STEP_SUMMARY: file })).rejects.toMatchObject({
      code: 'STEP_SUMMARY_UNWRITABLE',
      message: expect.stringContaining(`Could not append to the GitHub step summary file ${file}:`),
    });
  });

  it('refuses a FIFO at once (with or without a reader), and a folder, without blocking', async () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    await expect(appendStepSummary('x', { GITHUB_STEP_SUMMARY: fifo })).rejects.toMatchObject({
      code: 'STEP_SUMMARY_UNWRITABLE',
      message: expect.stringContaining('not a regular file'),
    });
    const folder = join(dir, 'folder');
    await mkdir(folder);
    await expect(appendStepSummary('x', { GITHUB_STEP_SUMMARY: folder })).rejects.toMatchObject({
      code: 'STEP_SUMMARY_UNWRITABLE',
    });
  });
});
