/**
 * The order of a plan: phase by phase (`phases.ts`); within a phase, by address (then type), except
 * that a change comes after the changes of the same phase it depends on. Deterministic: the same
 * changes in any input order give the same result. A dependency cycle (calculated properties whose
 * formulas use each other) is reported; its members keep their address order.
 */
import type { Change } from './change-types.js';
import { addressOf, idOf, phaseOf } from './kinds/registry.js';
import { phaseIndex, type Phase } from './phases.js';

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
  const state = new Map<string, 'visiting' | 'done'>();
  const ordered: C[] = [];
  const cycles: string[][] = [];
  const path: string[] = [];

  const visit = (node: Node<C>): void => {
    const seen = state.get(node.id);
    if (seen === 'done') return;
    if (seen === 'visiting') {
      cycles.push([...path.slice(path.indexOf(node.id)), node.id]);
      return;
    }
    state.set(node.id, 'visiting');
    path.push(node.id);
    const deps = (dependsOn.get(node.id) ?? [])
      .map((id) => byId.get(id))
      .filter((dep): dep is Node<C> => dep !== undefined && dep.phase === node.phase)
      .sort((a, b) => compare(a.address, b.address) || compare(a.change.type, b.change.type));
    for (const dep of deps) visit(dep);
    path.pop();
    state.set(node.id, 'done');
    ordered.push(node.change);
  };
  for (const node of nodes) visit(node);
  return { ordered, cycles };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
