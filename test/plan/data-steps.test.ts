/**
 * The pure parts of the data steps: what a rename's copy does with one record (who wrote the new value,
 * by the records' history), when a rename is known to have finished, and the marks a finished step
 * leaves (written and read back the same).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  renamedDescription,
  renamedTo,
  replacedBy,
  retiredOption,
} from '../../src/families/property/data-step-marks.js';
import { copyStep, writtenByCopy } from '../../src/engine/plan/copy-values.js';
import { renameFinished } from '../../src/families/property/data-steps.js';
import { normalizeProperty } from '../../src/families/property/normalize-property.js';
import type { ValueWithTimestamp } from '../../src/wire/api.js';

const at = (value: string, ms: number): ValueWithTimestamp => ({
  value,
  timestamp: new Date(ms).toISOString(),
  sourceType: 'API',
});

describe('copyStep', () => {
  it('copies into an empty value, leaves equal or empty old values, compares the rest', () => {
    expect(copyStep('a', undefined)).toBe('copy');
    expect(copyStep('a', '')).toBe('copy');
    expect(copyStep('a', null)).toBe('copy');
    expect(copyStep('a', 'a')).toBe('none');
    expect(copyStep('', 'b')).toBe('none');
    expect(copyStep(undefined, 'b')).toBe('none');
    expect(copyStep('a', 'b')).toBe('compare');
  });
});

describe('writtenByCopy', () => {
  it('a value the old property held before it was written to the new one was copied', () => {
    const history = { old: [at('v1', 300), at('v0', 100)], new: [at('v0', 200)] };
    expect(writtenByCopy(history, 'old', 'new', 'v0')).toBe(true);
  });

  it('a value the old property never held is a conflict, whatever the times', () => {
    expect(writtenByCopy({ old: [at('v0', 100)], new: [at('mine', 50)] }, 'old', 'new', 'mine')).toBe(false);
    expect(writtenByCopy({ old: [at('v0', 100)], new: [at('mine', 500)] }, 'old', 'new', 'mine')).toBe(false);
  });

  it('a value the old property held only after it was written to the new one is a conflict', () => {
    expect(writtenByCopy({ old: [at('x', 300)], new: [at('x', 200)] }, 'old', 'new', 'x')).toBe(false);
  });

  it('no history, or a history that does not end in the current value, is a conflict', () => {
    expect(writtenByCopy(undefined, 'old', 'new', 'v')).toBe(false);
    expect(writtenByCopy({ old: [at('v', 1)] }, 'old', 'new', 'v')).toBe(false);
    expect(writtenByCopy({ old: [at('v', 1)], new: [at('w', 5)] }, 'old', 'new', 'v')).toBe(false);
  });

  it('reads timestamps in milliseconds too', () => {
    const history = { old: [{ value: 'v', timestamp: '100', sourceType: 'API' }], new: [at('v', 200)] };
    expect(writtenByCopy(history, 'old', 'new', 'v')).toBe(true);
  });

  it('never takes a value for a copy unless the old property held it earlier (property)', () => {
    const entry = fc.record({
      value: fc.constantFrom('a', 'b', 'c', 'd'),
      ms: fc.integer({ min: 0, max: 1000 }),
    });
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 6 }),
        fc.array(entry, { minLength: 1, maxLength: 6 }),
        (old, next) => {
          const history = { old: old.map((e) => at(e.value, e.ms)), new: next.map((e) => at(e.value, e.ms)) };
          const newest = next.reduce((a, b) => (b.ms > a.ms ? b : a));
          const copied = writtenByCopy(history, 'old', 'new', newest.value);
          const heldBefore = old.some((e) => e.value === newest.value && e.ms <= newest.ms);
          expect(copied).toBe(heldBefore);
        },
      ),
    );
  });
});

describe('renameFinished', () => {
  const old = normalizeProperty({ name: 'a', label: 'A', type: 'string', fieldType: 'text', groupName: 'g' });
  const flags = (updatedAt?: string, createdAt?: string) => ({
    platformDefined: false,
    archived: false,
    ...(updatedAt === undefined ? {} : { updatedAt }),
    ...(createdAt === undefined ? {} : { createdAt }),
  });

  it('a rename whose old property is as it was is not finished (new, or to resume)', () => {
    expect(
      renameFinished('tickets', 'a', 'b', old, flags('2026-01-01T00:00:00Z'), undefined),
    ).toBeUndefined();
    expect(
      renameFinished(
        'tickets',
        'a',
        'b',
        old,
        flags('2026-01-01T00:00:00Z'),
        flags(undefined, '2026-02-01T00:00:00Z'),
      ),
    ).toBeUndefined();
    expect(renameFinished('tickets', 'a', 'b', old, flags(), flags())).toBeUndefined();
  });

  it('the mark on the old property says it finished', () => {
    const marked = { ...old, description: renamedDescription('Help text', 'b') };
    expect(renameFinished('tickets', 'a', 'b', marked, flags(), undefined)).toMatchObject({
      marked: true,
      why: expect.stringContaining('carries the mark') as unknown,
    });
    // a mark for another name does not count
    expect(renameFinished('tickets', 'a', 'c', marked, flags(), undefined)).toBeUndefined();
  });

  it('an old property changed after the new one was created came back since', () => {
    const why = renameFinished(
      'tickets',
      'a',
      'b',
      old,
      flags('2026-03-01T00:00:00Z'),
      flags(undefined, '2026-02-01T00:00:00Z'),
    );
    expect(why?.marked).toBe(false);
    expect(why?.why).toContain('was changed (2026-03-01T00:00:00Z) after tickets.b was created');
  });
});

describe('marks', () => {
  it('a rename mark is the last line and reads back', () => {
    expect(renamedDescription('', 'b')).toBe('crm-schema: renamed to b');
    expect(renamedTo(renamedDescription('Line one\nline two', 'new_name'))).toBe('new_name');
    expect(renamedTo('crm-schema: renamed to b\nmore text')).toBeUndefined();
    expect(renamedTo('plain')).toBeUndefined();
  });

  it('a retired option is hidden and says what replaced it', () => {
    const option = { label: 'Urgent', value: 'urgent', description: 'old', displayOrder: 3, hidden: false };
    const retired = retiredOption(option, "p'1");
    expect(retired).toEqual({ ...option, hidden: true, description: "crm-schema: replaced by 'p'1'" });
    expect(replacedBy(retired)).toBe("p'1");
    expect(replacedBy(option)).toBeUndefined();
  });
});
