import { describe, expect, it } from 'vitest';
import { defaultOptionDisplayOrder } from '../../src/engine/model/defaults.js';
import {
  deriveLabelName,
  fromApiLabel,
  pairKey,
} from '../../src/families/association/normalize-association.js';
import { fromApiEventProperty, normalizeEventProperty } from '../../src/families/event/normalize-event.js';
import { fromApiGroup, normalizeGroup } from '../../src/families/property/normalize-group.js';
import { fromApiProperty, normalizeProperty } from '../../src/families/property/normalize-property.js';
import { flagsOf as propertyFlagsOf } from '../../src/engine/model/flags.js';
import { canonicalObjectType, objectTypeIdOf } from '../../src/engine/model/object-types.js';
import type { EventProperty, Property } from '../../src/wire/api.js';
import { fromApiLimit, limitKey } from '../../src/families/association/limit-model.js';
import { addApiProperty } from '../../src/families/property/model.js';
import { emptySchemaState } from '../../src/engine/model/schema-model.js';
import { objectSchemaOf } from '../../src/families/property/model.js';
import { addApiLimit, addApiLabel } from '../../src/families/association/model.js';
import { associationsOf, objectsOf } from '../helpers/families.js';

const apiProperty: Property = {
  name: 'escalation_level',
  label: 'Escalation level',
  type: 'enumeration',
  fieldType: 'select',
  groupName: 'escalation',
  description: '',
  displayOrder: -1,
  options: [
    { label: 'Low', value: 'low', description: '', displayOrder: 0, hidden: false },
    { label: 'High', value: 'high', description: '', displayOrder: 1, hidden: false },
  ],
  dataSensitivity: 'non_sensitive',
  externalOptions: false,
  formField: false,
  hasUniqueValue: false,
  hidden: false,
  calculated: false,
  archived: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
  createdUserId: '42',
  updatedUserId: '42',
  platformDefined: false,
  modificationMetadata: { archivable: true, readOnlyDefinition: false, readOnlyValue: false },
  showCurrencySymbol: false,
  calculationFormula: '',
};

describe('object types', () => {
  it('maps well-known ids and names to one canonical name', () => {
    expect(canonicalObjectType('0-5')).toBe('tickets');
    expect(canonicalObjectType('tickets')).toBe('tickets');
    expect(canonicalObjectType('TICKETS')).toBe('tickets');
    expect(canonicalObjectType('0-123')).toBe('orders');
    expect(canonicalObjectType('0-410')).toBe('courses');
    expect(canonicalObjectType('0-1')).toBe('contacts');
    expect(objectTypeIdOf('orders')).toBe('0-123');
    expect(objectTypeIdOf('0-162')).toBe('0-162');
  });

  it('passes unknown ids and names through unchanged', () => {
    expect(canonicalObjectType('2-123')).toBe('2-123');
    expect(canonicalObjectType('p_Custom')).toBe('p_Custom');
    expect(objectTypeIdOf('goal_targets')).toBeUndefined();
  });

  it('keys state by the canonical name', () => {
    const s = emptySchemaState();
    expect(objectSchemaOf(s, '0-5')).toBe(objectSchemaOf(s, 'tickets'));
    expect([...objectsOf(s).keys()]).toEqual(['tickets']);
    expect(pairKey('0-5', '0-123')).toBe('tickets->orders');
  });
});

describe('properties', () => {
  it('a property declared with few fields equals the same property as the API returns it', () => {
    const declared = normalizeProperty({
      name: 'escalation_level',
      label: 'Escalation level',
      type: 'enumeration',
      fieldType: 'select',
      groupName: 'escalation',
      options: [
        { label: 'Low', value: 'low' },
        { label: 'High', value: 'high' },
      ],
    });
    // a display field the API answers is kept; the planner compares it only where a manifest gives it
    const { showCurrencySymbol, ...live } = fromApiProperty(apiProperty);
    expect(showCurrencySymbol).toBe(false);
    expect(live).toStrictEqual(declared);
  });

  it('fills every default and drops response-only fields', () => {
    expect(
      normalizeProperty({ name: 'x', label: 'X', type: 'string', fieldType: 'text', groupName: 'g' }),
    ).toStrictEqual({
      name: 'x',
      label: 'X',
      type: 'string',
      fieldType: 'text',
      groupName: 'g',
      description: '',
      displayOrder: -1,
      options: [],
      dataSensitivity: 'non_sensitive',
      externalOptions: false,
      formField: false,
      hasUniqueValue: false,
      hidden: false,
    });
    const normalized = fromApiProperty(apiProperty) as unknown as Record<string, unknown>;
    for (const key of [
      'createdAt',
      'updatedAt',
      'createdUserId',
      'modificationMetadata',
      'calculated',
      'archived',
    ]) {
      expect(normalized).not.toHaveProperty(key);
    }
  });

  it('keeps set optional fields and treats empty strings as unset', () => {
    const p = normalizeProperty({
      name: 'owner',
      label: 'Owner',
      type: 'enumeration',
      fieldType: 'select',
      groupName: 'g',
      externalOptions: true,
      referencedObjectType: 'OWNER',
      calculationFormula: '',
    });
    expect(p.referencedObjectType).toBe('OWNER');
    expect(p).not.toHaveProperty('calculationFormula');
  });

  it('gives an option without displayOrder its index, and keeps an explicit one', () => {
    const p = normalizeProperty({
      name: 'x',
      label: 'X',
      type: 'enumeration',
      fieldType: 'select',
      groupName: 'g',
      options: [
        { label: 'A', value: 'a' },
        { label: 'B', value: 'b', displayOrder: 7, hidden: true, description: 'bee' },
      ],
    });
    expect(defaultOptionDisplayOrder(0)).toBe(0);
    expect(p.options).toStrictEqual([
      { label: 'A', value: 'a', description: '', displayOrder: 0, hidden: false },
      { label: 'B', value: 'b', description: 'bee', displayOrder: 7, hidden: true },
    ]);
  });

  it('reads the live-only flags separately', () => {
    const modified = {
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-02T00:00:00.000Z',
      updatedUserId: '42',
    };
    expect(propertyFlagsOf(apiProperty)).toStrictEqual({
      platformDefined: false,
      archived: false,
      ...modified,
    });
    expect(propertyFlagsOf({ ...apiProperty, platformDefined: true, archived: true })).toStrictEqual({
      platformDefined: true,
      archived: true,
      ...modified,
    });
    const s = emptySchemaState();
    addApiProperty(s, '0-5', { ...apiProperty, platformDefined: true });
    expect(objectsOf(s).get('tickets')?.propertyFlags.get('escalation_level')).toStrictEqual({
      platformDefined: true,
      archived: false,
      ...modified,
    });
  });
});

