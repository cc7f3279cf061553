import { describe, expect, it } from 'vitest';
import { eventNameProblem, nameFromLabel } from '../../../src/emulator/events/event-names.js';
import { checkOptions } from '../../../src/emulator/events/event-options.js';
import { checkEventPropertyCreate } from '../../../src/emulator/events/event-property.js';

describe('event names', () => {
  it('derives a name from a label: lowercase, other characters become underscores', () => {
    expect(nameFromLabel('Order Carrier')).toBe('order_carrier');
    expect(nameFromLabel('Total (EUR) - net')).toBe('total__eur____net');
  });
  it('accepts a lowercase letter, then lowercase letters, digits and underscores, up to 50 characters', () => {
    expect(eventNameProblem('carrier_2')).toBeNull();
    expect(eventNameProblem('a'.repeat(50))).toBeNull();
  });
  it('refuses anything else with the reason', () => {
    expect(eventNameProblem('')).toBe('must not be empty');
    expect(eventNameProblem('a'.repeat(51))).toBe('is 51 characters long; at most 50 are allowed');
    expect(eventNameProblem('_x')).toBe('must start with a lowercase letter');
    expect(eventNameProblem('2x')).toBe('must start with a lowercase letter');
    expect(eventNameProblem('Carrier')).toBe('must start with a lowercase letter');
    expect(eventNameProblem('carrier-name')).toBe('may hold only lowercase letters, digits and underscores');
    expect(eventNameProblem('carrierName')).toBe('may hold only lowercase letters, digits and underscores');
  });
});

describe('checkOptions', () => {
  it('fills option defaults for enumeration properties', () => {
    expect(
      checkOptions(
        [
          { label: 'Post', value: 'post' },
          { label: 'Air', value: 'air', displayOrder: 7 },
        ],
        'enumeration',
        'options',
      ),
    ).toEqual([
      { label: 'Post', value: 'post', description: '', displayOrder: 0, hidden: false },
      { label: 'Air', value: 'air', description: '', displayOrder: 7, hidden: false },
    ]);
  });
  it('requires options for enumeration and refuses them elsewhere', () => {
    expect(() => checkOptions(undefined, 'enumeration', 'options')).toThrow(/at least one option/);
    expect(() => checkOptions([{ label: 'A', value: 'a' }], 'string', 'options')).toThrow(
      /applies only to enumeration properties; this one is string/,
    );
    expect(checkOptions([], 'number', 'options')).toEqual([]);
  });
  it('refuses duplicate values and malformed options', () => {
    expect(() =>
      checkOptions(
        [
          { label: 'A', value: 'a' },
          { label: 'B', value: 'a' },
        ],
        'enumeration',
        'options',
      ),
    ).toThrow(/Option value 'a' appears more than once/);
    expect(() => checkOptions([{ label: 'A' }], 'enumeration', 'options')).toThrow(/'options\[0\]\.value'/);
    expect(() => checkOptions('a', 'enumeration', 'options')).toThrow(/must be an array/);
  });
});

describe('checkEventPropertyCreate', () => {
  it('derives the name and defaults the description', () => {
    expect(checkEventPropertyCreate({ label: 'Tracking Code', type: 'string' })).toEqual({
      name: 'tracking_code',
      label: 'Tracking Code',
      type: 'string',
      description: '',
      options: [],
    });
  });
  it('names the field that fails, with the prefix of its place', () => {
    expect(() => checkEventPropertyCreate({ label: 'X', type: 'bool' }, 'propertyDefinitions[3].')).toThrow(
      '\'propertyDefinitions[3].type\' is required and must be one of string, number, enumeration, datetime; got "bool".',
    );
    expect(() => checkEventPropertyCreate({ label: '1st try', type: 'string' })).toThrow(
      /The event property name '1st_try' \(derived from the label '1st try'\) is invalid/,
    );
  });
});
