/** The fields the metas of several kinds share, declared once with their descriptions. */
import { Type, oneOfValues, ref, type TProperties } from '../../../core/json-schema.js';
import { CONFLICT_RESOLUTIONS } from '../../model/desired-state.js';
import { FieldChangeShape } from '../change-shapes.js';

/** A kind's meta: an object of exactly these keys. */
export function metaObject<P extends TProperties>(description: string, properties: P) {
  return Type.Object(properties, { description, additionalProperties: false });
}

export const objectTypeField = Type.String({
  description: 'Canonical object type name, e.g. `tickets` (ids of well-known types are mapped to names).',
});

export const fromField = Type.String({
  description: 'Canonical name of the object type the association goes from.',
});

export const toField = Type.String({
  description: 'Canonical name of the object type the association goes to.',
});

export const eventNameField = Type.String({ description: 'Event definition name.' });

export const fieldsField = Type.Array(ref(FieldChangeShape, 'A changed field.'), {
  description: 'Every changed field with its live (`old`) and desired (`new`) value.',
});

/** A data step's decision on values it did not write (`onConflict` in the manifest). */
export function onConflictField(description: string) {
  return Type.Optional(oneOfValues(CONFLICT_RESOLUTIONS, description));
}
