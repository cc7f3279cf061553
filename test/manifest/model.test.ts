/** The desired-state model: normalised, keyed, with tombstones and source locations. */
import { describe, expect, it } from 'vitest';
import { loadProject, validatePaths } from '../../src/engine/manifest/index.js';
import { deriveLabelName } from '../../src/families/association/normalize-association.js';
import { check } from './helpers.js';
import { limitTargetKey } from '../../src/families/association/manifest/declarations.js';
import { propertyDeclarations, associationDeclarations, eventDeclarations } from '../helpers/families.js';

describe('desired-state model', () => {
  const report = check({
    'tickets.yaml': `kind: Properties
objectType: '0-5'
groups:
  - { name: g, label: G, displayOrder: 2 }
  - { name: old, archived: true }
properties:
  - name: level
    label: Level
    type: enumeration
    fieldType: select
    groupName: g
    options: [{ label: Low, value: low }]
  - { name: legacy, archived: true }
`,
    'assoc.yaml': `kind: Associations
from: tickets
to: '0-123'
types:
  - { label: Primary order, inverseLabel: Primary ticket, maxToObjectIds: 1 }
  - { label: Custom, name: custom_name }
  - { label: Gone, deleted: true }
  - { category: PLATFORM_DEFINED, typeId: 27, maxToObjectIds: 50 }
  - { category: USER_DEFINED, typeId: 91, maxToObjectIds: null }
`,
    'events.yaml': `kind: EventProperties
eventName: order_shipped
properties:
  - { name: carrier, label: Carrier, type: string }
  - { name: old_field, deleted: true }
`,
  });
  const model = report.projects[0]!.model;

  it('keys object types canonically and keeps them as written in entries', () => {
    expect([...propertyDeclarations(model).properties.keys()]).toEqual(['tickets']);
    expect(propertyDeclarations(model).properties.get('tickets')!.get('level')).toEqual({
      archived: false,
      objectType: '0-5',
      name: 'level',
      definition: {
        name: 'level',
        label: 'Level',
        type: 'enumeration',
        fieldType: 'select',
        groupName: 'g',
        options: [{ label: 'Low', value: 'low' }],
      },
      source: { file: 'tickets.yaml', line: 7, col: 5 },
    });
  });

  it('keeps tombstones as entries without a definition', () => {
    expect(propertyDeclarations(model).properties.get('tickets')!.get('legacy')).toEqual({
      archived: true,
      objectType: '0-5',
      name: 'legacy',
      source: { file: 'tickets.yaml', line: 13, col: 5 },
    });
    expect(propertyDeclarations(model).groups.get('tickets')!.get('old')).toMatchObject({
      archived: true,
      name: 'old',
    });
    expect(propertyDeclarations(model).groups.get('tickets')!.get('g')).toMatchObject({
      archived: false,
      label: 'G',
      displayOrder: 2,
    });
    expect(eventDeclarations(model).eventProperties.get('order_shipped')!.get('old_field')).toMatchObject({
      deleted: true,
    });
    expect(eventDeclarations(model).eventProperties.get('order_shipped')!.get('carrier')).toMatchObject({
      deleted: false,
      definition: { name: 'carrier', label: 'Carrier', type: 'string' },
    });
  });

  it('holds labels (with their names) and limits per direction', () => {
    const pair = associationDeclarations(model).associations.get('tickets->orders')!;
    expect(pair.from).toBe('tickets');
    expect(pair.to).toBe('0-123');
    expect(
      [...pair.labels.values()].map((l) =>
        l.deleted ? `-${l.label}` : `${l.label}=${l.name}${l.nameDerived ? '*' : ''}`,
      ),
    ).toEqual(['Primary order=primary_order*', 'Custom=custom_name', '-Gone']);
    expect(
      [...pair.limits.entries()].map(([key, limit]) => `${key}:${String(limit.maxToObjectIds)}`),
    ).toEqual(['Primary order:1', 'PLATFORM_DEFINED/27:50', 'USER_DEFINED/91:null']);
    expect(pair.limits.get('PLATFORM_DEFINED/27')!.source).toEqual({ file: 'assoc.yaml', line: 8, col: 63 });
  });

  it('derives label names and limit keys', () => {
    expect(deriveLabelName('Primary order (main)')).toBe('primary_order_main');
    expect(limitTargetKey({ label: 'A' })).toBe('A');
    expect(limitTargetKey({ category: 'WORK', typeId: 4 })).toBe('WORK/4');
  });

  it('gives file digests for the planner', () => {
    expect(report.projects[0]!.files.map((f) => f.file)).toEqual([
      'tickets.yaml',
      'assoc.yaml',
      'events.yaml',
    ]);
    expect(report.projects[0]!.files[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the example project', () => {
  it('loads with its config, environments and policy', async () => {
    const { report, config, model } = await loadProject({ cwd: 'examples' });
    expect(report.diagnostics).toEqual([]);
    expect(config!.manifests).toEqual(['schema/**/*.yaml']);
    expect(config!.defaultEnvironment).toBe('staging');
    expect(config!.environments.get('production')).toMatchObject({
      baseUrl: 'https://crm.example.com',
      tokenEnv: 'CRM_TOKEN_PRODUCTION',
      policy: {
        destructive: 'deny',
        allow: ['tickets.support_legacy_code'],
        unmanaged: 'report',
        manage: { groups: ['tickets.support_escalation'], prefixes: ['support_', 'commerce_'] },
      },
    });
    expect(config!.environments.get('staging')!.policy.destructive).toBe('allow');
    expect([...propertyDeclarations(model).properties.keys()].sort()).toEqual([
      'orders',
      'products',
      'subscriptions',
      'tickets',
    ]);
    expect(propertyDeclarations(model).properties.get('orders')!.get('commerce_net_total')).toMatchObject({
      definition: {
        fieldType: 'calculation_equation',
        calculationFormula: 'commerce_gross_total - commerce_discount_total',
      },
    });
    expect(
      associationDeclarations(model).associations.get('tickets->orders')!.limits.get('PLATFORM_DEFINED/27')!
        .maxToObjectIds,
    ).toBe(50);
    expect(eventDeclarations(model).eventProperties.get('order_shipped')!.size).toBe(5);
  });

  it('is what `validate examples` checks: the project, not examples/invalid', async () => {
    const report = await validatePaths(['examples']);
    expect(report.ok).toBe(true);
    expect(report.warningCount).toBe(0);
    expect(report.files).toEqual([
      'examples/crm-schema.yaml',
      'examples/schema/associations.yaml',
      'examples/schema/events.yaml',
      'examples/schema/orders.yaml',
      'examples/schema/products.yaml',
      'examples/schema/subscriptions.yaml',
      'examples/schema/tickets.yaml',
    ]);
  });
});
