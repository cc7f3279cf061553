/**
 * The association graph: the object types in scope as nodes, each label pair as one edge (its text in
 * both directions) with its limits, and the limits of the platform's own types as edges of their own.
 * Built from a schema state by the family that holds the associations (`Family.graph`), or from the
 * changes of a plan that add, change or remove an edge (`ChangeKind.edge`), each edge then carrying what
 * the plan does to it.
 */

import { defined } from '../../core/defined.js';

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

/** From, to, then label edges (by text) before the platform types' limits: the same for any state. */
export function sortEdges(edges: readonly GraphEdge[]): GraphEdge[] {
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
          ...defined({
            inverseLabel: edge.inverseLabel === undefined ? undefined : edge.label,
            limit: edge.inverseLimit,
            inverseLimit: edge.limit,
            mark: edge.mark,
          }),
        },
  );
  return { nodes: graph.nodes, edges: sortEdges(edges) };
}

/** The graphs of several families drawn as one. */
export function mergeGraphs(graphs: readonly AssociationGraph[]): AssociationGraph {
  const edges = graphs.flatMap((graph) => graph.edges);
  return { nodes: nodesOf(edges), edges: sortEdges(edges) };
}

/** A graph of the given edges. */
export function graphOfEdges(edges: readonly GraphEdge[]): AssociationGraph {
  return { nodes: nodesOf(edges), edges: [...edges] };
}

/** One key per label pair, whichever direction it is seen from. */
export function edgeKey(from: string, to: string, label: string, inverse: string | undefined): string {
  const forward = `${from}\u0000${to}\u0000${label}\u0000${inverse ?? ''}`;
  const backward = `${to}\u0000${from}\u0000${inverse ?? label}\u0000${inverse === undefined ? '' : label}`;
  return from < to || (from === to && forward <= backward) ? forward : backward;
}

export function nodesOf(edges: readonly GraphEdge[]): string[] {
  return [...new Set(edges.flatMap((e) => [e.from, e.to]))].sort();
}
