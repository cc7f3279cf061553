/**
 * GitHub Actions shows the Markdown a step appends to the file named by `GITHUB_STEP_SUMMARY` on the
 * run's summary page. The only I/O of the renderers, kept apart so that they stay pure; the environment
 * is a parameter so tests (and callers) need not touch `process.env`.
 *
 * The file is opened without blocking and written only when it is a regular file: a FIFO (or a device)
 * named there would otherwise hold the command forever after it printed its result, or take what it
 * writes somewhere else.
 *
 * What it appends passes the output gate for files (core/output-gate.ts): the token and credential shapes
 * are masked, as on the terminal.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { CrmSchemaError } from '../../../core/errors.js';
import { forFile } from '../../../core/output-gate.js';

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
  const flags = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | nonBlocking();
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(file, flags, 0o644);
    const info = await handle.stat();
    if (!info.isFile()) throw notRegular(file);
    const rendered = forFile(typeof markdown === 'function' ? markdown() : markdown);
    await handle.appendFile(rendered.endsWith('\n') ? rendered : `${rendered}\n`, 'utf8');
  } catch (error) {
    if (error instanceof CrmSchemaError) throw error;
    // a FIFO nobody reads refuses a non-blocking open for writing (ENXIO)
    if ((error as NodeJS.ErrnoException).code === 'ENXIO') throw notRegular(file);
    throw new CrmSchemaError(
      'STEP_SUMMARY_UNWRITABLE',
      `Could not append to the GitHub step summary file ${file}: ${(error as Error).message}`,
      {
        hint: 'Check GITHUB_STEP_SUMMARY: it must name a writable file (GitHub Actions sets it).',
        cause: error,
      },
    );
  } finally {
    await handle?.close();
  }
  return true;
}

/** `O_NONBLOCK` where the system has it (Windows has no FIFOs to guard against). */
function nonBlocking(): number {
  const flag = (constants as Partial<typeof constants>).O_NONBLOCK;
  return typeof flag === 'number' ? flag : 0;
}

function notRegular(file: string): CrmSchemaError {
  return new CrmSchemaError(
    'STEP_SUMMARY_UNWRITABLE',
    `GITHUB_STEP_SUMMARY names ${file}, which is not a regular file (a FIFO, a device or a folder): nothing was appended`,
    { hint: 'Unset GITHUB_STEP_SUMMARY, or point it at a regular file (GitHub Actions sets it to one).' },
  );
}
