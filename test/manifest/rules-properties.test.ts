/** Step 3, property rules: one test per rule, inline fixtures. */
import { describe, expect, it } from 'vitest';
import { VALID_FIELD_TYPES } from '../../src/wire/api.js';
import type { FieldType, PropertyType } from '../../src/wire/api.js';
import { brief, check, codes, only, tickets } from './helpers.js';

const prop = (fields: string) => tickets(`  - { name: p, label: P, groupName: g, ${fields} }\n`);

describe('type and fieldType', () => {
  it('accepts every valid pair and refuses every other one', () => {
    for (const [type, valid] of Object.entries(VALID_FIELD_TYPES) as [PropertyType, readonly FieldType[]][]) {
      for (const fieldType of ['booleancheckbox', 'date', 'number', 'select', 'text', 'textarea'] as const) {
        const extra =
          type === 'enumeration'
            ? ', options: [{ label: A, value: a }]'
            : type === 'bool'
              ? ", options: [{ label: Y, value: 'true' }, { label: N, value: 'false' }]"
              : '';
        const report = check(prop(`type: ${type}, fieldType: ${fieldType}${extra}`));
        expect(codes(report), `${type}/${fieldType}`).toEqual(
          valid.includes(fieldType) ? [] : ['FIELD_TYPE_MISMATCH'],
        );
      }
    }
  });

  it('names the valid field types in the hint', () => {
    expect(only(check(prop('type: date, fieldType: text')))).toMatchObject({
      path: 'properties[0].fieldType',
      message: "fieldType 'text' does not go with type 'date'",
      hint: "type 'date' takes fieldType 'date'",
    });
  });
});

describe('options', () => {
  it('needs exactly true and false on a bool', () => {
    expect(
      codes(
        check(
          prop(
            "type: bool, fieldType: booleancheckbox, options: [{ label: Y, value: 'true' }, { label: N, value: 'false' }]",
          ),
        ),
      ),
    ).toEqual([]);
    expect(
      only(check(prop("type: bool, fieldType: booleancheckbox, options: [{ label: Y, value: 'true' }]")))
        .message,
    ).toBe("a bool property's options must be exactly the values true and false (found: 'true')");
    expect(only(check(prop('type: bool, fieldType: booleancheckbox'))).path).toBe('properties[0].type');
  });

  it('needs options on an enumeration, unless external', () => {
    expect(only(check(prop('type: enumeration, fieldType: select')))).toMatchObject({
      code: 'OPTIONS_REQUIRED',
      path: 'properties[0].type',
    });
    expect(only(check(prop('type: enumeration, fieldType: select, options: []')))).toMatchObject({
      code: 'OPTIONS_REQUIRED',
      path: 'properties[0].options',
    });
    expect(
      codes(
        check(
          prop('type: enumeration, fieldType: select, externalOptions: true, referencedObjectType: OWNER'),
        ),
      ),
    ).toEqual([]);
  });

  it('refuses options on other types and with externalOptions', () => {
    expect(codes(check(prop('type: number, fieldType: number, options: [{ label: A, value: a }]')))).toEqual([
      'OPTIONS_NOT_ALLOWED',
    ]);
    expect(codes(check(prop('type: number, fieldType: number, options: []')))).toEqual([]);
    expect(
      codes(
        check(
          prop(
            'type: enumeration, fieldType: select, externalOptions: true, referencedObjectType: OWNER, options: [{ label: A, value: a }]',
          ),
        ),
      ),
    ).toEqual(['OPTIONS_NOT_ALLOWED']);
  });

  it('needs unique values and labels, naming the first place', () => {
    const report = check(
      prop('type: enumeration, fieldType: radio, options: [{ label: A, value: a }, { label: A, value: a }]'),
    );
    expect(report.diagnostics.map((d) => `${d.code} ${d.path} ${d.message}`)).toEqual([
      "DUPLICATE_OPTION_LABEL properties[0].options[1].label option label 'A' appears twice; the first is at m.yaml:6:96",
      "DUPLICATE_OPTION_VALUE properties[0].options[1].value option value 'a' appears twice; the first is at m.yaml:6:106",
    ]);
  });

  it('caps a property at 5,000 options', () => {
    const options = Array.from({ length: 5001 }, (_, i) => `{ label: L${i}, value: v${i} }`).join(', ');
    expect(codes(check(prop(`type: enumeration, fieldType: select, options: [${options}]`)))).toEqual([
      'OPTIONS_TOO_MANY',
    ]);
  });
});

describe('externalOptions', () => {
  it('is only for enumerations, and only with OWNER, both ways', () => {
    expect(
      codes(check(prop('type: string, fieldType: text, externalOptions: true, referencedObjectType: OWNER'))),
    ).toEqual(['EXTERNAL_OPTIONS_INVALID']);
    expect(only(check(prop('type: enumeration, fieldType: select, externalOptions: true')))).toMatchObject({
      code: 'EXTERNAL_OPTIONS_INVALID',
      path: 'properties[0].externalOptions',
      message: 'externalOptions: true needs referencedObjectType: OWNER',
    });
    expect(
      only(
        check(
          prop(
            'type: enumeration, fieldType: select, referencedObjectType: OWNER, options: [{ label: A, value: a }]',
          ),
        ),
      ),
    ).toMatchObject({
      code: 'EXTERNAL_OPTIONS_INVALID',
      message: 'referencedObjectType: OWNER needs externalOptions: true',
    });
  });
});

