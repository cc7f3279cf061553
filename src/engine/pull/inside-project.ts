/**
 * Pull writes and deletes files only inside the project folder (the folder of crm-schema.yaml; without
 * one, the working directory): `--out` is checked before anything is read, and every file before it is
 * written or deleted, by its real path (a symbolic link leading outside counts as outside).
 */
import { CrmSchemaError } from '../../core/errors.js';
import { isWithin, realPathOutside } from '../../core/inside-folder.js';

const HINT =
  'Pull writes only inside the project folder (the folder of crm-schema.yaml; without one, the current directory).';

/** Throws unless `path` (absolute) lies inside `projectDir`, by its words and by its real path. */
export async function assertInsideProject(projectDir: string, path: string, display: string): Promise<void> {
  if (!isWithin(projectDir, path)) {
    throw new CrmSchemaError(
      'PULL_OUTSIDE_PROJECT',
      `${display} is outside the project folder ${projectDir}; pull did not write anything.`,
      { hint: HINT, meta: { path: display } },
    );
  }
  const real = await realPathOutside(projectDir, path);
  if (real !== undefined) {
    throw new CrmSchemaError(
      'PULL_OUTSIDE_PROJECT',
      `${display} leads outside the project folder through a symbolic link (to ${real}); pull did not write anything.`,
      { hint: `${HINT} Replace the link with a folder or file of the project.`, meta: { path: display } },
    );
  }
}

/** `--out DIR` (or the default folder), checked before anything is read: inside the project folder, links included. */
export async function checkOutDir(
  projectDir: string,
  outDir: string,
  flag: string | undefined,
): Promise<string> {
  const shown = flag === undefined ? 'The folder for new files' : `--out ${flag}`;
  const refuse = (where: string) =>
    new CrmSchemaError(
      'PULL_OUT_OUTSIDE_PROJECT',
      `${shown} ${where}: pull writes only inside the project folder. Nothing was read or written.`,
      {
        hint: 'Give a folder inside the project folder (the folder of crm-schema.yaml; without one, the current directory), e.g. --out schema.',
        meta: { out: flag ?? null },
      },
    );
  if (!isWithin(projectDir, outDir)) throw refuse(`is outside the project folder ${projectDir}`);
  const real = await realPathOutside(projectDir, outDir);
  if (real !== undefined)
    throw refuse(`leads outside the project folder ${projectDir} through a symbolic link (to ${real})`);
  return outDir;
}
