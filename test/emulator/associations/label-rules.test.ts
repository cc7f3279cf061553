import { describe, expect, it } from 'vitest';
import {
  labelNameProblem,
  nextFreeTypeId,
  parseLabelCreate,
  parseLabelUpdate,
  userLabelCount,
} from '../../../src/emulator/associations/label-rules.js';

describe('labelNameProblem', () => {
  it('accepts names without hyphens that do not start with a digit', () => {
    expect(labelNameProblem('primary_order')).toBeNull();
    expect(labelNameProblem('Order2')).toBeNull();
  });
  it('refuses empty names, hyphens and a leading digit', () => {
    expect(labelNameProblem('')).toBe('must not be empty');
    expect(labelNameProblem('  ')).toBe('must not be empty');
    expect(labelNameProblem('primary-order')).toBe('must not contain a hyphen (-)');
    expect(labelNameProblem('2nd_order')).toBe('must not start with a digit');
  });
});

describe('nextFreeTypeId', () => {
  it('takes the id after the counter, skipping ids already in use', () => {
    expect(nextFreeTypeId(1000, () => false)).toBe(1001);
    const taken = new Set([1001, 1002, 1004]);
    expect(nextFreeTypeId(1000, (id) => taken.has(id))).toBe(1003);
  });
});

describe('userLabelCount', () => {
  it('counts two types per label', () => {
    expect(userLabelCount(0)).toBe(0);
    expect(userLabelCount(100)).toBe(50);
  });
});

describe('parseLabelCreate / parseLabelUpdate', () => {
  it('keeps the fields and drops inverseLabel when absent', () => {
    expect(parseLabelCreate({ name: 'x', label: 'X' })).toEqual({ name: 'x', label: 'X' });
    expect(parseLabelCreate({ name: 'x', label: 'X', inverseLabel: 'Y' })).toEqual({
      name: 'x',
      label: 'X',
      inverseLabel: 'Y',
    });
    expect(parseLabelUpdate({ associationTypeId: 1001, label: 'Z' })).toEqual({
      associationTypeId: 1001,
      label: 'Z',
    });
  });
  it('refuses bad bodies with a message naming the problem', () => {
    expect(() => parseLabelCreate({ name: 'a-b', label: 'X' })).toThrow(/must not contain a hyphen/);
    expect(() => parseLabelCreate({ name: 'ab', label: '' })).toThrow(/'label' is required/);
    expect(() => parseLabelCreate({ name: 'ab', label: 'X', inverseLabel: 3 })).toThrow(/'inverseLabel'/);
    expect(() => parseLabelCreate([])).toThrow(/must be a JSON object/);
    expect(() => parseLabelUpdate({ associationTypeId: 'x', label: 'X' })).toThrow(/positive integer/);
    expect(() => parseLabelUpdate({ associationTypeId: 1.5, label: 'X' })).toThrow(/positive integer/);
  });
});
