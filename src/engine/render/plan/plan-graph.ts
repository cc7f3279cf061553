/**
 * The association graph of a plan's label and limit changes: one edge per label (or platform type)
 * the plan touches, marked new, changed or removed, its limit merged in. Undefined when the plan
 * changes no label and no limit.
 */
import {
  graphOfEdges,
  type AssociationGraph,
  type EdgeMark,
  type GraphEdge,
} from '../../graph/association-graph.js';
import { edgeOf } from '../../plan/kinds/registry.js';
import { changeOf, type PlannedChange } from '../../plan/plan-document.js';

/** When two changes touch one edge (a label and its limit), the mark shown: a new label wins. */
const MARK_RANK: Readonly<Record<EdgeMark, number>> = { added: 3, removed: 2, changed: 1 };

export function planGraph(changes: readonly PlannedChange[]): AssociationGraph | undefined {
  const edges = new Map<string, GraphEdge>();
  for (const planned of changes) {
    const edge = edgeOf(changeOf(planned));
    if (edge === undefined) continue;
    const key = `${edge.from}\u0000${edge.to}\u0000${edge.label ?? edge.type ?? ''}`;
    const known = edges.get(key);
    edges.set(key, known === undefined ? edge : merge(known, edge));
  }
  return edges.size === 0 ? undefined : graphOfEdges([...edges.values()]);
}

function merge(a: GraphEdge, b: GraphEdge): GraphEdge {
  const mark = MARK_RANK[a.mark ?? 'changed'] >= MARK_RANK[b.mark ?? 'changed'] ? a.mark : b.mark;
  return {
    ...a,
    ...(b.inverseLabel !== undefined && a.inverseLabel === undefined ? { inverseLabel: b.inverseLabel } : {}),
    ...(b.limit !== undefined ? { limit: b.limit } : {}),
    ...(mark === undefined ? {} : { mark }),
  };
}
