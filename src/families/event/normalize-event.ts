/** Properties of custom event definitions into the normalised model. */
import type { EventDefinition, EventProperty, EventPropertyCreate } from '../../wire/api.js';
import { normalizeOptions, type OptionLike } from '../../engine/model/normalize-options.js';
import type { NormalizedEventDefinitionInfo, NormalizedEventProperty } from './event-shapes.js';

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

/** Drops every field the event property API cannot take (it takes label, type, description, name, options). */
export function fromApiEventProperty(property: EventProperty): NormalizedEventProperty {
  return normalizeEventProperty(property);
}

/** A manifest's `definition` block: the description defaults to ''; the primary object stays as written. */
export function normalizeEventDefinitionInfo(input: {
  label: string;
  description?: string | null;
  primaryObject?: string | null;
}): NormalizedEventDefinitionInfo {
  const info: NormalizedEventDefinitionInfo = { label: input.label, description: input.description ?? '' };
  if (typeof input.primaryObject === 'string') info.primaryObject = input.primaryObject;
  return info;
}

/** A definition read from the account: its singular label, description, primary object. */
export function fromApiEventDefinition(definition: EventDefinition): NormalizedEventDefinitionInfo {
  const info = normalizeEventDefinitionInfo({
    label: definition.labels.singular,
    description: definition.description,
    primaryObject: definition.primaryObject,
  });
  if (typeof definition.objectTypeId === 'string') info.objectTypeId = definition.objectTypeId;
  return info;
}
