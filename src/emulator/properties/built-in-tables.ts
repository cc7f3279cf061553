/**
 * The built-in (platformDefined) property groups and properties a fresh account has, as data: one
 * table shared by every object type and one per object type. `state/built-in-properties.ts` turns
 * them into stored definitions. Names and labels follow the platform's own where they are public.
 */
import type { FieldType, PropertyType } from '../../wire/api.js';

export interface BuiltInPropertySpec {
  name: string;
  label: string;
  type: PropertyType;
  fieldType: FieldType;
  description?: string;
  /** [label, value] pairs */
  options?: readonly (readonly [string, string])[];
  /** the platform sets the value; record writes naming it are refused */
  readOnlyValue?: boolean;
  formField?: boolean;
  /** options are the account's users (externalOptions true, referencedObjectType OWNER) */
  owner?: boolean;
  /** a group of the type's table; default: its first group */
  group?: string;
}

export interface BuiltInGroupSpec {
  name: string;
  label: string;
}

export interface BuiltInTable {
  /** the first group holds every property that names no group */
  groups: readonly BuiltInGroupSpec[];
  properties: readonly BuiltInPropertySpec[];
}

const text = (
  name: string,
  label: string,
  extra: Partial<BuiltInPropertySpec> = {},
): BuiltInPropertySpec => ({
  name,
  label,
  type: 'string',
  fieldType: 'text',
  ...extra,
});
const textarea = (name: string, label: string): BuiltInPropertySpec => ({
  name,
  label,
  type: 'string',
  fieldType: 'textarea',
});
const number = (name: string, label: string): BuiltInPropertySpec => ({
  name,
  label,
  type: 'number',
  fieldType: 'number',
});
const date = (name: string, label: string): BuiltInPropertySpec => ({
  name,
  label,
  type: 'date',
  fieldType: 'date',
});
const datetime = (
  name: string,
  label: string,
  extra: Partial<BuiltInPropertySpec> = {},
): BuiltInPropertySpec => ({
  name,
  label,
  type: 'datetime',
  fieldType: 'date',
  ...extra,
});
const select = (
  name: string,
  label: string,
  options: readonly (readonly [string, string])[],
  fieldType: FieldType = 'select',
): BuiltInPropertySpec => ({ name, label, type: 'enumeration', fieldType, options });

/** Every object type has these (plus its primary property). */
export const COMMON_BUILT_INS: readonly BuiltInPropertySpec[] = [
  {
    ...number('hs_object_id', 'Record ID'),
    description: 'The unique ID of this record, set by the platform.',
    readOnlyValue: true,
  },
  datetime('createdate', 'Create Date', {
    description: 'The date and time this record was created, set by the platform.',
    readOnlyValue: true,
  }),
  datetime('hs_createdate', 'Object create date/time', {
    description: 'The date and time this record was created, set by the platform.',
    readOnlyValue: true,
  }),
  datetime('hs_lastmodifieddate', 'Last Modified Date', {
    description: 'The most recent time a property of this record changed, set by the platform.',
    readOnlyValue: true,
  }),
  {
    name: 'hubspot_owner_id',
    label: 'Owner',
    type: 'enumeration',
    fieldType: 'select',
    description: 'The user this record is assigned to.',
    owner: true,
  },
];

const lastActivity = (group: string): BuiltInPropertySpec =>
  datetime('notes_last_updated', 'Last Activity Date', { readOnlyValue: true, group });

