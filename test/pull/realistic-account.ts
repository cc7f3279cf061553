/**
 * A realistic account for the pull round trip, as an emulator seed file (README: emulator, seed file):
 * four object types (one custom) with hundreds of custom properties of every type and field type,
 * enumerations with many options (hidden ones, descriptions, own display orders), calculated, unique,
 * sensitive, hidden and owner properties, labels with inverse labels (also of an object type with
 * itself) and limits on both directions, and event definitions with properties of every type. Built
 * deterministically: the same seed every run.
 */
export const OBJECT_TYPES = ['tickets', 'deals', 'contacts', 'pets'] as const;

export const PAIRS = [
  ['tickets', 'deals'],
  ['tickets', 'contacts'],
  ['deals', 'contacts'],
  ['contacts', 'contacts'],
  ['pets', 'contacts'],
] as const;

export const EVENTS = ['order_shipped', 'trial_started', 'invoice_paid'] as const;

/** type / fieldType pairs a manifest may declare (calculated ones are added apart) */
const COMBOS = [
  ['string', 'text'],
  ['string', 'textarea'],
  ['string', 'html'],
  ['string', 'file'],
  ['string', 'phonenumber'],
  ['number', 'number'],
  ['date', 'date'],
  ['datetime', 'date'],
  ['phone_number', 'phonenumber'],
  ['bool', 'booleancheckbox'],
  ['enumeration', 'select'],
  ['enumeration', 'radio'],
  ['enumeration', 'checkbox'],
  ['enumeration', 'booleancheckbox'],
] as const;

const PER_TYPE = 98;
const GROUPS = ['ops', 'sales', 'billing', 'quality'];
/** option texts that YAML would read as something else unquoted */
const TRICKY = ['true', 'false', 'null', 'yes', 'No', '1', '1.5', '~', '#hash', 'a: b', "it's", '- dash'];

type Json = Record<string, unknown>;

function label(i: number, base: string): string {
  if (i % 7 === 0) return `${base} "quoted" #${i}: yes`;
  if (i % 11 === 0) return `Größe ✓ ${base} ${i}`;
  return `${base} ${i}`;
}

function options(i: number, count: number): Json[] {
  return Array.from({ length: count }, (_, k) => {
    const option: Json = {
      label: k < TRICKY.length && i % 2 === 0 ? TRICKY[k] : `Option ${k} of ${i}`,
      value: k < TRICKY.length && i % 3 === 0 ? TRICKY[k] : `v_${k}`,
    };
    if (k % 10 === 3) option.hidden = true;
    if (k % 7 === 2)
      option.description = k % 14 === 2 ? `Pick ${k} when:\nit fits` : `Pick ${k} when: it fits`;
    if (i % 6 === 0) option.displayOrder = k * 10;
    return option;
  });
}

function property(objectType: string, i: number): Json {
  const [type, fieldType] = COMBOS[i % COMBOS.length]!;
  const name = `acme_${type}_${fieldType}_${i}`;
  const p: Json = {
    name,
    label: label(i, `${objectType} ${type}`),
    type,
    fieldType,
    groupName: `acme_${GROUPS[i % GROUPS.length]}`,
  };
  if (i % 3 === 1) p.description = i % 5 === 0 ? `Line one of ${i}.\nLine two: with a colon.` : `About ${i}.`;
  if (i % 4 === 0) p.displayOrder = i;
  if (i % 9 === 0) p.hidden = true;
  if (i % 2 === 0) p.formField = true;
  if (i % 10 === 1 && type !== 'bool' && type !== 'enumeration') p.dataSensitivity = 'sensitive';
  if (i % 10 === 2 && type === 'string') p.dataSensitivity = 'highly_sensitive';
  if (type === 'string' && fieldType === 'text' && i < 60) p.hasUniqueValue = true;
  if (type === 'bool')
    p.options = [
      { label: 'Yes', value: 'true' },
      { label: 'No', value: 'false' },
    ];
  if (type === 'enumeration') p.options = options(i, i % 13 === 0 ? 300 : 3 + (i % 5));
  return p;
}

