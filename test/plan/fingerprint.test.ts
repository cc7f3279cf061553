import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/engine/plan/canonical-json.js';
import type { KnownChange as Change } from '../../src/families/all-families.js';
import { ABSENT, fingerprint, fingerprintFor } from '../../src/engine/plan/fingerprint.js';
import { liveResourceFor } from '../../src/engine/plan/kinds/registry.js';
import { plan } from '../../src/engine/plan/plan.js';
import { prop, state } from './fixtures.js';
import { scenarioDesired, scenarioLive } from './scenario.js';
import { objectsOf } from '../helpers/families.js';

describe('fingerprints', () => {
  it('is absent for no resource, and a sha256 of canonical JSON otherwise', () => {
    expect(fingerprint(undefined)).toBe(ABSENT);
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 0 }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"y":0,"z":1}]},"b":1}',
    );
    expect(fingerprint({ a: 1, b: 2 })).toBe(fingerprint({ b: 2, a: 1 }));
    expect(fingerprint({ a: 1 })).toMatch(/^sha256:[0-9a-f]{64}$/);
    // sha256 of '{"a":1}'
    expect(fingerprint({ a: 1 })).toBe(
      'sha256:015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862',
    );
  });

  it('gives every change of a plan the fingerprint of the live resource it was computed from', () => {
    const live = scenarioLive();
    const doc = plan(scenarioDesired(), live);
    const fingerprints = Object.fromEntries(doc.changes.map((c) => [c.id, c.fingerprint]));
    expect(fingerprints['property.create tickets.z_base']).toBe(ABSENT);
    expect(fingerprints['label.create tickets->orders:Primary order']).toBe(ABSENT);
    expect(fingerprints['limit.set tickets->orders:Primary order']).toBe(ABSENT);
    expect(fingerprints['property.update tickets.upd']).toBe(
      fingerprint(objectsOf(live).get('tickets')!.properties.get('upd')),
    );
    expect(fingerprints['label.delete tickets->orders:Old']).toBe(
      fingerprint({ label: 'Old', category: 'USER_DEFINED', typeId: 1001 }),
    );
    expect(fingerprints['limit.purge tickets->orders:Old']).toBe(
      fingerprint({ category: 'USER_DEFINED', typeId: 1001, label: 'Old', maxToObjectIds: 3 }),
    );
    expect(fingerprints['eventProperty.create event:order_shipped.weight']).toBe(
      fingerprints['eventProperty.delete event:order_shipped.weight'],
    );
    for (const change of doc.changes) expect(change.fingerprint).toBe(fingerprintFor(change, live));
  });

  it('changes when the live resource moves, and treats an archived property as absent', () => {
    const change: Change = {
      type: 'property.update',
      meta: { objectType: 'tickets', name: 'a', fields: [] },
    };
    const before = fingerprintFor(change, state({ properties: { tickets: [prop('a')] } }));
    expect(
      fingerprintFor(change, state({ properties: { tickets: [prop('a', { label: 'moved' })] } })),
    ).not.toBe(before);
    expect(fingerprintFor(change, state({ properties: { tickets: [prop('a')] } }))).toBe(before);
    expect(
      liveResourceFor(change, state({ properties: { tickets: [{ ...prop('a'), archived: true }] } })),
    ).toBeUndefined();
  });
});
