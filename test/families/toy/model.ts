/**
 * A toy resource family, built by the tests alone to prove that a family is added through the family
 * list and nothing else: widgets, flat named things with a label and a colour, served by a toy API
 * (server.ts) beside the emulator. Its model: the slice of a state, its address, its shape.
 */
import { Type, oneOfValues, shared, type Static } from '../../../src/core/json-schema.js';
import { sliceIn, sliceOf, type SchemaState, type SliceKey } from '../../../src/engine/model/schema-model.js';

export const WIDGET_COLORS = ['red', 'green', 'blue'] as const;

export const WidgetShape = shared(
  'toyWidget',
  Type.Object(
    {
      name: Type.String({ description: 'Internal name.', pattern: '^[a-z][a-z0-9_]*$' }),
      label: Type.String({ description: 'Name shown.', minLength: 1 }),
      color: oneOfValues(WIDGET_COLORS, 'Its colour.'),
    },
    { description: 'A widget.', additionalProperties: false },
  ),
);

export type Widget = Static<typeof WidgetShape>;

/** The family's slice: widgets by name. */
export type Widgets = Map<string, Widget>;

export const WIDGETS: SliceKey<Widgets> = { family: 'widget', empty: () => new Map() };

export const widgetsOf = (state: SchemaState): Widgets => sliceOf(state, WIDGETS);
export const widgetsIn = (state: SchemaState): Widgets | undefined => sliceIn(state, WIDGETS);
export const widgetAddress = (name: string) => `widget:${name}`;
/** The toy API's paths. */
export const WIDGETS_PATH = '/toy/v1/widgets';
export const widgetPath = (name: string) => `${WIDGETS_PATH}/${encodeURIComponent(name)}`;
