/**
 * How the toy family reads the account: one GET lists every widget (the toy API has no paging), so a
 * scope is only whether to read them. The answer is shape-checked like every answer.
 */
import type { CrmClient } from '../../../src/api/client.js';
import type { LivePart } from '../../../src/engine/family.js';
import { tombstonesOfKind, type Tombstone } from '../../../src/engine/model/desired-state.js';
import { WIDGETS_PATH, widgetsIn, widgetsOf, type Widget } from './model.js';

/** Read the widgets or not. */
export interface WidgetScope {
  read: boolean;
}

function isWidget(value: unknown): value is Widget {
  if (typeof value !== 'object' || value === null) return false;
  const { name, label, color } = value as Record<string, unknown>;
  return typeof name === 'string' && typeof label === 'string' && typeof color === 'string';
}

export async function readWidgets(client: CrmClient, into: Map<string, Widget>): Promise<void> {
  const answer = await client.request<{ results: unknown[] }>({
    method: 'GET',
    path: WIDGETS_PATH,
    retry: 'safe',
  });
  for (const widget of answer.results.filter(isWidget))
    into.set(widget.name, { name: widget.name, label: widget.label, color: widget.color });
}

export const widgetLive: LivePart<WidgetScope> = {
  emptyScope: () => ({ read: false }),
  fromDesired: (desired, policy, scope) => {
    const tombstones: Tombstone[] = tombstonesOfKind(desired, 'widget');
    if (
      (widgetsIn(desired.state)?.size ?? 0) > 0 ||
      tombstones.length > 0 ||
      (policy.manage.widgets?.length ?? 0) > 0
    )
      scope.read = true;
  },
  merge: (into, other) => {
    into.read ||= other.read;
  },
  isEmpty: (scope) => !scope.read,
  read: async (client, scope, state) => {
    if (scope.read) await readWidgets(client, widgetsOf(state));
  },
  calls: (scope) => (scope.read ? 1 : 0),
};
