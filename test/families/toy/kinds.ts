/** The toy family's change kinds: a widget created, updated in place, archived. */
import { ref } from '../../../src/core/json-schema.js';
import { removalCause } from '../../../src/engine/plan/change-shapes.js';
import { fieldNames, type ChangeKind, type KindChange } from '../../../src/engine/plan/kinds/change-kind.js';
import { created, removed, updated } from '../../../src/engine/plan/kinds/end-state.js';
import { fieldsField, metaObject } from '../../../src/engine/plan/kinds/meta-fields.js';
import { patchBody } from '../../../src/engine/plan/requests/bodies.js';
import { Type } from '../../../src/core/json-schema.js';
import { WIDGETS_PATH, WidgetShape, widgetAddress, widgetPath } from './model.js';

const WidgetCreateMeta = metaObject('Create a widget.', {
  widget: ref(WidgetShape, 'The widget to create.'),
});
const WidgetUpdateMeta = metaObject('Change a widget in place.', {
  name: Type.String({ description: "The widget's name." }),
  fields: fieldsField,
});
const WidgetArchiveMeta = metaObject('Archive a widget.', {
  name: Type.String({ description: "The widget's name." }),
  cause: removalCause(),
  widget: ref(WidgetShape, 'The widget as it is live.'),
});

type WidgetCreate = KindChange<'widget.create', typeof WidgetCreateMeta>;
type WidgetUpdate = KindChange<'widget.update', typeof WidgetUpdateMeta>;
type WidgetArchive = KindChange<'widget.archive', typeof WidgetArchiveMeta>;

export const widgetCreate: ChangeKind<WidgetCreate> = {
  type: 'widget.create',
  meta: WidgetCreateMeta,
  target: (m) => ({ kind: 'widget', name: m.widget.name }),
  action: () => 'create',
  address: (m) => widgetAddress(m.widget.name),
  message: (m) => `Create widget ${widgetAddress(m.widget.name)} "${m.widget.label}"`,
  severity: () => ({ severity: 'safe', reason: 'adds a widget' }),
  phase: () => 'widgets.write',
  requests: (m) => [{ method: 'POST', path: WIDGETS_PATH, body: { ...m.widget } }],
  creates: () => true,
  removes: false,
  endState: (m, found) => created(m.widget, found),
  details: (m) => [{ kind: 'value', field: 'color', value: m.widget.color }],
};

export const widgetUpdate: ChangeKind<WidgetUpdate> = {
  type: 'widget.update',
  meta: WidgetUpdateMeta,
  target: (m) => ({ kind: 'widget', name: m.name }),
  action: () => 'update',
  address: (m) => widgetAddress(m.name),
  message: (m) => `Update widget ${widgetAddress(m.name)}: ${fieldNames(m.fields)}`,
  severity: () => ({ severity: 'safe', reason: 'changes a widget in place' }),
  phase: () => 'widgets.write',
  requests: (m) => [{ method: 'PATCH', path: widgetPath(m.name), body: patchBody(m.fields) }],
  creates: () => false,
  removes: false,
  endState: (m, found) => updated(m.fields, found),
  details: (m) => [{ kind: 'fields', fields: m.fields }],
  fields: (m) => m.fields,
};

export const widgetArchive: ChangeKind<WidgetArchive> = {
  type: 'widget.archive',
  meta: WidgetArchiveMeta,
  target: (m) => ({ kind: 'widget', name: m.name }),
  action: () => 'remove',
  address: (m) => widgetAddress(m.name),
  message: (m) => `Archive widget ${widgetAddress(m.name)}`,
  severity: () => ({ severity: 'dangerous', reason: 'removes a widget (it can be restored)' }),
  phase: () => 'widgets.archive',
  requests: (m) => [{ method: 'DELETE', path: widgetPath(m.name) }],
  creates: () => false,
  removes: true,
  removalVerb: 'archive',
  endState: (_m, found) => removed(found),
  cause: (m) => m.cause,
};

export const WIDGET_KINDS = [widgetCreate, widgetUpdate, widgetArchive] as const;
