import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countOf, formatCount } from '../../src/core/count-text.js';

const INTL = new Intl.NumberFormat('en-US');

describe('formatCount', () => {
  it('groups whole numbers by thousands, as en-US formatting does', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-12345)).toBe('-12,345');
  });

  it('writes every safe integer exactly as Intl.NumberFormat("en-US") does', () => {
    fc.assert(
      fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(formatCount(n)).toBe(INTL.format(n));
      }),
    );
  });

  it('leaves what is not a whole number to Intl', () => {
    for (const n of [-0, 0.5, 1234.5678, Number.MAX_SAFE_INTEGER + 2, Infinity, Number.NaN])
      expect(formatCount(n)).toBe(INTL.format(n));
    fc.assert(
      fc.property(fc.double({ noNaN: false }), (n) => {
        expect(formatCount(n)).toBe(INTL.format(n));
      }),
    );
  });

  it('counts with a singular and a plural noun', () => {
    expect(countOf(1, 'change', 'changes')).toBe('1 change');
    expect(countOf(2000, 'change', 'changes')).toBe('2,000 changes');
  });
});
