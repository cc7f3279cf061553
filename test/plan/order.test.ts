import { describe, expect, it } from 'vitest';
import type { KnownChange as Change } from '../../src/families/all-families.js';
import { computeDependencies } from '../../src/engine/plan/dependencies.js';
import { idOf } from '../../src/engine/plan/kinds/registry.js';
import { orderChanges } from '../../src/engine/plan/order.js';
import { plan } from '../../src/engine/plan/plan.js';
import { desired, prop, state } from './fixtures.js';
import { scenarioDesired, scenarioLive } from './scenario.js';

describe('order', () => {
  const doc = plan(scenarioDesired(), scenarioLive());

  it('runs phase by phase, by address within a phase, dependencies first', () => {
    expect(doc.diagnostics).toStrictEqual([]);
    expect(doc.changes.map((c) => [c.phase, c.id])).toStrictEqual([
      ['groups.create', 'group.create tickets.group:escalation2'],
      // a_calc sorts first by address, but needs z_base
      ['properties.create', 'property.create tickets.z_base'],
      ['properties.create', 'property.create tickets.a_calc'],
      ['properties.create', 'property.replace tickets.uniq'],
      ['properties.update', 'property.update tickets.level'],
      ['properties.update', 'property.update tickets.mv'],
      ['properties.update', 'property.update tickets.upd'],
      ['labels.write', 'label.create tickets->orders:Primary order'],
      ['limits.set', 'limit.set tickets->orders:PLATFORM_DEFINED/27'],
      ['limits.set', 'limit.set tickets->orders:Primary order'],
      ['eventProperties.write', 'eventProperty.create event:order_shipped.carrier'],
      ['eventProperties.write', 'eventProperty.update event:order_shipped.note'],
      ['eventProperties.write', 'eventProperty.delete event:order_shipped.weight'],
      ['eventProperties.write', 'eventProperty.create event:order_shipped.weight'],
      ['eventProperties.delete', 'eventProperty.delete event:order_shipped.gone'],
      ['limits.purge', 'limit.purge tickets->orders:Old'],
      ['labels.delete', 'label.delete tickets->orders:Old'],
      ['properties.archive', 'property.archive tickets.old1'],
      ['groups.archive', 'group.archive tickets.group:oldgroup'],
    ]);
  });

  it('lists what each change depends on', () => {
    const deps = Object.fromEntries(
      doc.changes.filter((c) => c.dependsOn.length > 0).map((c) => [c.id, c.dependsOn]),
    );
    expect(deps).toStrictEqual({
      'property.create tickets.a_calc': ['property.create tickets.z_base'],
      'property.update tickets.mv': ['group.create tickets.group:escalation2'],
      'limit.set tickets->orders:Primary order': ['label.create tickets->orders:Primary order'],
      'eventProperty.create event:order_shipped.weight': ['eventProperty.delete event:order_shipped.weight'],
      'label.delete tickets->orders:Old': ['limit.purge tickets->orders:Old'],
      'group.archive tickets.group:oldgroup': ['property.archive tickets.old1'],
    });
  });

  it('is deterministic whatever the input order', () => {
    const changes = doc.changes.map((c) => ({ type: c.type, meta: c.meta }) as Change);
    const deps = computeDependencies(changes);
    const expected = orderChanges(changes, deps).ordered.map(idOf);
    for (const seed of [1, 2, 3, 4, 5]) {
      const shuffled = [...changes].sort(
        (a, b) => ((idOf(a).length * seed) % 7) - ((idOf(b).length * seed) % 7),
      );
      expect(orderChanges(shuffled, computeDependencies(shuffled)).ordered.map(idOf)).toStrictEqual(expected);
    }
    expect(expected).toStrictEqual(doc.changes.map((c) => c.id));
  });

  it('orders a chain of calculated properties after what they use', () => {
    const calc = (name: string, formula: string) =>
      prop(name, { type: 'number', fieldType: 'calculation_equation', calculationFormula: formula });
    const result = plan(
      desired(
        state({
          properties: {
            tickets: [calc('a', 'b + c'), calc('b', 'c * 2'), calc('c', 'if(x, 1, 0)'), prop('x')],
          },
        }),
      ),
      state({ properties: { tickets: [] } }),
    );
    // address order would be a, b, c, x; each comes after what its formula uses
    expect(result.changes.map((c) => c.address)).toStrictEqual([
      'tickets.x',
      'tickets.c',
      'tickets.b',
      'tickets.a',
    ]);
    expect(result.changes.map((c) => c.dependsOn)).toStrictEqual([
      [],
      ['property.create tickets.x'],
      ['property.create tickets.c'],
      ['property.create tickets.b', 'property.create tickets.c'],
    ]);
  });

  it('reports a formula cycle as an error', () => {
    const calc = (name: string, formula: string) =>
      prop(name, { type: 'number', fieldType: 'calculation_equation', calculationFormula: formula });
    const result = plan(
      desired(state({ properties: { tickets: [calc('a', 'b + 1'), calc('b', 'a + 1')] } })),
      state({ properties: { tickets: [] } }),
    );
    expect(result.diagnostics).toStrictEqual([
      {
        level: 'error',
        code: 'DEPENDENCY_CYCLE',
        address: 'tickets.a',
        message: 'Calculated properties use each other in a cycle: tickets.a -> tickets.b -> tickets.a',
        hint: 'Change one of the formulas so that they no longer depend on each other.',
      },
    ]);
    expect(result.summary.errors).toBe(1);
  });

  it('archives a calculated property before the properties its formula uses', () => {
    const live = state({
      properties: {
        tickets: [
          prop('a_base'),
          prop('b_calc', {
            type: 'number',
            fieldType: 'calculation_equation',
            calculationFormula: 'a_base * 2',
          }),
        ],
      },
    });
    const result = plan(
      desired(state({ properties: { tickets: [] } }), [
        { kind: 'property', objectType: 'tickets', name: 'a_base' },
        { kind: 'property', objectType: 'tickets', name: 'b_calc' },
      ]),
      live,
    );
    expect(result.changes.map((c) => [c.id, c.dependsOn])).toStrictEqual([
      ['property.archive tickets.b_calc', []],
      ['property.archive tickets.a_base', ['property.archive tickets.b_calc']],
    ]);
  });
});
