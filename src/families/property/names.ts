/** The platform's rules for the internal names of properties and groups (as their manifest shapes say). */
import type { NameRule } from '../../engine/model/platform-names.js';

export const PROPERTY_NAME: NameRule = { noun: 'property', maxLength: 100 };
export const GROUP_NAME: NameRule = { noun: 'group', maxLength: 100 };
