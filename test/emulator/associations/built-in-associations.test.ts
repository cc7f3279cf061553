import { describe, expect, it } from 'vitest';
import {
  builtInAssociationTypes,
  GENERATED_ID_RANGE,
} from '../../../src/emulator/state/built-in-associations.js';
import { BUILT_IN_OBJECT_TYPES } from '../../../src/emulator/state/object-types.js';

const types = builtInAssociationTypes(BUILT_IN_OBJECT_TYPES);
const byId = new Map(types.map((t) => [t.typeId, t]));
const nameOf = new Map(BUILT_IN_OBJECT_TYPES.map((t) => [t.objectTypeId, t.name]));
const describeType = (id: number) => {
  const t = byId.get(id)!;
  return `${nameOf.get(t.fromObjectTypeId)}->${nameOf.get(t.toObjectTypeId)} ${t.label ?? '(unlabeled)'}`;
};

describe('builtInAssociationTypes', () => {
  it('gives every type a distinct id, all platform-defined, all below the first user label id', () => {
    expect(byId.size).toBe(types.length);
    for (const t of types) {
      expect(t.category).toBe('PLATFORM_DEFINED');
      expect(t.typeId).toBeGreaterThan(0);
      expect(t.typeId).toBeLessThan(1001);
      expect(t.name).toBeUndefined();
    }
  });

  it('has one unlabeled type per direction for every ordered pair of distinct object types', () => {
    const n = BUILT_IN_OBJECT_TYPES.length;
    const unlabeled = types.filter((t) => t.label === null);
    expect(unlabeled).toHaveLength(n * (n - 1));
    const keys = new Set(unlabeled.map((t) => `${t.fromObjectTypeId}>${t.toObjectTypeId}`));
    expect(keys.size).toBe(n * (n - 1));
    expect(unlabeled.some((t) => t.fromObjectTypeId === t.toObjectTypeId)).toBe(false);
  });

  it('links each type to its inverse in the other direction', () => {
    for (const t of types) {
      const inverse = byId.get(t.inverseTypeId!)!;
      expect(inverse.inverseTypeId).toBe(t.typeId);
      expect(inverse.fromObjectTypeId).toBe(t.toObjectTypeId);
      expect(inverse.toObjectTypeId).toBe(t.fromObjectTypeId);
      expect(inverse.label).toBe(t.label);
    }
  });

  it("keeps the platform's ids for the well-known pairs", () => {
    expect([1, 2, 279, 280, 3, 4, 15, 16, 27, 28, 341, 342].map((id) => `${id} ${describeType(id)}`)).toEqual(
      [
        '1 contacts->companies Primary',
        '2 companies->contacts Primary',
        '279 contacts->companies (unlabeled)',
        '280 companies->contacts (unlabeled)',
        '3 deals->contacts (unlabeled)',
        '4 contacts->deals (unlabeled)',
        '15 contacts->tickets (unlabeled)',
        '16 tickets->contacts (unlabeled)',
        '27 tickets->orders (unlabeled)',
        '28 orders->tickets (unlabeled)',
        '341 deals->companies (unlabeled)',
        '342 companies->deals (unlabeled)',
      ],
    );
  });

  it('numbers the other pairs from the generated range, in object type order, deterministically', () => {
    const generated = types.filter((t) => t.typeId >= GENERATED_ID_RANGE.first).map((t) => t.typeId);
    const n = BUILT_IN_OBJECT_TYPES.length;
    expect(generated).toHaveLength(n * (n - 1) - 10);
    expect(Math.min(...generated)).toBe(500);
    expect(Math.max(...generated)).toBe(500 + generated.length - 1);
    // contacts x companies, deals and tickets are in the fixed table: the first generated pair is contacts x products
    expect(describeType(500)).toBe('contacts->products (unlabeled)');
    expect(describeType(501)).toBe('products->contacts (unlabeled)');
    expect(builtInAssociationTypes(BUILT_IN_OBJECT_TYPES)).toEqual(types);
  });

  it('skips fixed pairs whose object types are absent', () => {
    const only = builtInAssociationTypes([
      { objectTypeId: '0-5', name: 'tickets', primaryProperty: 'subject' },
      { objectTypeId: '0-7', name: 'products', primaryProperty: 'name' },
    ]);
    expect(only.map((t) => t.typeId)).toEqual([500, 501]);
  });
});
