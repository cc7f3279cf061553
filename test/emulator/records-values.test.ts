import { describe, expect, it } from 'vitest';
import { checkValue, isReadOnlyValue, toRawValue } from '../../src/emulator/records/values.js';
import type { Property } from '../../src/wire/api.js';

const def = (type: string, more: Partial<Property> = {}): Property => ({
  name: 'p',
  label: 'P',
  type,
  fieldType: 'text',
  groupName: 'g',
  description: '',
  options: [],
  ...more,
});
const options = (...values: string[]) => values.map((value) => ({ label: value, value }));

describe('checkValue', () => {
  it.each([
    ['number', '42', '42'],
    ['number', '-0.5', '-0.5'],
    ['number', ' 1e3 ', '1e3'],
    ['bool', 'True', 'true'],
    ['bool', 'false', 'false'],
    ['date', '2024-02-29', '2024-02-29'],
    ['date', String(Date.UTC(2024, 1, 29)), '2024-02-29'],
    ['datetime', '2024-01-31T12:00:00Z', '2024-01-31T12:00:00.000Z'],
    ['datetime', '2024-01-31T12:00:00.5+01:00', '2024-01-31T11:00:00.500Z'],
    ['datetime', '2024-01-31T12:00', '2024-01-31T12:00:00.000Z'],
    ['datetime', '2024-01-31', '2024-01-31T00:00:00.000Z'],
    ['datetime', '1706702400000', '2024-01-31T12:00:00.000Z'],
    ['string', 'anything', 'anything'],
    ['phone_number', '+1 555 0100', '+1 555 0100'],
    ['some_future_type', 'kept', 'kept'],
  ])('%s accepts %j as %j', (type, raw, value) => {
    expect(checkValue(def(type), raw)).toEqual({ ok: true, value });
  });

  it.each([
    ['number', 'ten', 'INVALID_INTEGER'],
    ['number', '1,5', 'INVALID_INTEGER'],
    ['number', '1e999', 'INVALID_INTEGER'],
    ['bool', 'yes', 'INVALID_BOOLEAN_OPTION'],
    ['date', '2023-02-29', 'INVALID_DATE'],
    ['date', '31/01/2024', 'INVALID_DATE'],
    ['date', String(Date.UTC(2024, 0, 31) + 1), 'INVALID_DATE'],
    ['datetime', '2024-13-01T00:00:00Z', 'INVALID_DATE'],
    ['datetime', 'yesterday', 'INVALID_DATE'],
  ])('%s refuses %j with %s', (type, raw, code) => {
    const result = checkValue(def(type), raw);
    expect(result).toMatchObject({ ok: false, code });
  });

  it('refuses a string longer than 65,536 characters and accepts one of exactly that length', () => {
    expect(checkValue(def('string'), 'x'.repeat(65_536)).ok).toBe(true);
    expect(checkValue(def('string'), 'x'.repeat(65_537))).toEqual({
      ok: false,
      code: 'INVALID_STRING_LENGTH',
      message: 'The value of property "p" is 65537 characters long; at most 65536 are allowed.',
    });
  });

  it('checks enumeration values against option values; checkbox values are ;-separated', () => {
    const select = def('enumeration', { fieldType: 'select', options: options('a', 'b') });
    expect(checkValue(select, 'a')).toEqual({ ok: true, value: 'a' });
    expect(checkValue(select, 'A')).toEqual({
      ok: false,
      code: 'INVALID_OPTION',
      message: "'A' is not a valid option for property \"p\"; valid options: 'a', 'b'.",
    });
    expect(checkValue(select, 'a;b').ok).toBe(false);
    const checkbox = def('enumeration', { fieldType: 'checkbox', options: options('a', 'b', 'c') });
    expect(checkValue(checkbox, 'a;c;')).toEqual({ ok: true, value: 'a;c' });
    expect(checkValue(checkbox, 'a;x;y')).toEqual({
      ok: false,
      code: 'INVALID_OPTION',
      message:
        "'x', 'y' are not valid options for property \"p\"; valid options: 'a', 'b', 'c' (separate several with ';').",
    });
  });

  it('accepts any value for an enumeration with external options (owners)', () => {
    expect(checkValue(def('enumeration', { externalOptions: true }), '987')).toEqual({
      ok: true,
      value: '987',
    });
  });
});

describe('isReadOnlyValue and toRawValue', () => {
  it('treats readOnlyValue and calculated fields as read-only', () => {
    expect(isReadOnlyValue(def('string'))).toBe(false);
    expect(isReadOnlyValue(def('number', { fieldType: 'calculation_equation' }))).toBe(true);
    expect(
      isReadOnlyValue(
        def('string', {
          modificationMetadata: { archivable: true, readOnlyDefinition: false, readOnlyValue: true },
        }),
      ),
    ).toBe(true);
  });

  it('coerces JSON numbers and booleans, clears on null, refuses objects', () => {
    expect(toRawValue(5)).toBe('5');
    expect(toRawValue(false)).toBe('false');
    expect(toRawValue(null)).toBe('');
    expect(toRawValue({ a: 1 })).toBeUndefined();
    expect(toRawValue(Number.NaN)).toBeUndefined();
  });
});
