import { describe, expect, it } from 'vitest';
import {
  applyUpdate,
  buildProperty,
  normalizeOptions,
} from '../../src/emulator/properties/property-defaults.js';
import {
  checkDefinition,
  checkLimits,
  checkName,
  countProperties,
  type DefinitionFields,
} from '../../src/emulator/properties/property-rules.js';
import { readPropertyCreate, readPropertyUpdate } from '../../src/emulator/properties/property-shape.js';
import { builtInSchema } from '../../src/emulator/properties/built-in-properties.js';
import { BUILT_IN_OBJECT_TYPES } from '../../src/emulator/state/object-types.js';
import type { Property } from '../../src/wire/api.js';

const NOW = '2025-06-01T00:00:00.000Z';
const LATER = '2025-06-02T00:00:00.000Z';
const yesNo = [
  { label: 'Yes', value: 'true' },
  { label: 'No', value: 'false' },
];
const def = (extra: Partial<DefinitionFields>): DefinitionFields => ({
  type: 'string',
  fieldType: 'text',
  options: [],
  ...extra,
});
const codes = (p: DefinitionFields) => checkDefinition(p).map((e) => `${e.code}@${e.in}`);

describe('checkName', () => {
  it.each(['a', 'escalation_level', 'x1_2', `a${'b'.repeat(99)}`])('accepts %s', (name) => {
    expect(checkName(name)).toEqual([]);
  });

  it.each(['A', 'Escalation', '1abc', '_a', 'a-b', 'a b', 'é', 'hs_custom', `a${'b'.repeat(100)}`])(
    'refuses %s',
    (name) => {
      expect(checkName(name).map((e) => [e.code, e.in])).toEqual([['INVALID_PROPERTY_NAME', 'name']]);
    },
  );

  it('names the reserved prefix, and reserves it only for properties', () => {
    expect(checkName('hs_x')[0]!.message).toBe(
      "The property name 'hs_x' starts with 'hs_', which is reserved for built-in properties; choose another name.",
    );
    expect(checkName('hs_x', 'group')).toEqual([]);
    expect(checkName('Bad', 'group')[0]!.code).toBe('INVALID_GROUP_NAME');
  });
});

describe('checkDefinition', () => {
  it('accepts every valid type/fieldType pair the platform accepts', () => {
    const pairs: [string, string][] = [
      ['bool', 'booleancheckbox'],
      ['enumeration', 'checkbox'],
      ['enumeration', 'radio'],
      ['date', 'date'],
      ['datetime', 'date'],
      ['string', 'file'],
      ['string', 'textarea'],
      ['string', 'html'],
      ['string', 'phonenumber'],
      ['number', 'number'],
      ['phone_number', 'phonenumber'],
    ];
    for (const [type, fieldType] of pairs) {
      const options = type === 'enumeration' ? [{ label: 'A', value: 'a' }] : [];
      expect(codes(def({ type, fieldType, options }))).toEqual([]);
    }
  });

  it('refuses pairs outside the table', () => {
    expect(codes(def({ type: 'date', fieldType: 'text' }))).toEqual(['INVALID_FIELD_TYPE@fieldType']);
    expect(checkDefinition(def({ type: 'number', fieldType: 'select' }))[0]!.message).toBe(
      "fieldType 'select' is not valid for type 'number'; use one of: number, calculation_equation.",
    );
  });

  it('takes bool options only as exactly true and false, in any order, or none', () => {
    const bool = { type: 'bool', fieldType: 'booleancheckbox' };
    expect(codes(def({ ...bool, options: yesNo }))).toEqual([]);
    expect(codes(def({ ...bool, options: [...yesNo].reverse() }))).toEqual([]);
    expect(codes(def({ ...bool, options: [] }))).toEqual([]);
    expect(codes(def({ ...bool, options: [yesNo[0]!] }))).toEqual(['INVALID_BOOLEAN_OPTION@options']);
    expect(codes(def({ ...bool, options: [...yesNo, { label: 'Maybe', value: 'maybe' }] }))).toEqual([
      'INVALID_BOOLEAN_OPTION@options',
    ]);
  });

  it('reports every duplicate option value and label with its index', () => {
    const options = [
      { label: 'A', value: 'a' },
      { label: 'B', value: 'a' },
      { label: 'A', value: 'c' },
      { label: 'D', value: 'a' },
    ];
    expect(codes(def({ type: 'enumeration', fieldType: 'select', options }))).toEqual([
      'INVALID_OPTION@options[1].value',
      'INVALID_OPTION@options[3].value',
      'INVALID_OPTION@options[2].label',
    ]);
  });

  // in how long (linear time: under 200 ms): `npm run bench` (timing)
  it('handles 5,000 options (the cap) and refuses 5,001', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `L${i}`, value: `v${i}` }));
    expect(codes(def({ type: 'enumeration', fieldType: 'select', options: many(5000) }))).toEqual([]);
    expect(codes(def({ type: 'enumeration', fieldType: 'select', options: many(5001) }))).toEqual([
      'INVALID_OPTION@options',
    ]);
  });

  it('ties externalOptions to enumeration and referencedObjectType OWNER', () => {
    const owner = { externalOptions: true, referencedObjectType: 'OWNER' };
    expect(codes(def({ type: 'enumeration', fieldType: 'select', ...owner }))).toEqual([]);
    expect(codes(def({ ...owner }))).toEqual(['INVALID_EXTERNAL_OPTIONS@externalOptions']);
    expect(codes(def({ type: 'enumeration', fieldType: 'select', externalOptions: true }))).toEqual([
      'INVALID_EXTERNAL_OPTIONS@referencedObjectType',
    ]);
    expect(
      codes(def({ type: 'enumeration', fieldType: 'select', options: yesNo, referencedObjectType: 'OWNER' })),
    ).toEqual(['INVALID_EXTERNAL_OPTIONS@externalOptions']);
    expect(codes(def({ referencedObjectType: 'DEAL' }))).toEqual([
      'INVALID_REFERENCED_OBJECT_TYPE@referencedObjectType',
    ]);
  });

  it('ties calculationFormula to fieldType calculation_equation', () => {
    expect(
      codes(def({ type: 'number', fieldType: 'calculation_equation', calculationFormula: 'a+b' })),
    ).toEqual([]);
    expect(codes(def({ type: 'number', fieldType: 'calculation_equation' }))).toEqual([
      'REQUIRED_FIELD@calculationFormula',
    ]);
    expect(codes(def({ calculationFormula: 'a+b' }))).toEqual([
      'INVALID_CALCULATION_FORMULA@calculationFormula',
    ]);
  });
});

