/** Live resources as manifest entries: API names, platform defaults left out exactly where the normaliser fills them. */
import { describe, expect, it } from 'vitest';
import { normalizeProperty } from '../../src/families/property/normalize-property.js';
import { normalizeEventProperty } from '../../src/families/event/normalize-event.js';
import { groupEntry, optionEntry, propertyEntry } from '../../src/families/property/pull/entries.js';
import { eventPropertyEntry } from '../../src/families/event/pull/entries.js';
import { labelEntry } from '../../src/families/association/pull/entries.js';

const base = { name: 'p', label: 'P', type: 'string', fieldType: 'text', groupName: 'g' };

describe('pulled entries', () => {
  it('leave out every field equal to its default, and normalise back to the same property', () => {
    const live = normalizeProperty({
      ...base,
      description: '',
      displayOrder: -1,
      hidden: false,
      formField: false,
    });
    expect(propertyEntry(live)).toEqual(base);
    const rich = normalizeProperty({
      ...base,
      type: 'enumeration',
      fieldType: 'select',
      description: 'd',
      displayOrder: 0,
      hidden: true,
      formField: true,
      hasUniqueValue: true,
      dataSensitivity: 'highly_sensitive',
      options: [
        { label: 'A', value: 'a', displayOrder: 0 },
        { label: 'B', value: 'b', displayOrder: 7, hidden: true, description: 'x' },
      ],
    });
    const entry = propertyEntry(rich);
    expect(entry).toEqual({
      ...base,
      type: 'enumeration',
      fieldType: 'select',
      description: 'd',
      displayOrder: 0,
      dataSensitivity: 'highly_sensitive',
      hasUniqueValue: true,
      formField: true,
      hidden: true,
      options: [
        { label: 'A', value: 'a' },
        { label: 'B', value: 'b', description: 'x', displayOrder: 7, hidden: true },
      ],
    });
    expect(normalizeProperty(entry as never)).toEqual(rich);
  });

  it('never write the options of an externalOptions property (the platform fills them)', () => {
    const owner = normalizeProperty({
      ...base,
      type: 'enumeration',
      fieldType: 'select',
      externalOptions: true,
      referencedObjectType: 'OWNER',
      options: [{ label: 'Ann', value: '1' }],
    });
    expect(propertyEntry(owner)).toEqual({
      ...base,
      type: 'enumeration',
      fieldType: 'select',
      externalOptions: true,
      referencedObjectType: 'OWNER',
    });
  });

  it('write an option displayOrder only when it is not the position', () => {
    expect(
      optionEntry({ label: 'A', value: 'a', description: '', displayOrder: 3, hidden: false }, 3),
    ).toEqual({
      label: 'A',
      value: 'a',
    });
    expect(
      optionEntry({ label: 'A', value: 'a', description: '', displayOrder: -1, hidden: false }, 0),
    ).toEqual({
      label: 'A',
      value: 'a',
      displayOrder: -1,
    });
  });

  it('write groups, event properties and labels short', () => {
    expect(groupEntry({ name: 'g', label: 'G', displayOrder: -1 })).toEqual({ name: 'g', label: 'G' });
    expect(groupEntry({ name: 'g', label: 'G', displayOrder: 0 })).toEqual({
      name: 'g',
      label: 'G',
      displayOrder: 0,
    });
    expect(
      eventPropertyEntry(normalizeEventProperty({ name: 'n', label: 'N', type: 'number', description: '' })),
    ).toEqual({ name: 'n', label: 'N', type: 'number' });
    // a label pair: both texts, and the limits of both directions' types
    const pair = {
      label: 'Primary',
      category: 'USER_DEFINED' as const,
      typeId: 40,
      inverseTypeId: 41,
      inverseLabel: 'Of',
    };
    expect(labelEntry(pair, { maxToObjectIds: 1, inverseMaxToObjectIds: 3 })).toEqual({
      label: 'Primary',
      inverseLabel: 'Of',
      maxToObjectIds: 1,
      inverseMaxToObjectIds: 3,
    });
    expect(labelEntry({ label: 'Alone', category: 'USER_DEFINED' as const }, {})).toEqual({ label: 'Alone' });
  });
});
