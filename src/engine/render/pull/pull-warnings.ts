/** What a plain `pull` says when the project has a deploy tag (src/engine/pull/deploy-tag.ts). */
import { neutralize } from '../../../core/control-chars.js';

export function notDeployedWarning(tag: { ref: string; commit: string }): string {
  const ref = neutralize(tag.ref, { oneLine: true });
  return (
    `Warning: ${ref} (${neutralize(tag.commit, { oneLine: true })}) marks what was last deployed to this account. ` +
    'A plain pull writes the account over every manifest, so what was merged since and is not deployed yet is ' +
    `reverted in these files. To keep it, pull with the baseline: crm-schema pull --baseline ${ref}`
  );
}
