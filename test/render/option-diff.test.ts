import { describe, expect, it } from 'vitest';
import { normalizeOptions } from '../../src/engine/model/normalize-options.js';
import { diffOptions } from '../../src/engine/plan/diff/option-diff.js';
import { optionDiffLines, optionListText } from '../../src/engine/render/common/option-diff.js';

const options = (...list: { label: string; value: string; hidden?: boolean; description?: string }[]) =>
  normalizeOptions(list);

describe('option diff lines', () => {
  it('lists removed and added options by value, and one ~ line per changed option', () => {
    const old = options(
      { label: 'Low', value: 'low' },
      { label: 'High', value: 'high' },
      { label: 'Old', value: 'legacy' },
    );
    const next = options(
      { label: 'Very high', value: 'high', hidden: true },
      { label: 'Low', value: 'low', description: 'not urgent' },
      { label: 'Two words', value: 'two words' },
    );
    expect(optionDiffLines(diffOptions(old, next))).toStrictEqual([
      { sign: '-', text: 'legacy "Old"' },
      { sign: '~', text: 'high: label "High" -> "Very high", position 2 -> 1, hidden' },
      { sign: '~', text: 'low: position 1 -> 2, description "" -> "not urgent"' },
      { sign: '+', text: '"two words" "Two words"' },
    ]);
  });

  it('says how many records still hold a removed option', () => {
    const option = options({ label: 'Old', value: 'legacy' })[0]!;
    expect(
      optionDiffLines([
        { kind: 'removed', value: 'legacy', option, recordCount: 412 },
        { kind: 'removed', value: 'legacy', option, recordCount: 1 },
        { kind: 'removed', value: 'legacy', option, recordCount: 0 },
        { kind: 'added', value: 'legacy', option: { ...option, hidden: true } },
      ]),
    ).toStrictEqual([
      { sign: '-', text: 'legacy "Old" (412 records still hold it)' },
      { sign: '-', text: 'legacy "Old" (1 record still holds it)' },
      { sign: '-', text: 'legacy "Old" (no record holds it)' },
      { sign: '+', text: 'legacy "Old" (hidden)' },
    ]);
  });

  it('names a displayOrder change that does not follow the position', () => {
    expect(
      optionDiffLines([
        {
          kind: 'reordered',
          value: 'a',
          oldPosition: 0,
          newPosition: 0,
          oldDisplayOrder: 0,
          newDisplayOrder: 5,
        },
        {
          kind: 'reordered',
          value: 'b',
          oldPosition: 2,
          newPosition: 1,
          oldDisplayOrder: 2,
          newDisplayOrder: 1,
        },
        {
          kind: 'reordered',
          value: 'c',
          oldPosition: 1,
          newPosition: 1,
          oldDisplayOrder: 1,
          newDisplayOrder: 1,
        },
        { kind: 'hidden', value: 'd', old: true, new: false },
      ]),
    ).toStrictEqual([
      { sign: '~', text: 'a: displayOrder 0 -> 5' },
      { sign: '~', text: 'b: position 3 -> 2' },
      { sign: '~', text: 'c: moved among the other options (position 2)' },
      { sign: '~', text: 'd: shown again' },
    ]);
  });

  it('writes the options of a created property on one line, shortened past 8', () => {
    const many = options(...Array.from({ length: 10 }, (_, i) => ({ label: `L${i}`, value: `v${i}` })));
    expect(optionListText(many.slice(0, 2))).toBe('v0 "L0", v1 "L1"');
    expect(optionListText(many)).toBe(
      'v0 "L0", v1 "L1", v2 "L2", v3 "L3", v4 "L4", v5 "L5", v6 "L6", v7 "L7" and 2 more',
    );
  });
});
