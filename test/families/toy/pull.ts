/**
 * The toy family's part of `pull`: it refreshes the declared widgets from the account, removes entries of
 * widgets gone, and adds live widgets whose name starts with an entry of `policy.manage.widgets` (the
 * managed scope: never another team's).
 */
import { tombstonesOfKind } from '../../../src/engine/model/desired-state.js';
import type { PullPart } from '../../../src/engine/pull-part.js';
import { mergeNamedEntries } from '../../../src/engine/pull/merge-named-entries.js';
import { appendEntry, setValue } from '../../../src/engine/pull/yaml-edit.js';
import type { WidgetScope } from './live.js';
import { WIDGETS_KIND } from './manifest.js';
import { widgetAddress, widgetsIn, widgetsOf, type Widget } from './model.js';

interface WidgetPull {
  live: Map<string, Widget>;
  add: Widget[];
}

const ORDER = ['name', 'label', 'color', 'archived'];

export const widgetPull: PullPart<WidgetScope, WidgetScope> = {
  scope: (ctx) => ({
    read:
      (ctx.manage.widgets?.length ?? 0) > 0 ||
      (widgetsIn(ctx.desired.state)?.size ?? 0) > 0 ||
      tombstonesOfKind(ctx.desired, 'widget').length > 0,
  }),
  isEmpty: (scope) => !scope.read,
  liveScope: (scope, into) => {
    into.read ||= scope.read;
  },
  select: (live, _scope, ctx): WidgetPull => {
    const declared = new Set(widgetsIn(ctx.desired.state)?.keys());
    for (const tombstone of tombstonesOfKind(ctx.desired, 'widget')) declared.add(String(tombstone.name));
    const prefixes = ctx.manage.widgets ?? [];
    const all = widgetsOf(live);
    const add = [...all.values()].filter(
      (w) =>
        !declared.has(w.name) &&
        !ctx.held.has(widgetAddress(w.name)) &&
        prefixes.some((prefix) => w.name.startsWith(prefix)),
    );
    return { live: all, add };
  },
  merge: (set, selection, rec, ctx) => {
    const { live, add } = selection as WidgetPull;
    const docs = set.docs(WIDGETS_KIND, 'widgets');
    for (const ref of docs) {
      mergeNamedEntries(ref, 'widgets', rec, {
        held: ctx.held,
        tombstone: 'archived',
        address: widgetAddress,
        live: (name) => live.get(name),
        update: (entry, current) => {
          let changed = false;
          for (const field of ['label', 'color'] as const)
            changed = setValue(ref.doc, entry, field, current[field], ORDER) || changed;
          return changed;
        },
      });
    }
    let first = docs[0];
    for (const widget of add) {
      first ??= set.addDocument(WIDGETS_KIND, 'widgets');
      appendEntry(first.doc, first.map, 'widgets', { ...widget }, set.keyOrder(WIDGETS_KIND));
      rec.add(widgetAddress(widget.name), first.file);
    }
  },
};
