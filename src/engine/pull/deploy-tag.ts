/**
 * The deploy tag a plain `pull` warns about: the deploy recipe moves `crm-schema/deployed/<environment>` to
 * each commit it applied. When one exists, the account holds what that commit declares plus what was
 * changed outside crm-schema, and a pull without `--baseline` writes the account over every manifest:
 * what was merged since and is not deployed yet would be reverted in the working tree.
 */
import { gitOrUndefined } from '../../core/git.js';

export const DEPLOY_TAG_PREFIX = 'crm-schema/deployed/';

/** The deploy tag of `environment`, when it exists. */
export async function deployTagOf(
  projectDir: string,
  environment: string,
): Promise<{ ref: string; commit: string } | undefined> {
  const ref = `${DEPLOY_TAG_PREFIX}${environment}`;
  const listed = await gitOrUndefined(projectDir, [
    'for-each-ref',
    '--format=%(refname:strip=2) %(objectname:short)',
    `refs/tags/${ref}`,
  ]);
  const [found, commit = ''] = (listed ?? '').trim().split(' ');
  return found === ref ? { ref, commit } : undefined;
}