function calculated(objectType: string): Json[] {
  const group = 'acme_ops';
  const n = (i: number) => `acme_number_number_${i}`;
  const list: Json[] = [
    {
      name: 'acme_calc_total',
      label: 'Total',
      type: 'number',
      fieldType: 'calculation_equation',
      groupName: group,
      calculationFormula: `${n(5)} * 2 + ${n(19)}`,
    },
    {
      name: 'acme_calc_ratio',
      label: 'Ratio',
      type: 'number',
      fieldType: 'calculation_equation',
      groupName: group,
      calculationFormula: `round_up(acme_calc_total / max(${n(33)}, 1), 2)`,
    },
    {
      name: 'acme_calc_flag',
      label: 'Over?',
      type: 'bool',
      fieldType: 'calculation_equation',
      groupName: group,
      calculationFormula: `acme_calc_total > 100`,
      options: [
        { label: 'Yes', value: 'true' },
        { label: 'No', value: 'false' },
      ],
    },
    {
      name: 'acme_calc_band',
      label: 'Band',
      type: 'enumeration',
      fieldType: 'calculation_equation',
      groupName: group,
      calculationFormula: `if(acme_calc_total > 10, "high", "low")`,
      options: [
        { label: 'High', value: 'high' },
        { label: 'Low', value: 'low' },
      ],
    },
    {
      name: 'acme_calc_text',
      label: 'Text',
      type: 'string',
      fieldType: 'calculation_equation',
      groupName: group,
      calculationFormula: `concat("n=", ${n(47)})`,
    },
    {
      name: 'acme_owner',
      label: 'Account owner',
      type: 'enumeration',
      fieldType: 'select',
      groupName: group,
      externalOptions: true,
      referencedObjectType: 'OWNER',
    },
  ];
  // a formula using a built-in property whose name does not start with hs_
  if (objectType === 'deals')
    list.push({
      name: 'acme_calc_double',
      label: 'Double amount',
      type: 'number',
      fieldType: 'calculation_equation',
      groupName: group,
      calculationFormula: 'amount * 2',
    });
  return list;
}

function labels(): Json[] {
  const names = ['Primary', 'Billing contact', 'Escalation', 'Référent', 'Partner (old)'];
  return PAIRS.flatMap(([from, to], p) =>
    names.slice(0, 3 + (p % 3)).map((text, i) => {
      const entry: Json = {
        from,
        to,
        name: `l${p}_${i}`,
        label: `${text} ${from}`,
        inverseLabel: `${text} of ${to} ${i}`,
      };
      if (i % 2 === 0) entry.maxToObjectIds = i + 1;
      if (i % 3 === 1) entry.inverseMaxToObjectIds = 10 + i;
      return entry;
    }),
  );
}

function events(): Json[] {
  return EVENTS.map((name, e) => ({
    label: name.replace('_', ' '),
    name,
    description: e === 0 ? 'Sent by the warehouse.' : undefined,
    includeDefaultProperties: e === 1,
    propertyDefinitions: [
      { name: 'carrier', label: 'Carrier', type: 'enumeration', options: options(e, e === 2 ? 120 : 4) },
      { name: 'tracking', label: 'Tracking "id"', type: 'string', description: 'Line one.\nLine two.' },
      { name: 'parcels', label: 'Parcels', type: 'number' },
      { name: 'shipped_at', label: 'Shipped at', type: 'datetime', description: 'When: UTC' },
    ],
  }));
}

export function realisticSeed(): Json {
  const groups: Record<string, Json[]> = {};
  const properties: Record<string, Json[]> = {};
  for (const objectType of OBJECT_TYPES) {
    groups[objectType] = GROUPS.map((g, i) => ({
      name: `acme_${g}`,
      label: `Acme ${g}`,
      ...(i % 2 === 0 ? { displayOrder: i + 1 } : {}),
    }));
    properties[objectType] = [
      ...Array.from({ length: PER_TYPE }, (_, i) => property(objectType, i)),
      ...calculated(objectType),
    ];
  }
  return {
    objectTypes: [{ objectTypeId: '2-9001', name: 'pets', primaryProperty: 'pet_name' }],
    groups,
    properties,
    associationLabels: labels(),
    eventDefinitions: events(),
  };
}
