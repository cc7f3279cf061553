/**
 * The toy family: widgets. Everything about them is in this folder; the tests add it to the family list
 * (`installFamilies([...ALL_FAMILIES, widgetFamily])`) and nothing else, and every command works with it.
 */
import { Type } from '../../../src/core/json-schema.js';
import type { Family } from '../../../src/engine/family.js';
import { tombstonesOf, type DiffContext } from '../../../src/engine/plan/diff/diff-context.js';
import { diffFields } from '../../../src/engine/plan/diff/field-diff.js';
import { WIDGET_KINDS } from './kinds.js';
import { widgetLive, type WidgetScope } from './live.js';
import { widgetManifest } from './manifest.js';
import { widgetAddress, widgetsIn, widgetsOf } from './model.js';
import { widgetPull } from './pull.js';
import { widgetResources } from './resources.js';

function diffWidgets(ctx: DiffContext): void {
  const live = widgetsOf(ctx.live);
  const desired = widgetsIn(ctx.desired.state) ?? new Map();
  for (const widget of desired.values()) {
    const current = live.get(widget.name);
    if (current === undefined) {
      ctx.changes.push({ type: 'widget.create', meta: { widget } });
      continue;
    }
    const fields = diffFields(current, widget, ['label', 'color']);
    if (fields.length > 0) ctx.changes.push({ type: 'widget.update', meta: { name: widget.name, fields } });
  }
  for (const tombstone of tombstonesOf(ctx, 'widget').values()) {
    const name = String(tombstone.name);
    const current = live.get(name);
    if (current !== undefined && !desired.has(name))
      ctx.changes.push({ type: 'widget.archive', meta: { name, cause: 'tombstone', widget: current } });
  }
  // the unmanaged policy: a live widget in the managed scope that no manifest names
  const prefixes = ctx.policy.manage.widgets ?? [];
  if (ctx.policy.unmanaged !== 'archive') return;
  for (const current of live.values()) {
    const named = desired.has(current.name) || tombstonesOf(ctx, 'widget').has(widgetAddress(current.name));
    if (!named && prefixes.some((prefix) => current.name.startsWith(prefix)))
      ctx.changes.push({
        type: 'widget.archive',
        meta: { name: current.name, cause: 'unmanaged', widget: current },
      });
  }
}

export const widgetFamily: Family<WidgetScope> = {
  name: 'widget',
  description: 'widgets (a toy family of the tests)',
  kinds: WIDGET_KINDS,
  resources: widgetResources,
  tombstones: { widget: (t: { name: string }) => widgetAddress(t.name) },
  phases: { build: ['widgets.write'], tearDown: ['widgets.archive'] },
  live: widgetLive,
  addresses: (state) => [...(widgetsIn(state)?.keys() ?? [])].map(widgetAddress),
  diff: diffWidgets,
  manifest: widgetManifest,
  pull: widgetPull,
  manage: [
    {
      key: 'widgets',
      schema: Type.Array(Type.String({ minLength: 1 }), {
        description: 'Name prefixes of the widgets the project owns.',
        uniqueItems: true,
      }),
    },
  ],
};
