/**
 * `plan --ignore-unmanaged`: the plan looks for no live resource that the manifests do not name, whatever
 * the policy's `unmanaged` says (`report` lists them, `archive` plans their removal). For the plan of a
 * pull request, whose project file is the pull request's own: with it, editing `unmanaged` or widening
 * `manage` cannot make the plan list names of the account that no manifest gave.
 */
import { Flags } from '@oclif/core';
import type { Target } from './target.js';

export const ignoreUnmanagedFlag = {
  'ignore-unmanaged': Flags.boolean({
    summary:
      "Look for no live resource that the manifests do not name, whatever the policy's unmanaged: says (for a pull request's plan: its project file then cannot make the plan list other names of the account).",
    default: false,
  }),
};

/** The target with `unmanaged: ignore` when asked; as it is otherwise. */
export function withUnmanaged(target: Target, ignore: boolean): Target {
  if (!ignore) return target;
  return { ...target, policy: { ...target.policy, unmanaged: 'ignore' } };
}
