/**
 * The deploy tag a plain `pull` warns about: the deploy recipe moves `crm-schema/deployed/<environment>` to
 * each commit it applied. When one exists, the account holds what that commit declares plus what was
 * changed outside crm-schema, and a pull without `--baseline` writes the account over every manifest:
 * what was merged since and is not deployed yet would be reverted in the working tree.
 */
import { gitOrUndefined } from '../core/git.js';

export const DEPLOY_TAG_PREFIX = 'crm-schema/deployed/';

/** The deploy tag of `environment` (or, without one, the only deploy tag there is), when it exists. */
export async function deployTagOf(
  projectDir: string,
  environment: string | undefined,
): Promise<{ ref: string; commit: string } | undefined> {
  const listed = await gitOrUndefined(projectDir, [
    'for-each-ref',
    '--format=%(refname:strip=2) %(objectname:short)',
    `refs/tags/${DEPLOY_TAG_PREFIX}${environment ?? ''}`,
  ]);
  if (listed === undefined) return undefined;
  const tags = listed
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [ref = '', commit = ''] = line.split(' ');
      return { ref, commit };
    })
    .filter((tag) => environment === undefined || tag.ref === `${DEPLOY_TAG_PREFIX}${environment}`);
  return tags.length === 1 ? tags[0] : undefined;
}
