import { describe, expect, it } from 'vitest';
import { idOf, messageOf, addressOf, requestsFor } from '../../src/engine/plan/kinds/registry.js';
import { changeOf, checkPlanConsistency, readPlanDocument } from '../../src/engine/plan/plan-document.js';
import { plan } from '../../src/engine/plan/plan.js';
import { desired, exactCounts, prop, state } from './fixtures.js';
import { scenarioDesired, scenarioLive } from './scenario.js';

describe('the plan document', () => {
  const counts = new Map([
    ['tickets.level=legacy', 412],
    ['tickets.old1', 7],
    ['tickets.uniq', 0],
  ]);
  const doc = plan(scenarioDesired(), scenarioLive(), { counts: exactCounts(counts) });

  it('survives a JSON round trip unchanged and derives the same values when read back', () => {
    const back = readPlanDocument(JSON.parse(JSON.stringify(doc)));
    expect(back).toStrictEqual(doc);
    for (const change of back.changes) {
      const data = changeOf(change);
      expect([
        idOf(data),
        addressOf(data),
        messageOf(data),
        requestsFor(data, doc.apiVersion ?? 'legacy'),
      ]).toStrictEqual([change.id, change.address, change.message, change.requests]);
    }
    expect(checkPlanConsistency(back)).toStrictEqual([]);
  });

  it('summarises the changes', () => {
    expect(doc.formatVersion).toBe(2);
    expect(doc.summary).toStrictEqual({
      changes: 19,
      create: 7,
      update: 5,
      replace: 1,
      remove: 6,
      safe: 12,
      dangerous: 0,
      destructive: 7,
      refused: 8,
      errors: 0,
      warnings: 0,
    });
    const level = doc.changes.find((c) => c.id === 'property.update tickets.level');
    expect([level?.severity, level?.reason, level?.affected?.count]).toStrictEqual([
      'destructive',
      "removes option 'legacy': 412 records still hold 'legacy' (give the option that takes over in replaces to rewrite them)",
      412,
    ]);
  });

  it('refuses another format version', () => {
    expect(() => readPlanDocument({ ...doc, formatVersion: 3 })).toThrow(
      'This plan has format version 3; this crm-schema reads version 2.',
    );
    expect(() => readPlanDocument(null)).toThrow('This plan has format version null');
  });

  it('refuses a plan edited after it was made', () => {
    const edited = JSON.parse(JSON.stringify(doc)) as typeof doc;
    const change = edited.changes.find((c) => c.id === 'property.update tickets.upd')!;
    (change.meta as { fields: { new: unknown }[] }).fields[0]!.new = 'Tampered';
    expect(checkPlanConsistency(edited)).toStrictEqual([
      'property.update tickets.upd: requests does not match its type and meta',
    ]);
    expect(() => readPlanDocument(edited)).toThrow(/The plan file was changed after it was made/);
  });

  it('an empty plan when nothing differs', () => {
    const same = state({ properties: { tickets: [prop('a')] } });
    const empty = plan(desired(state({ properties: { tickets: [prop('a')] } })), same);
    expect(empty).toStrictEqual({
      formatVersion: 2,
      apiVersion: 'legacy',
      changes: [],
      diagnostics: [],
      summary: {
        changes: 0,
        create: 0,
        update: 0,
        replace: 0,
        remove: 0,
        safe: 0,
        dangerous: 0,
        destructive: 0,
        refused: 0,
        errors: 0,
        warnings: 0,
      },
    });
  });
});
