/** Property groups into the normalised model. */
import type { PropertyGroup, PropertyGroupCreate } from '../../wire/api.js';
import { GROUP_DEFAULT_DISPLAY_ORDER } from '../../engine/model/defaults.js';
import type { NormalizedGroup } from './group-model.js';

export function normalizeGroup(group: PropertyGroupCreate | PropertyGroup): NormalizedGroup {
  return {
    name: group.name,
    label: group.label,
    displayOrder: group.displayOrder ?? GROUP_DEFAULT_DISPLAY_ORDER,
  };
}

/** Drops the response-only `archived` (the live reader keeps archived groups out of the state). */
export function fromApiGroup(group: PropertyGroup): NormalizedGroup {
  return normalizeGroup(group);
}
