/**
 * The property groups every account has for the well-known object types: a manifest may put a property
 * in one of them without declaring it (crm-schema never creates, changes or archives a built-in group).
 * Other object types (custom ones) have their groups in the account only, and a property in an
 * undeclared group of theirs is a warning: the group must exist there.
 */
export const BUILT_IN_GROUPS: Readonly<Record<string, readonly string[]>> = {
  contacts: ['contactinformation', 'emailinformation'],
  companies: ['companyinformation', 'company_activity'],
  deals: ['dealinformation', 'deal_activity'],
  tickets: ['ticketinformation', 'ticket_activity'],
  products: ['productinformation'],
  subscriptions: ['subscriptioninformation'],
  orders: ['orderinformation'],
  services: ['serviceinformation'],
  courses: ['courseinformation'],
  goal_targets: ['goaltargetinformation'],
  taxes: ['taxinformation'],
  partner_services: ['partnerserviceinformation'],
  projects: ['projectinformation'],
};

/** Whether `group` is a built-in group of the (canonical) object type. */
export function isBuiltInGroup(objectType: string, group: string): boolean {
  return Object.hasOwn(BUILT_IN_GROUPS, objectType) && (BUILT_IN_GROUPS[objectType] ?? []).includes(group);
}
