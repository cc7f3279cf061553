/** Properties of custom event definitions into the normalised model. */
import type { EventProperty, EventPropertyCreate } from '../types/api.js';
import { normalizeOptions, type OptionLike } from './normalize-options.js';
import type { NormalizedEventProperty } from './schema-model.js';

export type EventPropertyLike = Pick<EventPropertyCreate, 'label'> & {
  name: string;
  type: string;
  description?: string | null;
  options?: readonly OptionLike[] | null;
};

export function normalizeEventProperty(input: EventPropertyLike): NormalizedEventProperty {
  return {
    name: input.name,
    label: input.label,
    type: input.type,
    description: input.description ?? '',
    options: normalizeOptions(input.options),
  };
}

/** Drops every field the event property API cannot take (4.17: label, type, description, name, options). */
export function fromApiEventProperty(property: EventProperty): NormalizedEventProperty {
  return normalizeEventProperty(property);
}
