/**
 * The association graph: the object types in scope as nodes, each label pair as one edge (its text in
 * both directions) with its limits, and the limits of the platform's own types as edges of their own.
 * Built from a schema state (the manifests' desired state, or the live account) or from the label and
 * limit changes of a plan, where each edge carries what the plan does to it.
 */
import type { SchemaState } from '../model/schema-model.js';

export type EdgeMark = 'added' | 'changed' | 'removed';

export interface GraphEdge {
  from: string;
  to: string;
  /** the label (from -> to); undefined for a platform type's limit */
  label?: string;
  /** the label of the other direction */
  inverseLabel?: string;
  /** the most records of `to` one record of `from` may be linked to */
  limit?: number;
  /** the most records of `from` one record of `to` may be linked to */
  inverseLimit?: number;
  /** a platform type's limit: its category and typeId, e.g. `PLATFORM_DEFINED/27` */
  type?: string;
  /** what the plan does to it (plan graphs only) */
  mark?: EdgeMark;
}

export interface AssociationGraph {
  /** object type names, sorted */
  nodes: string[];
  edges: GraphEdge[];
}

/** The graph of a schema state: every pair it holds, each label pair once. */
export function graphOfState(state: SchemaState): AssociationGraph {
  const edges: GraphEdge[] = [];
  const seen = new Set<string>();
  const pairs = [...state.associations.values()].sort((a, b) =>
    `${a.from}->${a.to}`.localeCompare(`${b.from}->${b.to}`),
  );
  const limitOf = (from: string, to: string, label: string): number | undefined => {
    const pair = state.associations.get(`${from}->${to}`);
    return [...(pair?.limits.values() ?? [])].find((l) => l.label === label)?.maxToObjectIds;
  };
  for (const pair of pairs) {
    for (const label of [...pair.labels.values()].sort((a, b) => a.label.localeCompare(b.label))) {
      if (label.category !== 'USER_DEFINED') continue;
      // a label without an inverse text has the same text both ways (as the account answers it)
      const inverse = label.inverseLabel === label.label ? undefined : label.inverseLabel;
      const key = edgeKey(pair.from, pair.to, label.label, inverse);
      if (seen.has(key)) continue;
      seen.add(key);
      edges.push({
        from: pair.from,
        to: pair.to,
        label: label.label,
        ...optional('inverseLabel', inverse),
        ...optional('limit', limitOf(pair.from, pair.to, label.label)),
        ...optional('inverseLimit', limitOf(pair.to, pair.from, inverse ?? label.label)),
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

/** From, to, then label edges (by text) before the platform types' limits: the same for any state. */
function sortEdges(edges: readonly GraphEdge[]): GraphEdge[] {
  const key = (e: GraphEdge) =>
    `${e.from}\u0000${e.to}\u0000${e.label === undefined ? `1${e.type ?? ''}` : `0${e.label}`}`;
  return [...edges].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/**
 * `graph` with each label edge drawn the way `reference` draws it (the manifests' direction): an edge
 * `reference` has from the other end is turned around, its texts and limits with it.
 */
export function orientLike(graph: AssociationGraph, reference: AssociationGraph): AssociationGraph {
  const reversed = (edge: GraphEdge) =>
    reference.edges.some(
      (r) =>
        r.from === edge.to &&
        r.to === edge.from &&
        r.label !== undefined &&
        (r.label === (edge.inverseLabel ?? edge.label) || r.inverseLabel === edge.label),
    ) && !reference.edges.some((r) => r.from === edge.from && r.to === edge.to && r.label === edge.label);
  const edges = graph.edges.map((edge) =>
    edge.label === undefined || !reversed(edge)
      ? edge
      : {
          from: edge.to,
          to: edge.from,
          label: edge.inverseLabel ?? edge.label,
          ...optional('inverseLabel', edge.inverseLabel === undefined ? undefined : edge.label),
          ...optional('limit', edge.inverseLimit),
          ...optional('inverseLimit', edge.limit),
          ...optional('mark', edge.mark),
        },
  );
  return { nodes: graph.nodes, edges: sortEdges(edges) };
}

/** A graph of the given edges. */
export function graphOfEdges(edges: readonly GraphEdge[]): AssociationGraph {
  return { nodes: nodesOf(edges), edges: [...edges] };
}

/** One key per label pair, whichever direction it is seen from. */
function edgeKey(from: string, to: string, label: string, inverse: string | undefined): string {
  const forward = `${from}\u0000${to}\u0000${label}\u0000${inverse ?? ''}`;
  const backward = `${to}\u0000${from}\u0000${inverse ?? label}\u0000${inverse === undefined ? '' : label}`;
  return from < to || (from === to && forward <= backward) ? forward : backward;
}

function nodesOf(edges: readonly GraphEdge[]): string[] {
  return [...new Set(edges.flatMap((e) => [e.from, e.to]))].sort();
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
