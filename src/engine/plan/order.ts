/**
 * The order of a plan: phase by phase (`phases.ts`); within a phase, by address (then type), except
 * that a change comes after the changes of the same phase it depends on. Deterministic: the same
 * changes in any input order give the same result. A dependency cycle (calculated properties whose
 * formulas use each other) is reported; its members keep their address order.
 */
import { depthFirst } from '../../core/graph.js';
import type { Change } from './change-types.js';
import { addressOf, idOf, phaseOf } from './kinds/registry.js';
import { phaseIndex } from './phase-order.js';
import type { Phase } from './phases.js';

export interface OrderResult<C extends Change> {
  ordered: C[];
  /** each cycle as the ids along it, the first repeated at the end */
  cycles: string[][];
}

interface Node<C> {
  change: C;
  id: string;
  address: string;
  phase: Phase;
}

export function orderChanges<C extends Change>(
  changes: readonly C[],
  dependsOn: ReadonlyMap<string, readonly string[]>,
): OrderResult<C> {
  const nodes = changes.map((change): Node<C> => ({
    change,
    id: idOf(change),
    address: addressOf(change),
    phase: phaseOf(change),
  }));
  nodes.sort(
    (a, b) =>
      phaseIndex(a.phase) - phaseIndex(b.phase) ||
      compare(a.address, b.address) ||
      compare(a.change.type, b.change.type),
  );
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const ordered: C[] = [];
  const cycles: string[][] = [];
  const samePhaseDependencies = (node: Node<C>): Node<C>[] =>
    (dependsOn.get(node.id) ?? [])
      .map((id) => byId.get(id))
      .filter((dep): dep is Node<C> => dep !== undefined && dep.phase === node.phase)
      .sort((a, b) => compare(a.address, b.address) || compare(a.change.type, b.change.type));
  depthFirst(nodes, samePhaseDependencies, {
    cycle: (path) => cycles.push(path.map((n) => n.id)),
    done: (node) => ordered.push(node.change),
  });
  return { ordered, cycles };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
