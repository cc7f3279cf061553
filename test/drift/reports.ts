/** Drift reports for the renderer and schema tests: every section, every kind of field. */
import type { DriftDocument } from '../../src/drift/drift-report.js';

export function fullReport(): DriftDocument {
  return {
    formatVersion: 1,
    drifted: true,
    target: { baseUrl: 'https://crm.example.com', environment: 'production' },
    counts: { total: 6, edited: 3, missing: 1, unmanaged: 1, tombstoned: 1 },
    edited: [
      {
        address: 'event:order_shipped.count',
        kind: 'eventProperty',
        fix: 'replace',
        fields: [{ field: 'type', live: 'string', declared: 'number' }],
      },
      {
        address: 'tickets->orders:Primary order',
        kind: 'limit',
        fix: 'update',
        fields: [{ field: 'maxToObjectIds', live: 5, declared: null }],
      },
      {
        address: 'tickets.support_level',
        kind: 'property',
        fix: 'update',
        fields: [
          { field: 'label', live: 'Tier | old', declared: 'Escalation level' },
          {
            field: 'description',
            live: 'How far the ticket has been escalated, from none to engineering; set by the agent.',
            declared: '',
          },
          {
            field: 'options',
            live: [
              { label: 'Low', value: 'low', description: '', displayOrder: 0, hidden: false },
              { label: 'Urgent', value: 'urgent', description: '', displayOrder: 1, hidden: false },
            ],
            declared: [
              { label: 'Lowest', value: 'low', description: '', displayOrder: 0, hidden: true },
              { label: 'High', value: 'high', description: '', displayOrder: 1, hidden: false },
            ],
            options: [
              { kind: 'relabelled', value: 'low', old: 'Low', new: 'Lowest' },
              { kind: 'hidden', value: 'low', old: false, new: true },
              {
                kind: 'removed',
                value: 'urgent',
                option: { label: 'Urgent', value: 'urgent', description: '', displayOrder: 1, hidden: false },
              },
              {
                kind: 'added',
                value: 'high',
                option: { label: 'High', value: 'high', description: '', displayOrder: 1, hidden: false },
              },
            ],
          },
        ],
      },
    ],
    missing: [{ address: 'tickets.support_sla_hours', kind: 'property' }],
    unmanaged: [
      {
        address: 'tickets.support_stray',
        kind: 'property',
        label: 'Stray',
        scope: "group 'support_escalation'",
      },
    ],
    tombstoned: [{ address: 'tickets.support_legacy_code', kind: 'property' }],
    diagnostics: [
      {
        level: 'warning',
        code: 'builtin-property',
        address: 'tickets.hs_x',
        message: 'tickets.hs_x is a built-in property: crm-schema never changes it',
        hint: 'Remove it from the manifest.',
        source: { file: 'schema/tickets.yaml', line: 4, column: 5 },
      },
    ],
  };
}

export function cleanReport(): DriftDocument {
  return {
    formatVersion: 1,
    drifted: false,
    counts: { total: 0, edited: 0, missing: 0, unmanaged: 0, tombstoned: 0 },
    edited: [],
    missing: [],
    unmanaged: [],
    tombstoned: [],
    diagnostics: [],
  };
}
