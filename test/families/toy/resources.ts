/** The toy family's one type of resource, a widget, as the engine asks of it (rollback, records, drift). */
import type { ResourceType } from '../../../src/engine/family.js';
import type { WidgetScope } from './live.js';
import { WidgetShape, widgetsIn, widgetsOf, type Widget } from './model.js';

interface WidgetRef {
  readonly kind: 'widget';
  readonly name: string;
  readonly [field: string]: unknown;
}

const widget: ResourceType<WidgetRef, WidgetScope> = {
  noun: 'widget',
  removal: 'archived',
  shape: WidgetShape,
  live: (ref, state) => widgetsIn(state)?.get(ref.name),
  owner: () => 'widgets',
  readBack: (_ref, scope) => {
    scope.read = true;
  },
  putBack: (ref, before, into) => {
    if (before === undefined) into.tombstones.push({ kind: 'widget', name: ref.name });
    else widgetsOf(into.state).set(ref.name, before as Widget);
  },
};

export const widgetResources = { widget };
