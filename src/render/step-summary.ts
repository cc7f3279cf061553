/**
 * GitHub Actions shows the Markdown a step appends to the file named by `GITHUB_STEP_SUMMARY` on the
 * run's summary page. The only I/O of the renderers, kept apart so that they stay pure; the environment
 * is a parameter so tests (and callers) need not touch `process.env`.
 */
import { appendFile } from 'node:fs/promises';
import { CrmSchemaError } from '../core/errors.js';

/**
 * Appends `markdown` (with a trailing newline) when `GITHUB_STEP_SUMMARY` is set; true when it wrote. Given a
 * function, renders only then (a large plan's Markdown costs time and memory nobody reads outside CI).
 */
export async function appendStepSummary(
  markdown: string | (() => string),
  env: NodeJS.ProcessEnv = process.env,
): Promise<boolean> {
  const file = env.GITHUB_STEP_SUMMARY;
  if (file === undefined || file === '') return false;
  const rendered = typeof markdown === 'function' ? markdown() : markdown;
  const text = rendered.endsWith('\n') ? rendered : `${rendered}\n`;
  try {
    await appendFile(file, text, 'utf8');
  } catch (error) {
    throw new CrmSchemaError(
      'STEP_SUMMARY_UNWRITABLE',
      `Could not append the plan to the GitHub step summary file ${file}: ${(error as Error).message}`,
      {
        hint: 'Check GITHUB_STEP_SUMMARY: it must name a writable file (GitHub Actions sets it).',
        cause: error,
      },
    );
  }
  return true;
}
