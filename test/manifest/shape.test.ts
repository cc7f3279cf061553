/** Step 2: the JSON Schemas, with plain messages located at the offending node. */
import { describe, expect, it } from 'vitest';
import { brief, check, only, tickets } from './helpers.js';

describe('shape', () => {
  it('points an unknown key at the key, with the key it probably means', () => {
    const d = only(
      check(tickets('  - { name: a, label: A, type: string, fieldType: text, groupName: g, lable: x }\n')),
    );
    expect(d).toEqual({
      file: 'm.yaml',
      line: 6,
      col: 71,
      severity: 'error',
      code: 'UNKNOWN_KEY',
      message: "unknown key 'lable' (did you mean 'label'?)",
      path: 'properties[0]',
    });
  });

  it('lists the known keys when no key is close', () => {
    const d = only(
      check('kind: Associations\nfrom: tickets\nto: orders\ntypes:\n  - { label: A, zzz: 1 }\n'),
    );
    expect(d.hint).toBe(
      'known keys here: label, name, inverseLabel, renamedFrom, inverseRenamedFrom, inverseMaxToObjectIds, category, typeId, maxToObjectIds, deleted',
    );
  });

  it('suggests camelCase for snake_case keys and the right tombstone key per kind', () => {
    const report = check(
      `${tickets('  - { name: a, label: A, type: string, field_type: text, fieldType: text, groupName: g }\n')}---
kind: EventProperties
eventName: e
properties:
  - { name: b, archived: true }
`,
    );
    expect(report.diagnostics.map((d) => d.message)).toEqual([
      "unknown key 'field_type' (did you mean 'fieldType'?)",
      "missing keys 'label', 'type'",
      "unknown key 'archived' (did you mean 'deleted'?)",
    ]);
  });

  it('merges the missing keys of one object into one message with a hint', () => {
    const d = only(check(tickets('  - name: a\n    label: A\n')));
    expect(d).toMatchObject({
      code: 'MISSING_KEY',
      line: 6,
      col: 5,
      path: 'properties[0]',
      message: "missing keys 'type', 'fieldType', 'groupName'",
      hint: 'a property needs name, label, type, fieldType and groupName; to archive one, give only name and archived: true',
    });
  });

  it('does not repeat a missing key that a misspelt key already explains', () => {
    expect(
      check(
        tickets('  - { name: a, lable: A, type: string, fieldType: text, groupName: g }\n'),
      ).diagnostics.map((d) => d.code),
    ).toEqual(['UNKNOWN_KEY']);
  });

  it('explains wrong types with a hint to quote or unquote', () => {
    const report = check(
      tickets(`  - name: a
    label: 12
    type: enumeration
    fieldType: select
    groupName: g
    displayOrder: '4'
    hidden: 'yes'
    options: [{ label: On, value: true }]
`),
    );
    expect(report.diagnostics.map((d) => [d.path, d.message, d.hint])).toEqual([
      [
        'properties[0].label',
        'must be text, not a number (12)',
        "YAML reads unquoted true, false and numbers as such; quote it: label: '12'",
      ],
      [
        'properties[0].displayOrder',
        'must be a whole number, not text',
        'remove the quotes: displayOrder: 4',
      ],
      ['properties[0].hidden', 'must be true or false, not text', 'write true or false'],
      [
        'properties[0].options[0].value',
        'must be text, not true',
        "YAML reads unquoted true, false and numbers as such; quote it: value: 'true'",
      ],
    ]);
  });

  it('lists the allowed values of an enum, with a close one as hint', () => {
    const d = only(
      check(tickets('  - { name: a, label: A, type: string, fieldType: textare, groupName: g }\n')),
    );
    expect(d).toMatchObject({
      code: 'INVALID_VALUE',
      path: 'properties[0].fieldType',
      message:
        "must be one of: booleancheckbox, calculation_equation, checkbox, date, file, html, number, phonenumber, radio, select, text, textarea (got 'textare')",
      hint: "did you mean 'textarea'?",
    });
  });

  it('reports kind problems first and skips the rest of such a document', () => {
    expect(only(check('objectType: tickets\n'))).toMatchObject({
      code: 'KIND_INVALID',
      message: "missing key 'kind'",
    });
    expect(only(check('kind: properties\n'))).toMatchObject({
      code: 'KIND_INVALID',
      message: "unknown kind 'properties' (did you mean 'Properties'?)",
    });
    expect(only(check('- kind: Properties\n'))).toMatchObject({ code: 'WRONG_TYPE', line: 1, col: 1 });
  });

  it('names the naming rule and suggests a valid name', () => {
    const d = only(
      check(
        tickets('  - { name: Escalation-Level, label: A, type: string, fieldType: text, groupName: g }\n'),
      ),
    );
    expect(d).toMatchObject({
      code: 'NAME_INVALID',
      message:
        "'Escalation-Level' is not a valid property name: use a lowercase letter first, then lowercase letters, digits and underscores (at most 100)",
      hint: "for example 'escalation_level'",
    });
  });

  it('points a missing value at its key', () => {
    const d = only(
      check(tickets('  - name: a\n    label:\n    type: string\n    fieldType: text\n    groupName: g\n')),
    );
    expect(d).toMatchObject({
      code: 'WRONG_TYPE',
      line: 7,
      col: 5,
      message: 'must be text, not null (an empty value)',
    });
  });

  it('skips the semantic rules for an entry whose shape is broken, but not for the others', () => {
    const report = check(
      tickets(`  - { name: a, label: A, type: strin, fieldType: select, groupName: g }
  - { name: b, label: B, type: string, fieldType: select, groupName: g }
`),
    );
    expect(brief(report)).toEqual([
      'm.yaml:6:32 error INVALID_VALUE',
      'm.yaml:7:51 error FIELD_TYPE_MISMATCH',
    ]);
  });

  it('accepts every key of the format', () => {
    const report = check(
      tickets(`  - name: a
    label: A
    type: enumeration
    fieldType: select
    groupName: g
    description: d
    displayOrder: -1
    options:
      - { label: X, value: x, description: dx, displayOrder: 1, hidden: false }
    dataSensitivity: non_sensitive
    formField: true
    hasUniqueValue: false
    hidden: false
  - { name: b, label: B, type: number, fieldType: calculation_equation, groupName: g, calculationFormula: a + 1 }
  - { name: c, label: C, type: enumeration, fieldType: select, groupName: g, externalOptions: true, referencedObjectType: OWNER }
  - { name: d, archived: true }
`),
    );
    expect(report.diagnostics).toEqual([]);
  });
});
