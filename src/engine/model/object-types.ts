/**
 * Object types are addressed by name (`tickets`) or by id (`0-5`); the model keys everything by one
 * canonical name so that both spellings address the same thing. The table holds the ids the platform
 * documents plus the three classic CRM objects; unknown names and ids (custom objects such as `2-123`,
 * or types whose id is not documented) pass through unchanged.
 */
export interface WellKnownObjectType {
  name: string;
  objectTypeId: string;
}

export const WELL_KNOWN_OBJECT_TYPES: readonly WellKnownObjectType[] = [
  { name: 'contacts', objectTypeId: '0-1' },
  { name: 'companies', objectTypeId: '0-2' },
  { name: 'deals', objectTypeId: '0-3' },
  { name: 'tickets', objectTypeId: '0-5' },
  { name: 'products', objectTypeId: '0-7' },
  { name: 'subscriptions', objectTypeId: '0-69' },
  { name: 'orders', objectTypeId: '0-123' },
  { name: 'services', objectTypeId: '0-162' },
  { name: 'courses', objectTypeId: '0-410' },
];

const NAME_BY_ID = new Map(WELL_KNOWN_OBJECT_TYPES.map((t) => [t.objectTypeId, t.name]));
const ID_BY_NAME = new Map(WELL_KNOWN_OBJECT_TYPES.map((t) => [t.name, t.objectTypeId]));

/** `0-5`, `tickets` and `TICKETS` all give `tickets`; anything unknown is returned as given. */
export function canonicalObjectType(nameOrId: string): string {
  const byId = NAME_BY_ID.get(nameOrId);
  if (byId !== undefined) return byId;
  const lower = nameOrId.toLowerCase();
  return ID_BY_NAME.has(lower) ? lower : nameOrId;
}

/** The id of a well-known object type (`tickets` -> `0-5`), or undefined when the table does not know it. */
export function objectTypeIdOf(nameOrId: string): string | undefined {
  return ID_BY_NAME.get(canonicalObjectType(nameOrId));
}

/**
 * Names of the platform's standard object types, beyond the table above (whose ids are documented). A
 * manifest naming anything else by name must be a custom object type the project declares.
 */
export const PLATFORM_OBJECT_TYPE_NAMES: readonly string[] = [
  ...WELL_KNOWN_OBJECT_TYPES.map((t) => t.name),
  'goal_targets',
  'taxes',
  'partner_services',
  'projects',
  'line_items',
  'quotes',
  'calls',
  'emails',
  'meetings',
  'notes',
  'tasks',
  'communications',
  'postal_mail',
  'feedback_submissions',
  'leads',
  'carts',
  'invoices',
  'payments',
  'discounts',
  'fees',
  'listings',
  'appointments',
  'users',
  'marketing_events',
  'commerce_payments',
];

const PLATFORM_NAMES = new Set(PLATFORM_OBJECT_TYPE_NAMES);
/** an object type id (`0-5`, `2-123`), or a custom object's fully qualified name (`p123456_cars`) */
const ID_FORMS = /^(\d+-\d+|p\d+_[a-z0-9_]+)$/;

/** Whether `nameOrId` names an object type: the platform's (any case), an id, or one of `declared`. */
export function isKnownObjectType(nameOrId: string, declared: readonly string[]): boolean {
  return PLATFORM_NAMES.has(nameOrId.toLowerCase()) || ID_FORMS.test(nameOrId) || declared.includes(nameOrId);
}

/** `tickets->orders`: an ordered pair of object types (records of one linked to records of the other). */
export function pairKey(from: string, to: string): string {
  return `${canonicalObjectType(from)}->${canonicalObjectType(to)}`;
}

/** `tickets.escalation_level`: a field of an object type's records (a property). */
export function fieldAddress(objectType: string, name: string): string {
  return `${objectType}.${name}`;
}
