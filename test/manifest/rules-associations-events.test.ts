/** Step 3: association types and event properties. */
import { describe, expect, it } from 'vitest';
import { brief, check, codes, only } from './helpers.js';
import { eventDeclarations } from '../helpers/families.js';

const pair = (types: string) => `kind: Associations\nfrom: tickets\nto: orders\ntypes:\n${types}`;
const event = (properties: string) =>
  `kind: EventProperties\neventName: order_shipped\nproperties:\n${properties}`;

describe('association types', () => {
  it('accepts labels, built-in types with limits, null limits and label tombstones', () => {
    const report = check(
      pair(`  - { label: Primary order, inverseLabel: Primary ticket, maxToObjectIds: 1 }
  - { label: Other, name: Other_2 }
  - { label: Old label, deleted: true }
  - { category: PLATFORM_DEFINED, typeId: 27, maxToObjectIds: 50 }
  - { category: USER_DEFINED, typeId: 90, maxToObjectIds: null }
`),
    );
    expect(report.diagnostics).toEqual([]);
  });

  it('needs a label or a category with a typeId, not both, not neither', () => {
    expect(codes(check(pair('  - { label: A, category: USER_DEFINED, typeId: 3 }\n')))).toEqual([
      'ASSOCIATION_TYPE_TARGET',
    ]);
    expect(codes(check(pair('  - { maxToObjectIds: 3 }\n')))).toEqual(['ASSOCIATION_TYPE_TARGET']);
    expect(only(check(pair('  - { typeId: 3, maxToObjectIds: 3 }\n'))).message).toBe(
      "'typeId' needs 'category' with it",
    );
  });

  it('checks explicit label names: no hyphen, no leading digit, not empty', () => {
    expect(only(check(pair('  - { label: A, name: a-b }\n'))).message).toBe(
      "'a-b' is not a valid label name: it must not contain a hyphen",
    );
    expect(only(check(pair('  - { label: A, name: 1st }\n'))).message).toBe(
      "'1st' is not a valid label name: it must not start with a digit",
    );
    expect(only(check(pair('  - { label: 1st order, name: 1st_order }\n')))).toMatchObject({
      code: 'NAME_INVALID',
      path: 'types[0].name',
      message: "'1st_order' is not a valid label name: it must not start with a digit",
    });
    expect(only(check(pair('  - { label: "!!!", name: "!!!" }\n')))).toMatchObject({
      code: 'NAME_INVALID',
      path: 'types[0].name',
      message: "'!!!' is not a valid label name: use letters, digits and underscores only",
    });
  });

  it('derives a valid internal name from any label text', () => {
    expect(check(pair('  - { label: 1st order }\n  - { label: "!!!" }\n')).diagnostics).toEqual([]);
  });

  it('needs positive integer limits', () => {
    const report = check(
      pair(
        '  - { label: A, maxToObjectIds: 0 }\n  - { label: B, maxToObjectIds: 2.5 }\n  - { label: C, maxToObjectIds: -3 }\n',
      ),
    );
    expect(report.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([
      'VALUE_TOO_SMALL must be a positive integer (1 or more)',
      'WRONG_TYPE must be a whole number or null, not a number (2.5)',
      'VALUE_TOO_SMALL must be a positive integer (1 or more)',
    ]);
  });

  it('refuses to delete a built-in type and warns when it manages nothing', () => {
    expect(codes(check(pair('  - { category: PLATFORM_DEFINED, typeId: 27, deleted: true }\n')))).toEqual([
      'TOMBSTONE_NOT_ALLOWED',
    ]);
    expect(check(pair('  - { category: PLATFORM_DEFINED, typeId: 27 }\n')).diagnostics).toEqual([
      expect.objectContaining({ severity: 'warning', code: 'NOTHING_TO_MANAGE' }),
    ]);
    expect(codes(check(pair('  - { label: Old, deleted: true, maxToObjectIds: 2 }\n')))).toEqual([
      'TOMBSTONE_EXTRA_KEYS',
    ]);
  });

  it('allows 50 labels per direction and reports the 51st', () => {
    const labels = (n: number) => Array.from({ length: n }, (_, i) => `  - label: L${i}\n`).join('');
    expect(codes(check(pair(labels(50))))).toEqual([]);
    expect(brief(check(pair(labels(51))))).toEqual(['m.yaml:55:5 error TOO_MANY_LABELS']);
  });
});

describe('event properties', () => {
  it('accepts the four types, with options on enumerations', () => {
    const report = check(
      event(`  - { name: a, label: A, type: string, description: d }
  - { name: b, label: B, type: number }
  - { name: c, label: C, type: datetime }
  - { name: d, label: D, type: enumeration, options: [{ label: X, value: x }] }
  - { name: e, deleted: true }
`),
    );
    expect(report.diagnostics).toEqual([]);
  });

  it('checks names, types and options', () => {
    const report = check(
      event(`  - { name: Bad, label: A, type: string }
  - { name: b, label: B, type: bool }
  - { name: c, label: C, type: enumeration }
  - { name: d, label: D, type: string, options: [{ label: X, value: x }] }
  - { name: e123456789_e123456789_e123456789_e123456789_e123456789, label: E, type: string }
`),
    );
    expect(codes(report)).toEqual([
      'NAME_INVALID',
      'INVALID_VALUE',
      'OPTIONS_REQUIRED',
      'OPTIONS_NOT_ALLOWED',
      'NAME_TOO_LONG',
    ]);
  });

  it('caps an event at 500 properties', () => {
    const properties = (n: number) =>
      Array.from({ length: n }, (_, i) => `  - { name: p${i}, label: P, type: string }\n`).join('');
    expect(codes(check(event(properties(500))))).toEqual([]);
    expect(brief(check(event(properties(501))))).toEqual(['m.yaml:504:5 error TOO_MANY_EVENT_PROPERTIES']);
  });
});

describe('event definitions', () => {
  const withDefinition = (definition: string, name = 'order_shipped') =>
    `kind: EventProperties\neventName: ${name}\ndefinition:\n${definition}properties:\n  - { name: a, label: A, type: string }\n`;

  it('accepts a definition block and puts it in the model', () => {
    const report = check(
      withDefinition(
        '  label: Order shipped\n  description: Left the warehouse.\n  primaryObject: CONTACT\n',
      ),
    );
    expect(report.diagnostics).toEqual([]);
    expect(eventDeclarations(report.projects[0]!.model).eventDefinitions.get('order_shipped')).toEqual({
      eventName: 'order_shipped',
      label: 'Order shipped',
      description: 'Left the warehouse.',
      primaryObject: 'CONTACT',
      source: { file: 'm.yaml', line: 4, col: 3 },
    });
  });

  it('takes the platform words and object type names and ids as primary object, nothing else', () => {
    for (const primaryObject of ['COMPANY', 'DEAL', 'TICKET', 'tickets', '0-5', '2-123']) {
      expect(
        codes(check(withDefinition(`  label: L\n  primaryObject: '${primaryObject}'\n`))),
        primaryObject,
      ).toEqual([]);
    }
    expect(only(check(withDefinition('  label: L\n  primaryObject: Contact\n')))).toMatchObject({
      code: 'INVALID_VALUE',
      path: 'definition.primaryObject',
      line: 5,
      col: 18,
      message:
        "'Contact' is not a primary object: use CONTACT, COMPANY, DEAL or TICKET, or an object type name or id",
    });
  });

  it('needs a label and knows only its own keys', () => {
    expect(only(check(withDefinition('  description: D\n')))).toMatchObject({
      code: 'MISSING_KEY',
      path: 'definition',
    });
    expect(only(check(withDefinition('  label: L\n  lable: X\n')))).toMatchObject({
      code: 'UNKNOWN_KEY',
      path: 'definition',
    });
    expect(only(check(withDefinition('  label: L\n  pluralLabel: Ls\n')))).toMatchObject({
      code: 'UNKNOWN_KEY',
      path: 'definition',
    });
  });

  it('reports a definition given in two documents, naming the first', () => {
    const report = check({
      'a.yaml': withDefinition('  label: One\n'),
      'b.yaml': withDefinition('  label: Two\n').replace('name: a,', 'name: b,'),
    });
    expect(brief(report)).toEqual(['b.yaml:4:10 error DUPLICATE_EVENT_DEFINITION']);
    expect(report.diagnostics[0]!.message).toBe(
      'the definition of event order_shipped is declared twice; the first is at a.yaml:4:10',
    );
  });
});
