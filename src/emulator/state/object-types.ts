/**
 * Object types the emulator knows from the start. Ids are the platform's; where it documents
 * no id (goal targets, taxes, partner services, projects) the emulator assigns its own, marked below.
 * A seed file may add custom object types (ids `2-...`).
 */
export interface ObjectTypeInfo {
  objectTypeId: string;
  name: string;
  /** the property shown as the record's primary label */
  primaryProperty: string;
}

export const BUILT_IN_OBJECT_TYPES: readonly ObjectTypeInfo[] = [
  { objectTypeId: '0-1', name: 'contacts', primaryProperty: 'email' },
  { objectTypeId: '0-2', name: 'companies', primaryProperty: 'name' },
  { objectTypeId: '0-3', name: 'deals', primaryProperty: 'dealname' },
  { objectTypeId: '0-5', name: 'tickets', primaryProperty: 'subject' },
  { objectTypeId: '0-7', name: 'products', primaryProperty: 'name' },
  { objectTypeId: '0-69', name: 'subscriptions', primaryProperty: 'hs_name' },
  { objectTypeId: '0-123', name: 'orders', primaryProperty: 'hs_order_name' },
  { objectTypeId: '0-162', name: 'services', primaryProperty: 'hs_name' },
  { objectTypeId: '0-410', name: 'courses', primaryProperty: 'hs_course_name' },
  // ids assigned by the emulator (not documented by the platform):
  { objectTypeId: '0-74', name: 'goal_targets', primaryProperty: 'hs_goal_name' },
  { objectTypeId: '0-83', name: 'taxes', primaryProperty: 'hs_label' },
  { objectTypeId: '0-420', name: 'partner_services', primaryProperty: 'hs_name' },
  { objectTypeId: '0-970', name: 'projects', primaryProperty: 'hs_name' },
];
