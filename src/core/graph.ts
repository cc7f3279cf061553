/**
 * Depth-first search without recursion, so that a chain of thousands of nodes (calculated properties
 * whose formulas use each other one after another) never exhausts the call stack.
 */
import { at, must } from './must.js';

export interface DepthFirstCallbacks<N> {
  /** an edge back to a node on the current path: that part of the path, the node repeated at its end */
  cycle?(path: readonly N[]): void;
  /** a node and everything it leads to are done (post-order) */
  done?(node: N): void;
}

export function depthFirst<N>(
  roots: Iterable<N>,
  next: (node: N) => Iterable<N>,
  callbacks: DepthFirstCallbacks<N>,
): void {
  const state = new Map<N, 'visiting' | 'done'>();
  for (const root of roots) {
    if (state.has(root)) continue;
    state.set(root, 'visiting');
    const path: N[] = [root];
    const stack: Iterator<N>[] = [next(root)[Symbol.iterator]()];
    while (stack.length > 0) {
      const step = at(stack, stack.length - 1).next();
      if (step.done === true) {
        stack.pop();
        const node = must(path.pop(), 'the node of the path');
        state.set(node, 'done');
        callbacks.done?.(node);
        continue;
      }
      const node = step.value;
      const seen = state.get(node);
      if (seen === 'visiting') {
        callbacks.cycle?.([...path.slice(path.indexOf(node)), node]);
      } else if (seen === undefined) {
        state.set(node, 'visiting');
        path.push(node);
        stack.push(next(node)[Symbol.iterator]());
      }
    }
  }
}
