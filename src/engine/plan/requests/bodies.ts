/**
 * The request bodies every family builds the same way: an option (always all five fields, so the live
 * state after an apply equals the normalised desired state whatever the platform would fill in), and a
 * PATCH of changed fields. A family builds its creates in its folder.
 */
import type { NormalizedOption } from '../../model/schema-model.js';
import type { FieldChange } from '../change-types.js';
import type { JsonObject } from '../../../core/json.js';

export function optionBody(option: NormalizedOption): JsonObject {
  return {
    label: option.label,
    value: option.value,
    description: option.description,
    displayOrder: option.displayOrder,
    hidden: option.hidden,
  };
}

/**
 * A PATCH body: only the changed fields, with their new values; `options` as the whole new list (the
 * API replaces the list). An unset optional string (`null`) is sent as '' to clear it.
 */
export function patchBody(fields: readonly FieldChange[]): JsonObject {
  const body: JsonObject = {};
  for (const change of fields) body[change.field] = change.new === null ? '' : change.new;
  return body;
}
