/**
 * A synthetic project for the benchmark and the reliability suite: manifests for N object types x M
 * properties (every common type: enumerations with options, numbers, bools, dates, text), E custom event
 * definitions (created by the plan from their `definition` block) x K properties, and P association pairs
 * with labels (one with an inverse label) and limits. `FULL_SIZE` is the target account: 10 x 1,000
 * properties, 50 x 20 event properties, 20 pairs.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export interface SyntheticSize {
  objectTypes: number;
  propertiesPerType: number;
  events: number;
  propertiesPerEvent: number;
  pairs: number;
}

export const FULL_SIZE: SyntheticSize = {
  objectTypes: 10,
  propertiesPerType: 1000,
  events: 50,
  propertiesPerEvent: 20,
  pairs: 20,
};

/** Built-in object types, in the emulator's order. */
export const OBJECT_TYPES = [
  'contacts',
  'companies',
  'deals',
  'tickets',
  'products',
  'subscriptions',
  'orders',
  'services',
  'courses',
  'goal_targets',
  'taxes',
  'partner_services',
  'projects',
] as const;

export const GROUPS = ['syn_main', 'syn_extra'] as const;
/** Labels per association pair: both have a limit, the first also an inverse label. */
export const LABELS_PER_PAIR = 2;

export const propertyName = (i: number) => `syn_p_${String(i).padStart(4, '0')}`;
export const eventName = (e: number) => `syn_event_${String(e).padStart(2, '0')}`;
export const eventPropertyName = (i: number) => `syn_ep_${String(i).padStart(2, '0')}`;

/** One property entry; the kinds rotate so every common type/fieldType pair is present. */
function property(i: number): string {
  const head = `  - name: ${propertyName(i)}\n    label: Synthetic ${i}\n    groupName: ${GROUPS[i % 7 === 0 ? 1 : 0]}\n`;
  switch (i % 10) {
    case 0:
      return (
        `${head}    type: enumeration\n    fieldType: select\n    options:\n` +
        ['low', 'medium', 'high', 'urgent', 'other']
          .map((v, o) => `      - { label: ${v} level, value: ${v}, displayOrder: ${o} }\n`)
          .join('')
      );
    case 1:
      return `${head}    type: number\n    fieldType: number\n`;
    case 2:
      return (
        `${head}    type: bool\n    fieldType: booleancheckbox\n    options:\n` +
        `      - { label: 'Yes', value: 'true' }\n      - { label: 'No', value: 'false' }\n`
      );
    case 3:
      return `${head}    type: date\n    fieldType: date\n`;
    case 4:
      return `${head}    type: string\n    fieldType: textarea\n    description: Free text number ${i}, kept for the benchmark.\n`;
    default:
      return `${head}    type: string\n    fieldType: text\n`;
  }
}

function propertiesManifest(objectType: string, count: number): string {
  const lines = [
    'kind: Properties',
    `objectType: ${objectType}`,
    'groups:',
    `  - { name: ${GROUPS[0]}, label: Synthetic main, displayOrder: 1 }`,
    `  - { name: ${GROUPS[1]}, label: Synthetic extra, displayOrder: 2 }`,
    'properties:',
  ];
  const body = Array.from({ length: count }, (_, i) => property(i)).join('');
  return `${lines.join('\n')}\n${body}`;
}

function eventProperty(i: number): string {
  const head = `  - name: ${eventPropertyName(i)}\n    label: Event field ${i}\n`;
  switch (i % 4) {
    case 0:
      return `${head}    type: enumeration\n    options:\n      - { label: One, value: one }\n      - { label: Two, value: two }\n`;
    case 1:
      return `${head}    type: number\n`;
    case 2:
      return `${head}    type: datetime\n`;
    default:
      return `${head}    type: string\n    description: Event text ${i}\n`;
  }
}

function eventsManifest(events: number, perEvent: number): string {
  const docs: string[] = [];
  for (let e = 0; e < events; e++) {
    const props = Array.from({ length: perEvent }, (_, i) => eventProperty(i)).join('');
    docs.push(
      `kind: EventProperties\neventName: ${eventName(e)}\ndefinition: { label: Synthetic event ${e} }\nproperties:\n${props}`,
    );
  }
  return docs.join('---\n');
}

/** The first `count` unordered pairs of the first `types` object types: (0,1), (0,2), ... */
export function associationPairs(types: number, count: number): [string, string][] {
  const pairs: [string, string][] = [];
  for (let a = 0; a < types && pairs.length < count; a++) {
    for (let b = a + 1; b < types && pairs.length < count; b++)
      pairs.push([OBJECT_TYPES[a]!, OBJECT_TYPES[b]!]);
  }
  if (pairs.length < count) throw new Error(`${types} object types give only ${pairs.length} pairs`);
  return pairs;
}

function associationsManifest(pairs: [string, string][]): string {
  return pairs
    .map(
      ([from, to], p) =>
        `kind: Associations\nfrom: ${from}\nto: ${to}\ntypes:\n` +
        `  - { label: Syn primary ${p}, inverseLabel: Syn primary of ${p}, maxToObjectIds: ${p + 1} }\n` +
        `  - { label: Syn related ${p}, maxToObjectIds: ${p + 5} }\n`,
    )
    .join('---\n');
}

/** The project's files (relative path -> text), crm-schema.yaml included. */
export function syntheticFiles(
  size: SyntheticSize,
  config = "manifests: ['schema/**/*.yaml']\n",
): Record<string, string> {
  if (size.objectTypes > OBJECT_TYPES.length) throw new Error(`at most ${OBJECT_TYPES.length} object types`);
  const files: Record<string, string> = { 'crm-schema.yaml': config };
  for (const objectType of OBJECT_TYPES.slice(0, size.objectTypes)) {
    files[`schema/${objectType}.yaml`] = propertiesManifest(objectType, size.propertiesPerType);
  }
  if (size.events > 0) files['schema/events.yaml'] = eventsManifest(size.events, size.propertiesPerEvent);
  if (size.pairs > 0) {
    files['schema/associations.yaml'] = associationsManifest(associationPairs(size.objectTypes, size.pairs));
  }
  return files;
}

export async function writeSyntheticProject(
  dir: string,
  size: SyntheticSize,
  config?: string,
): Promise<void> {
  for (const [path, text] of Object.entries(syntheticFiles(size, config))) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
}

/** How many of each change a plan from an empty account holds. */
export function expectedCreates(size: SyntheticSize) {
  return {
    groups: size.objectTypes * GROUPS.length,
    properties: size.objectTypes * size.propertiesPerType,
    eventDefinitions: size.events,
    eventProperties: size.events * size.propertiesPerEvent,
    labels: size.pairs * LABELS_PER_PAIR,
    limits: size.pairs * LABELS_PER_PAIR,
  };
}

export function totalCreates(size: SyntheticSize): number {
  return Object.values(expectedCreates(size)).reduce((a, b) => a + b, 0);
}
