/**
 * One malformed input of the bad-input corpus: a small project (crm-schema.yaml and manifests), what
 * error code the output must name, and whether that error points at a line and column or at the whole
 * file (a binary file, a file over the size cap, a UTF-16 file).
 */
export interface BadCase {
  /** unique, used in test names */
  name: string;
  category: string;
  /** the project's files, relative to its folder; crm-schema.yaml is `PROJECT` unless given */
  files: Record<string, string | Uint8Array>;
  /** a code the output names as an error */
  code: string;
  located: 'position' | 'file';
  /** words the error message must hold, where the case is about the message */
  message?: string;
}

export const PROJECT = "manifests: ['schema/*.yaml']\n";

/** A valid manifest every manifest case starts from: a group, an enumeration, a text property. */
export const BASE_MANIFEST = `kind: Properties
objectType: tickets
groups:
  - name: support
    label: Support
properties:
  - name: escalation_level
    label: Escalation level
    type: enumeration
    fieldType: select
    groupName: support
    description: How far the ticket went.
    options:
      - label: Low
        value: low
      - label: High
        value: high
  - name: note
    label: Note
    type: string
    fieldType: text
    groupName: support
`;

export const BASE_ASSOCIATIONS = `kind: Associations
from: tickets
to: orders
types:
  - label: Primary order
    inverseLabel: Main ticket
    maxToObjectIds: 1
  - category: PLATFORM_DEFINED
    typeId: 27
    maxToObjectIds: 50
`;

export const BASE_EVENTS = `kind: EventProperties
eventName: order_shipped
definition:
  label: Order shipped
properties:
  - name: carrier
    label: Carrier
    type: enumeration
    options:
      - label: Post
        value: post
  - name: weight
    label: Weight
    type: number
`;

/** A project whose one manifest is `text`. */
export function manifestCase(
  category: string,
  name: string,
  text: string | Uint8Array,
  code: string,
  located: BadCase['located'] = 'position',
): BadCase {
  return { name: `${category}-${name}`, category, files: { 'schema/a.yaml': text }, code, located };
}

/** A project whose crm-schema.yaml is `text` (with one valid manifest). */
export function configCase(
  name: string,
  text: string | Uint8Array,
  code: string,
  located: BadCase['located'] = 'position',
): BadCase {
  return {
    name: `config-${name}`,
    category: 'config',
    files: { 'crm-schema.yaml': text, 'schema/a.yaml': BASE_MANIFEST },
    code,
    located,
  };
}

/** `text` with line `index` (0-based) replaced by what `edit` makes of it. */
export function editLine(text: string, index: number, edit: (line: string) => string): string {
  const lines = text.split('\n');
  lines[index] = edit(lines[index]!);
  return lines.join('\n');
}

/** Indices of the lines of `text` that match `pattern`. */
export function linesMatching(text: string, pattern: RegExp): number[] {
  return text
    .split('\n')
    .map((line, i) => (pattern.test(line) ? i : -1))
    .filter((i) => i >= 0);
}