describe('limits', () => {
  const p = (extra: Partial<Property>): Property => ({
    name: 'p',
    label: 'P',
    type: 'string',
    fieldType: 'text',
    groupName: 'g',
    description: '',
    options: [],
    ...extra,
  });

  it('counts active custom and unique properties only', () => {
    const counts = countProperties([
      p({ hasUniqueValue: true }),
      p({ hasUniqueValue: true, archived: true }),
      p({ platformDefined: true }),
      p({}),
    ]);
    expect(counts).toEqual({ custom: 2, unique: 1 });
  });

  it('refuses the 1,001st custom and the 11th unique property', () => {
    expect(checkLimits({ custom: 999, unique: 9 }, { hasUniqueValue: true }, 'tickets')).toEqual([]);
    expect(
      checkLimits({ custom: 1000, unique: 10 }, { hasUniqueValue: true }, 'tickets').map((e) => e.code),
    ).toEqual(['TOO_MANY_PROPERTIES', 'TOO_MANY_UNIQUE_PROPERTIES']);
    expect(checkLimits({ custom: 5, unique: 10 }, { hasUniqueValue: false }, 'tickets')).toEqual([]);
  });
});

describe('shapes', () => {
  it('reports missing required fields and wrong JSON types, treating null as absent', () => {
    const { errors } = readPropertyCreate({
      name: 'x',
      label: null,
      type: 'string',
      fieldType: 7,
      hidden: 'no',
    });
    expect(errors.map((e) => `${e.code}@${e.in}`)).toEqual([
      'INVALID_FIELD_TYPE@fieldType',
      'INVALID_BOOLEAN@hidden',
      'REQUIRED_FIELD@label',
      'REQUIRED_FIELD@groupName',
    ]);
  });

  it('reads only the fields a PATCH applies', () => {
    const { value, errors } = readPropertyUpdate({
      label: 'New',
      name: 'other',
      hasUniqueValue: true,
      hidden: true,
    });
    expect(errors).toEqual([]);
    expect(value).toEqual({ label: 'New', hidden: true });
  });
});

describe('defaults', () => {
  it('normalises options idempotently', () => {
    const once = normalizeOptions([
      { label: 'A', value: 'a' },
      { label: 'B', value: 'b', displayOrder: 9 },
    ]);
    expect(once).toEqual([
      { label: 'A', value: 'a', description: '', displayOrder: 0, hidden: false },
      { label: 'B', value: 'b', description: '', displayOrder: 9, hidden: false },
    ]);
    expect(normalizeOptions(once)).toEqual(once);
  });

  it('merges a PATCH: options replaced, stale formula dropped, metadata recomputed', () => {
    const base = buildProperty(
      {
        name: 'c',
        label: 'C',
        type: 'number',
        fieldType: 'calculation_equation',
        groupName: 'g',
        calculationFormula: 'x',
      },
      NOW,
    );
    expect(base.modificationMetadata?.readOnlyValue).toBe(true);
    const plain = applyUpdate(base, { fieldType: 'number' }, LATER);
    expect(plain).toEqual({
      ...base,
      fieldType: 'number',
      calculationFormula: undefined,
      updatedAt: LATER,
      modificationMetadata: { ...base.modificationMetadata, readOnlyValue: false },
    });
    expect(plain).not.toHaveProperty('calculationFormula');
  });
});

describe('built-in schema', () => {
  it.each(BUILT_IN_OBJECT_TYPES.map((t) => [t.name, t]))(
    '%s: every built-in passes the definition rules',
    (_n, info) => {
      const { properties, groups } = builtInSchema(info, NOW);
      const groupNames = new Set(groups.map((g) => g.name));
      expect(new Set(properties.map((p) => p.name)).size).toBe(properties.length);
      for (const p of properties) {
        expect([p.name, checkDefinition(p)]).toEqual([p.name, []]);
        expect(groupNames.has(p.groupName)).toBe(true);
        expect(p.modificationMetadata).toMatchObject({ archivable: false, readOnlyDefinition: true });
      }
    },
  );
});
