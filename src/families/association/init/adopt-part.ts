/**
 * The association family's part of `init --pull`: the user labels of the label entries given (`--label`):
 * labels have owners, so none is adopted unasked, and the person is told which object pairs between the
 * object types adopted hold labels that were left out (one read per direction between them).
 */
import type { CrmClient } from '../../../api/client.js';
import { mapLimit } from '../../../core/map-limit.js';
import type { AdoptPart } from '../../../engine/pull-part.js';
import { pairKey } from '../../../engine/model/object-types.js';

import { labelScope } from '../label-scope.js';
import { USER_DEFINED } from '../normalize-association.js';

const PARALLEL = 4;

/** The directions between `objectTypes` that hold user labels (one read per direction). */
async function labelledPairs(client: CrmClient, objectTypes: readonly string[]): Promise<[string, string][]> {
  const directions = objectTypes.flatMap((from) =>
    objectTypes.filter((to) => to !== from).map((to): [string, string] => [from, to]),
  );
  const labelled = await mapLimit(directions, PARALLEL, async ([from, to]) =>
    (await client.associations.listLabels(from, to)).some(
      (label) => label.category === USER_DEFINED && label.label !== null,
    )
      ? ([from, to] as [string, string])
      : undefined,
  );
  return labelled.filter((p): p is [string, string] => p !== undefined);
}

/** What adopting reads: both directions of each object pair a label entry names. */
interface PairsPull {
  pairs: Map<string, { from: string; to: string }>;
  named: Set<string>;
}

export const associationAdopt: AdoptPart<undefined, PairsPull> = {
  discover: () => Promise.resolve(undefined),
  adoption: async (_found, manage, client, objectTypes) => {
    const labels = labelScope(manage.labels ?? []);
    const scope: PairsPull = { pairs: new Map(), named: new Set() };
    for (const { from, to } of labels.pairs) {
      scope.pairs.set(pairKey(from, to), { from, to });
      scope.pairs.set(pairKey(to, from), { from: to, to: from });
    }
    // the object pairs between the object types adopted that hold user labels and no label entry names
    const left = (await labelledPairs(client, objectTypes)).filter(
      ([from, to]) => !labels.namesPair(from, to),
    );
    // a label pair is one resource with two directions: each object pair once
    const between = [
      ...new Set(left.map(([from, to]) => (from < to ? `${from} and ${to}` : `${to} and ${from}`))),
    ];
    const [firstFrom = '', firstTo = ''] = left[0] ?? [];
    const first = `${firstFrom}->${firstTo}`;
    const notes =
      between.length === 0
        ? []
        : [
            `Not adopted: the user labels between ${between.join(', ')}, which may be another team's. Labels have ` +
              `owners: name this project's with --label (--label '${first}' for every label of that object pair, ` +
              `--label '${first}:Escalation *' for those whose text or inverse text matches).`,
          ];
    const entries = manage.labels ?? [];
    const takes = entries.length > 0 ? [`the association labels of ${entries.join(', ')}`] : [];
    return { scope, objectTypes: [], takes, notes };
  },
};
