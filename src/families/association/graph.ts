/**
 * The association family's drawing (`crm-schema graph`): the association graph of a state, each label pair
 * once with its limits, and each limit of a platform type as an edge of its own; read live, the pairs the
 * manifests name, both directions.
 */
import type { FamilyGraph } from '../../engine/family.js';
import {
  edgeKey,
  nodesOf,
  sortEdges,
  type AssociationGraph,
  type GraphEdge,
} from '../../engine/graph/association-graph.js';
import { defined } from '../../core/defined.js';
import type { SchemaState } from '../../engine/model/schema-model.js';
import { associationsOf } from './model.js';
import type { PairsScope } from './live/scope.js';
import { USER_DEFINED } from './normalize-association.js';

/** The graph of a schema state: every pair it holds, each label pair once. */
function graphOfState(state: SchemaState): AssociationGraph {
  const edges: GraphEdge[] = [];
  const seen = new Set<string>();
  const pairs = [...associationsOf(state).values()].sort((a, b) =>
    `${a.from}->${a.to}`.localeCompare(`${b.from}->${b.to}`),
  );
  const limitOf = (from: string, to: string, label: string): number | undefined => {
    const pair = associationsOf(state).get(`${from}->${to}`);
    return [...(pair?.limits.values() ?? [])].find((l) => l.label === label)?.maxToObjectIds;
  };
  for (const pair of pairs) {
    for (const label of [...pair.labels.values()].sort((a, b) => a.label.localeCompare(b.label))) {
      if (label.category !== USER_DEFINED) continue;
      // a label without an inverse text has the same text both ways (as the account answers it)
      const inverse = label.inverseLabel === label.label ? undefined : label.inverseLabel;
      const key = edgeKey(pair.from, pair.to, label.label, inverse);
      if (seen.has(key)) continue;
      seen.add(key);
      edges.push({
        from: pair.from,
        to: pair.to,
        label: label.label,
        ...defined({
          inverseLabel: inverse,
          limit: limitOf(pair.from, pair.to, label.label),
          inverseLimit: limitOf(pair.to, pair.from, inverse ?? label.label),
        }),
      });
    }
    for (const limit of pair.limits.values()) {
      if (limit.label !== undefined || limit.maxToObjectIds === undefined) continue;
      edges.push({
        from: pair.from,
        to: pair.to,
        type: `${limit.category}/${limit.typeId ?? '?'}`,
        limit: limit.maxToObjectIds,
      });
    }
  }
  return { nodes: nodesOf(edges), edges: sortEdges(edges) };
}

export const associationGraph: FamilyGraph<PairsScope> = {
  ofState: graphOfState,
  readScope: (desired, scope) => {
    for (const [key, pair] of associationsOf(desired.state))
      scope.set(key, { from: pair.from, to: pair.to, inverse: true });
  },
};