describe('unique values', () => {
  it('allows 10 per object type and reports the 11th', () => {
    const entries = (n: number) =>
      Array.from(
        { length: n },
        (_, i) =>
          `  - { name: u${i}, label: U${i}, type: string, fieldType: text, groupName: g, hasUniqueValue: true }`,
      ).join('\n') +
      `\n  - { name: x, label: X, type: string, fieldType: text, groupName: g, hasUniqueValue: false }\n`;
    expect(codes(check(tickets(entries(10))))).toEqual([]);
    const d = only(check(tickets(entries(11))));
    expect(d).toMatchObject({ code: 'UNIQUE_LIMIT', path: 'properties[10].hasUniqueValue', line: 16 });
  });

  it('counts across files, with tickets and 0-5 as one object type', () => {
    const half = (from: number) =>
      Array.from(
        { length: 6 },
        (_, i) =>
          `  - { name: u${from + i}, label: U, type: string, fieldType: text, groupName: g, hasUniqueValue: true }`,
      ).join('\n');
    const report = check({
      'a.yaml': tickets(half(0)),
      'b.yaml': `kind: Properties\nobjectType: '0-5'\nproperties:\n${half(6)}\n`,
    });
    // the 11th and 12th unique properties of tickets, in the second file
    expect(brief(report)).toEqual(['b.yaml:8:89 error UNIQUE_LIMIT', 'b.yaml:9:89 error UNIQUE_LIMIT']);
  });
});

describe('groups, names and tombstones', () => {
  it('warns about a group declared nowhere, and errs on an archived one', () => {
    expect(
      check(prop('type: string, fieldType: text').replace('groupName: g', 'groupName: elsewhere'))
        .diagnostics,
    ).toEqual([expect.objectContaining({ severity: 'warning', code: 'GROUP_UNDECLARED' })]);
    const report = check(
      'kind: Properties\nobjectType: tickets\ngroups: [{ name: old, archived: true }]\nproperties:\n  - { name: p, label: P, type: string, fieldType: text, groupName: old }\n',
    );
    expect(codes(report)).toEqual(['GROUP_ARCHIVED']);
  });

  it("knows the built-in groups of the well-known object types offline: no warning for 'ticketinformation'", () => {
    const builtIn = check(
      prop('type: string, fieldType: text').replace('groupName: g', 'groupName: ticketinformation'),
    );
    expect(builtIn.diagnostics).toEqual([]);
    // another object type's built-in group is not one of tickets', and a custom type has none known
    const other = check(
      prop('type: string, fieldType: text').replace('groupName: g', 'groupName: dealinformation'),
    );
    expect(codes(other)).toEqual(['GROUP_UNDECLARED']);
    const custom = check(
      'kind: Properties\nobjectType: 2-123\nproperties:\n  - { name: p, label: P, type: string, fieldType: text, groupName: petinformation }\n',
    );
    expect(codes(custom)).toEqual(['GROUP_UNDECLARED']);
  });

  it('finds a group declared in another file for the same object type', () => {
    const report = check({
      'groups.yaml': "kind: Properties\nobjectType: '0-5'\ngroups: [{ name: shared, label: Shared }]\n",
      'props.yaml': prop('type: string, fieldType: text').replace('groupName: g', 'groupName: shared'),
    });
    expect(report.diagnostics).toEqual([]);
  });

  it('warns about hs_ names', () => {
    expect(
      only(check(tickets('  - { name: hs_mine, label: M, type: string, fieldType: text, groupName: g }\n'))),
    ).toMatchObject({
      severity: 'warning',
      code: 'RESERVED_NAME',
    });
  });

  it('keeps tombstones bare', () => {
    expect(codes(check(tickets('  - { name: p, archived: true }\n')))).toEqual([]);
    expect(only(check(tickets('  - { name: p, label: P, archived: true }\n')))).toMatchObject({
      code: 'TOMBSTONE_EXTRA_KEYS',
      path: 'properties[0].label',
    });
    expect(
      codes(
        check(
          tickets(
            '  - { name: p, label: P, type: string, fieldType: text, groupName: g, archived: false }\n',
          ),
        ),
      ),
    ).toEqual([]);
  });
});

describe('formula presence', () => {
  it('needs a formula on calculation_equation and only there', () => {
    expect(codes(check(prop('type: number, fieldType: calculation_equation')))).toEqual(['FORMULA_MISSING']);
    expect(codes(check(prop('type: number, fieldType: number, calculationFormula: hs_x + 1')))).toEqual([
      'FORMULA_NOT_ALLOWED',
    ]);
  });
});
