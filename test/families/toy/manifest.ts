/**
 * The toy family's manifests: `kind: Widgets` documents listing widgets; `archived: true` with a name
 * makes an entry a tombstone.
 */
import { Type, constant, oneOfValues, ref, shared, type Static } from '../../../src/core/json-schema.js';
import type { SourceLocation } from '../../../src/core/source/source-location.js';
import type { ManifestPart } from '../../../src/engine/manifest-part.js';
import { at, entriesOf } from '../../../src/engine/manifest/model/items.js';
import { WIDGET_COLORS, widgetAddress, widgetsOf, type Widget } from './model.js';

export const WIDGETS_KIND = 'Widgets';

const WidgetEntryDef = shared(
  'WidgetEntry',
  Type.Object(
    {
      name: Type.String({ pattern: '^[a-z][a-z0-9_]*$', description: 'Internal name.' }),
      label: Type.Optional(Type.String({ minLength: 1, description: 'Name shown.' })),
      color: Type.Optional(oneOfValues(WIDGET_COLORS, 'Its colour.')),
      archived: Type.Optional(Type.Boolean({ description: '`true`: a tombstone, the widget is archived.' })),
    },
    {
      description: 'A widget, or with `archived: true` and only `name` a tombstone.',
      additionalProperties: false,
      if: { required: ['archived'], properties: { archived: { const: true } } },
      then: {},
      else: { required: ['label', 'color'] },
    },
  ),
);

export const WidgetsManifestDef = shared(
  'WidgetsManifest',
  Type.Object(
    {
      kind: constant(WIDGETS_KIND, 'Always `Widgets`.'),
      widgets: Type.Array(ref(WidgetEntryDef), { description: 'The widgets.', minItems: 1 }),
    },
    { description: 'Widgets.', additionalProperties: false },
  ),
);

type WidgetEntry = Static<typeof WidgetEntryDef>;

interface Declared {
  entry: WidgetEntry;
  source: SourceLocation;
}

export const widgetManifest: ManifestPart<Map<string, Declared>> = {
  documents: [
    {
      kind: WIDGETS_KIND,
      summary: 'widgets',
      schema: WidgetsManifestDef,
      lists: [{ key: 'widgets', tombstone: { flag: 'archived', keys: ['name', 'archived'] } }],
      about: () => 'widgets',
      keyOrder: ['kind', 'widgets'],
      newFile: { name: () => 'widgets.yaml', shared: true },
      header: () => ({}),
    },
  ],
  defs: [WidgetsManifestDef, WidgetEntryDef],
  codes: { DUPLICATE_WIDGET: { step: 'meaning', severity: 'error', summary: 'a widget is declared twice' } },
  declare: (items, { claim }) => {
    const declared = new Map<string, Declared>();
    for (const { entry, ref: where } of entriesOf<WidgetEntry>(items, WIDGETS_KIND, 'widgets')) {
      if (!claim(`widget ${entry.name}`, where, 'name', 'DUPLICATE_WIDGET', `widget '${entry.name}'`))
        continue;
      declared.set(entry.name, { entry, source: at(where) });
    }
    return declared;
  },
  rules: [],
  desire: (declared, out) => {
    for (const { entry, source } of declared.values()) {
      out.sources.set(widgetAddress(entry.name), source);
      if (entry.archived === true) out.tombstones.push({ kind: 'widget', name: entry.name, source });
      else widgetsOf(out.state).set(entry.name, entry as Widget);
    }
  },
};
