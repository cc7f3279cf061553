/** The platform's rules for the internal names of event definitions and their properties. */
import type { NameRule } from '../../engine/model/platform-names.js';

export const EVENT_NAME: NameRule = { noun: 'event definition', maxLength: 100 };
export const EVENT_PROPERTY_NAME: NameRule = { noun: 'event property', maxLength: 50 };
