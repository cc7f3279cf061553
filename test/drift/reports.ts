/** Drift reports for the renderer and schema tests: every section, every kind of field. */
import type { DriftDocument } from '../../src/engine/drift/drift-report.js';

export function fullReport(): DriftDocument {
  return {
    formatVersion: 3,
    drifted: true,
    target: {
      baseUrl: 'https://crm.example.com',
      environment: 'production',
      account: { id: 1000001, name: 'Acme', uiDomain: 'app.example.com' },
    },
    baseline: { ref: 'crm-schema/deployed/production', commit: '0123456789abcdef0123456789abcdef01234567' },
    counts: { total: 7, edited: 3, missing: 1, unmanaged: 1, tombstoned: 1, notDeployed: 1 },
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
        modified: { at: '2026-11-20T09:30:00.000Z', by: '2' },
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
    notDeployed: [
      {
        address: 'tickets.support_channel',
        kind: 'property',
        change: 'Create property tickets.support_channel "Channel" (string/text)',
        action: 'create',
      },
    ],
    diagnostics: [
      {
        level: 'warning',
        code: 'BUILTIN_PROPERTY',
        address: 'tickets.hs_x',
        message: 'tickets.hs_x is a built-in property: crm-schema never changes it',
        hint: 'Remove it from the manifest.',
        source: { file: 'schema/tickets.yaml', line: 4, col: 5 },
      },
    ],
  };
}

export function cleanReport(): DriftDocument {
  return {
    formatVersion: 3,
    drifted: false,
    counts: { total: 0, edited: 0, missing: 0, unmanaged: 0, tombstoned: 0, notDeployed: 0 },
    edited: [],
    missing: [],
    unmanaged: [],
    tombstoned: [],
    notDeployed: [],
    diagnostics: [],
  };
}
