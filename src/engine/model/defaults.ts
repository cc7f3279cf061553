/**
 * The platform's defaults, filled into both desired and live state so that a property declared with
 * few fields and the same property as the API returns it compare equal (and a plan right after an
 * apply is empty). The platform fills `displayOrder: -1`, `options: []`,
 * `dataSensitivity: "non_sensitive"` on create; the boolean flags default to false.
 */
import type { DataSensitivity } from '../../wire/api.js';

export const PROPERTY_DEFAULTS = {
  description: '',
  displayOrder: -1,
  dataSensitivity: 'non_sensitive' satisfies DataSensitivity,
  externalOptions: false,
  formField: false,
  hasUniqueValue: false,
  hidden: false,
} as const;

export const GROUP_DEFAULT_DISPLAY_ORDER = -1;

export const OPTION_DEFAULTS = {
  description: '',
  hidden: false,
} as const;

/**
 * The `displayOrder` of an option that does not give one: its 0-based position in the list.
 * The platform does not document what it fills in; this is the one place to change
 * if it turns out to differ. The planner always sends every option field explicitly, so whatever the
 * platform would fill, the live state after an apply equals the normalised desired state.
 */
export function defaultOptionDisplayOrder(index: number): number {
  return index;
}