/** Per object type name. A type missing here gets an info group and its primary property only. */
export const BUILT_IN_TABLES: Readonly<Record<string, BuiltInTable>> = {
  contacts: {
    groups: [
      { name: 'contactinformation', label: 'Contact information' },
      { name: 'emailinformation', label: 'Email information' },
    ],
    properties: [
      text('email', 'Email', { formField: true }),
      text('firstname', 'First Name', { formField: true }),
      text('lastname', 'Last Name', { formField: true }),
      { name: 'phone', label: 'Phone Number', type: 'string', fieldType: 'phonenumber', formField: true },
      text('hs_email_domain', 'Email Domain', { readOnlyValue: true, group: 'emailinformation' }),
    ],
  },
  companies: {
    groups: [
      { name: 'companyinformation', label: 'Company information' },
      { name: 'company_activity', label: 'Company activity' },
    ],
    properties: [
      text('name', 'Company name'),
      text('domain', 'Company Domain Name'),
      number('numberofemployees', 'Number of Employees'),
      lastActivity('company_activity'),
    ],
  },
  deals: {
    groups: [
      { name: 'dealinformation', label: 'Deal information' },
      { name: 'deal_activity', label: 'Deal activity' },
    ],
    properties: [
      text('dealname', 'Deal Name'),
      number('amount', 'Amount'),
      select('pipeline', 'Pipeline', [['Sales Pipeline', 'default']]),
      select(
        'dealstage',
        'Deal Stage',
        [
          ['Appointment Scheduled', 'appointmentscheduled'],
          ['Qualified To Buy', 'qualifiedtobuy'],
          ['Presentation Scheduled', 'presentationscheduled'],
          ['Decision Maker Bought-In', 'decisionmakerboughtin'],
          ['Contract Sent', 'contractsent'],
          ['Closed Won', 'closedwon'],
          ['Closed Lost', 'closedlost'],
        ],
        'radio',
      ),
      datetime('closedate', 'Close Date'),
      lastActivity('deal_activity'),
    ],
  },
  tickets: {
    groups: [
      { name: 'ticketinformation', label: 'Ticket information' },
      { name: 'ticket_activity', label: 'Ticket activity' },
    ],
    properties: [
      text('subject', 'Ticket name'),
      textarea('content', 'Ticket description'),
      select('hs_pipeline', 'Pipeline', [['Support Pipeline', '0']]),
      select(
        'hs_pipeline_stage',
        'Ticket status',
        [
          ['New', '1'],
          ['Waiting on contact', '2'],
          ['Waiting on us', '3'],
          ['Closed', '4'],
        ],
        'radio',
      ),
      select('hs_ticket_priority', 'Priority', [
        ['Low', 'LOW'],
        ['Medium', 'MEDIUM'],
        ['High', 'HIGH'],
      ]),
      lastActivity('ticket_activity'),
    ],
  },
  products: {
    groups: [{ name: 'productinformation', label: 'Product information' }],
    properties: [
      text('name', 'Name'),
      number('price', 'Unit price'),
      textarea('description', 'Description'),
      text('hs_sku', 'SKU'),
    ],
  },
  subscriptions: {
    groups: [{ name: 'subscriptioninformation', label: 'Subscription information' }],
    properties: [
      text('hs_name', 'Name'),
      select('hs_status', 'Status', [
        ['Active', 'active'],
        ['Past due', 'past_due'],
        ['Canceled', 'canceled'],
        ['Expired', 'expired'],
        ['Scheduled', 'scheduled'],
      ]),
      date('hs_next_payment_due_date', 'Next payment due date'),
    ],
  },
  orders: {
    groups: [{ name: 'orderinformation', label: 'Order information' }],
    properties: [
      text('hs_order_name', 'Name'),
      number('hs_total_price', 'Total'),
      text('hs_currency_code', 'Currency code'),
    ],
  },
  services: {
    groups: [{ name: 'serviceinformation', label: 'Service information' }],
    properties: [
      text('hs_name', 'Name'),
      textarea('hs_description', 'Description'),
      date('hs_target_due_date', 'Target due date'),
    ],
  },
  courses: {
    groups: [{ name: 'courseinformation', label: 'Course information' }],
    properties: [text('hs_course_name', 'Course name'), textarea('hs_description', 'Description')],
  },
  goal_targets: {
    groups: [{ name: 'goaltargetinformation', label: 'Goal target information' }],
    properties: [
      text('hs_goal_name', 'Goal name'),
      number('hs_target_amount', 'Target amount'),
      datetime('hs_start_datetime', 'Start date'),
      datetime('hs_end_datetime', 'End date'),
    ],
  },
  taxes: {
    groups: [{ name: 'taxinformation', label: 'Tax information' }],
    properties: [
      text('hs_label', 'Label'),
      select('hs_type', 'Type', [
        ['Percent', 'PERCENT'],
        ['Fixed', 'FIXED'],
      ]),
      number('hs_value', 'Value'),
    ],
  },
  partner_services: {
    groups: [{ name: 'partnerserviceinformation', label: 'Partner service information' }],
    properties: [text('hs_name', 'Name'), textarea('hs_description', 'Description')],
  },
  projects: {
    groups: [{ name: 'projectinformation', label: 'Project information' }],
    properties: [
      text('hs_name', 'Project name'),
      textarea('hs_description', 'Description'),
      date('hs_target_due_date', 'Target due date'),
    ],
  },
};

/** The table of an object type; a type without one (e.g. a custom type from a seed file) gets a default. */
export function builtInTable(objectTypeName: string, primaryProperty: string): BuiltInTable {
  const table = Object.hasOwn(BUILT_IN_TABLES, objectTypeName) ? BUILT_IN_TABLES[objectTypeName] : undefined;
  if (table) return table;
  const singular = objectTypeName.replace(/s$/, '').replace(/[^a-z0-9]/g, '');
  return {
    groups: [{ name: `${singular}information`, label: 'Information' }],
    properties: [text(primaryProperty, 'Name')],
  };
}
