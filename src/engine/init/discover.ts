/**
 * What `init --pull` finds in an account, to offer a scope and adopt it: each family's findings (its
 * `AdoptPart.discover`: reads only). A name that breaks the platform's name rules is left out by the
 * family: it is never offered, listed or adopted (the pull notes those of the scope, with what to do).
 */
import type { CrmClient } from '../../api/client.js';
import { families } from '../installed.js';

/** family name -> what it found */
export type AccountFindings = ReadonlyMap<string, unknown>;

export async function discoverAccount(client: CrmClient): Promise<AccountFindings> {
  const adopting = families().flatMap((family) =>
    family.pull?.adopt === undefined ? [] : [{ name: family.name, adopt: family.pull.adopt }],
  );
  const found = await Promise.all(adopting.map(({ adopt }) => adopt.discover(client)));
  return new Map(adopting.map(({ name }, i) => [name, found[i]]));
}