describe('groups, labels, limits, event properties', () => {
  it('normalises groups', () => {
    expect(normalizeGroup({ name: 'g', label: 'G' })).toStrictEqual({
      name: 'g',
      label: 'G',
      displayOrder: -1,
    });
    expect(fromApiGroup({ name: 'g', label: 'G', displayOrder: 3, archived: false })).toStrictEqual({
      name: 'g',
      label: 'G',
      displayOrder: 3,
    });
  });

  it('normalises labels; the unlabeled type is no label', () => {
    expect(fromApiLabel({ category: 'PLATFORM_DEFINED', typeId: 27, label: null })).toBeUndefined();
    expect(
      fromApiLabel(
        { category: 'USER_DEFINED', typeId: 1001, label: 'Primary order' },
        { typeId: 1002, label: 'Primary ticket' },
      ),
    ).toStrictEqual({
      label: 'Primary order',
      category: 'USER_DEFINED',
      typeId: 1001,
      inverseTypeId: 1002,
      inverseLabel: 'Primary ticket',
    });
    const s = emptySchemaState();
    addApiLabel(s, 'tickets', 'orders', { category: 'PLATFORM_DEFINED', typeId: 27, label: null });
    addApiLabel(s, '0-5', '0-123', { category: 'USER_DEFINED', typeId: 1001, label: 'Main' });
    expect([...associationsOf(s).get('tickets->orders')!.labels.keys()]).toEqual(['Main']);
  });

  it('normalises limits: only types with a limit count', () => {
    expect(fromApiLimit({ category: 'PLATFORM_DEFINED', typeId: 27, label: null })).toBeUndefined();
    expect(
      fromApiLimit({ category: 'PLATFORM_DEFINED', typeId: 27, label: null, userEnforcedMaxToObjectIds: 50 }),
    ).toStrictEqual({ category: 'PLATFORM_DEFINED', typeId: 27, maxToObjectIds: 50 });
    const s = emptySchemaState();
    addApiLimit(s, 'tickets', 'orders', {
      category: 'USER_DEFINED',
      typeId: 1001,
      label: 'Main',
      userEnforcedMaxToObjectIds: 2,
    });
    expect([...associationsOf(s).get('tickets->orders')!.limits.keys()]).toEqual(['Main']);
  });

  it('keys limits by label text for user labels and by category/typeId otherwise', () => {
    expect(limitKey({ category: 'USER_DEFINED', label: 'Primary order' })).toBe('Primary order');
    expect(limitKey({ category: 'PLATFORM_DEFINED', typeId: 27 })).toBe('PLATFORM_DEFINED/27');
    expect(limitKey({ category: 'PLATFORM_DEFINED', typeId: 1, label: 'Primary' })).toBe(
      'PLATFORM_DEFINED/1',
    );
  });

  it('derives a valid internal label name', () => {
    expect(deriveLabelName('Primary order')).toBe('primary_order');
    expect(deriveLabelName('2nd-line owner')).toBe('label_2nd_line_owner');
    expect(deriveLabelName('  --  ')).toBe('label');
  });

  it('normalises event properties like the API returns them', () => {
    const api = {
      ...apiProperty,
      name: 'carrier',
      label: 'Carrier',
      type: 'enumeration',
      options: [{ label: 'Post', value: 'post', displayOrder: 0, hidden: false, description: '' }],
      externalOptionsReferenceType: '',
    } as EventProperty;
    expect(fromApiEventProperty(api)).toStrictEqual(
      normalizeEventProperty({
        name: 'carrier',
        label: 'Carrier',
        type: 'enumeration',
        options: [{ label: 'Post', value: 'post' }],
      }),
    );
  });
});
