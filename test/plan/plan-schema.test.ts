/** Contract: every plan the planner writes validates against schemas/plan.schema.json. */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { changeTypes } from '../../src/engine/plan/kinds/registry.js';

const CHANGE_TYPES = changeTypes();
import { phaseList } from '../../src/engine/installed.js';
import { buildPlan, plan } from '../../src/engine/plan/plan.js';
import { desired, exactCounts, policy, prop, state } from './fixtures.js';
import { scenarioDesired, scenarioLive } from './scenario.js';
import { reviewPlan } from '../render/plans.js';
import { unremapChange } from '../../src/families/property/kinds/property-unremap-meta.js';

const schema = JSON.parse(
  readFileSync(new URL('../../schemas/plan.schema.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const ajv = new Ajv2020({ allErrors: true, strict: true });
const validate = ajv.compile(schema);

function errorsOf(value: unknown): string[] {
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

describe('schemas/plan.schema.json', () => {
  it('accepts a plan with every change type, record counts, diagnostics and header fields', () => {
    const doc = plan(scenarioDesired(), scenarioLive(), {
      counts: exactCounts([
        ['tickets.level=legacy', 3],
        ['tickets.old1', 1],
      ]),
    });
    const withGroupUpdate = plan(
      desired(
        state({
          groups: { tickets: [{ name: 'g', label: 'New' }] },
          labels: { 'a->b': [{ label: 'L', category: 'USER_DEFINED', renamedFrom: 'K' }] },
        }),
      ),
      state({
        groups: { tickets: [{ name: 'g', label: 'Old' }] },
        labels: { 'a->b': [{ label: 'K', category: 'USER_DEFINED', typeId: 5 }] },
      }),
    );
    const withDiagnostics = plan(
      desired(state({ properties: { tickets: [prop('a', { groupName: 'nowhere' })] } })),
      state({ properties: { tickets: [prop('stray')] } }),
      { policy: policy({ unmanaged: 'report', manage: { groups: ['escalation'], prefixes: ['a'] } }) },
    );
    const withNewEvent = plan(
      desired(
        state({
          events: {
            order_returned: {
              definition: {
                label: 'Order returned',
                description: 'Back at the warehouse.',
                primaryObject: '0-5',
              },
              properties: [{ name: 'reason', label: 'Reason', type: 'string' }],
            },
          },
        }),
      ),
      state({ events: { order_returned: { exists: false, properties: [] } } }),
    );
    const withEventUpdate = plan(
      desired(
        state({
          events: { order_returned: { definition: { label: 'Returned', description: '' }, properties: [] } },
        }),
      ),
      state({
        events: {
          order_returned: { definition: { label: 'Order returned', description: '' }, properties: [] },
        },
      }),
    );
    const review = reviewPlan();
    // a rollback's put-back of a remap (made by src/engine/rollback, never by the diff)
    const putBack = buildPlan(
      {
        changes: [
          unremapChange({
            objectType: 'tickets',
            name: 'sev',
            fields: [
              {
                field: 'options',
                old: [{ label: 'P1', value: 'p1', description: '', displayOrder: 0, hidden: false }],
                new: [{ label: 'Urgent', value: 'urgent', description: '', displayOrder: 0, hidden: false }],
              },
            ],
            values: [{ id: '7', from: 'p1', to: 'urgent' }],
            multiple: false,
            record: '2026-11-27T07-40-00-123Z-3f9a61c2d0e4',
          }),
        ],
        diagnostics: [],
      },
      state(),
    );
    const types = new Set(
      [
        ...doc.changes,
        ...withGroupUpdate.changes,
        ...withNewEvent.changes,
        ...withEventUpdate.changes,
        ...review.changes,
        ...putBack.changes,
      ].map((c) => c.type),
    );
    expect(types.size).toBe(CHANGE_TYPES.length);
    expect(CHANGE_TYPES.length).toBe(21);
    expect(withDiagnostics.diagnostics.length).toBe(2);
    for (const d of [doc, withGroupUpdate, withDiagnostics, withNewEvent, withEventUpdate, review, putBack])
      expect(errorsOf(d)).toStrictEqual([]);
    const saved = {
      ...doc,
      tool: { name: 'crm-schema', version: '0.1.0' },
      target: { baseUrl: 'https://crm.example.com', environment: 'staging' },
      manifestDigest: 'sha256:abc',
    };
    expect(errorsOf(saved)).toStrictEqual([]);
  });

  it('rejects what the planner never writes', () => {
    const doc = plan(scenarioDesired(), scenarioLive());
    expect(errorsOf({ ...doc, formatVersion: 3 })).toContain('/formatVersion must be equal to constant');
    const badMeta = JSON.parse(JSON.stringify(doc)) as typeof doc;
    (badMeta.changes[0]!.meta as Record<string, unknown>).objectType = 5;
    expect(errorsOf(badMeta).length).toBeGreaterThan(0);
    const badFingerprint = JSON.parse(JSON.stringify(doc)) as typeof doc;
    badFingerprint.changes[0]!.fingerprint = 'md5:x';
    expect(errorsOf(badFingerprint)).toContain(
      '/changes/0/fingerprint must match pattern "^(absent|sha256:[0-9a-f]{64})$"',
    );
    expect(errorsOf({ ...doc, token: 'secret' })).toContain(' must NOT have additional properties');
    const badDefinition = plan(
      desired(state({ events: { e: { definition: { label: 'E', description: '' }, properties: [] } } })),
      state({ events: { e: { exists: false, properties: [] } } }),
    );
    expect(errorsOf(badDefinition)).toStrictEqual([]);
    delete (badDefinition.changes[0]!.meta as { definition: { label?: string } }).definition.label;
    expect(errorsOf(badDefinition)).toContain(
      "/changes/0/meta/definition must have required property 'label'",
    );
  });

  it('lists exactly the change types and phases the code has', () => {
    const defs = schema.$defs as Record<string, { properties: Record<string, { enum?: string[] }> }>;
    expect(defs.change!.properties.type!.enum).toStrictEqual([...CHANGE_TYPES]);
    expect(defs.change!.properties.phase!.enum).toStrictEqual([...phaseList()]);
  });

  it('describes every key', () => {
    const missing: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (Array.isArray(node)) {
        node.forEach((n, i) => {
          walk(n, `${path}/${i}`);
        });
        return;
      }
      if (typeof node !== 'object' || node === null) return;
      const record = node as Record<string, unknown>;
      if (typeof record.properties === 'object' && record.properties !== null) {
        for (const [key, value] of Object.entries(
          record.properties as Record<string, Record<string, unknown>>,
        )) {
          if (typeof value.description !== 'string' || value.description === '')
            missing.push(`${path}/properties/${key}`);
        }
      }
      for (const [key, value] of Object.entries(record)) walk(value, `${path}/${key}`);
    };
    walk(schema, '#');
    expect(missing).toStrictEqual([]);
  });
});
