/** The drift report as text, Markdown and JSON, and the JSON contract (schemas/drift.schema.json). */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { renderDriftJson } from '../../src/engine/render/drift/drift-json.js';
import { DRIFT_MARKER, renderDriftMarkdown } from '../../src/engine/render/drift/drift-markdown.js';
import { renderDriftText } from '../../src/engine/render/drift/drift-text.js';
import { cleanReport, fullReport } from './reports.js';

const schema = JSON.parse(
  readFileSync(new URL('../../schemas/drift.schema.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);

function errorsOf(value: unknown): string[] {
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

describe('drift text', () => {
  it('says what differs, section by section, and what to do', () => {
    expect(renderDriftText(fullReport(), { color: false })).toBe(
      [
        'Drift check of https://crm.example.com (environment production), account 1000001 (Acme)',
        'Last deploy: crm-schema/deployed/production (commit 0123456789ab)',
        '',
        'Edited outside crm-schema (3)',
        '  ~ event:order_shipped.count (event property; apply replaces it: archive, then create)',
        '      type: live "string", declared "number"',
        '  ~ tickets->orders:Primary order (association limit)',
        '      maxToObjectIds: live 5, declared none',
        '  ~ tickets.support_level (property; last changed at 2026-11-20T09:30:00.000Z by user 2)',
        '      label: live "Tier | old", declared "Escalation level"',
        '      description:',
        '        live:     "How far the ticket has been escalated, from none to engineering; set by the agent."',
        '        declared: ""',
        '      options:',
        '        ~ low: label live "Low", declared "Lowest"; live shown, declared hidden',
        '        - urgent "Urgent": in the account, not declared',
        '        + high "High": declared, not in the account',
        '',
        'Missing from the account (1)',
        '  + tickets.support_sla_hours (property): declared, not in the account',
        '',
        'In no manifest, within the managed scope (1)',
        `  ? tickets.support_stray "Stray" (property; in the managed scope: group 'support_escalation')`,
        '',
        'Archived or deleted in a manifest, still in the account (1)',
        '  - tickets.support_legacy_code (property): marked archived in a manifest, still in the account',
        '',
        'Not yet deployed (the manifests changed since the last deploy) (1)',
        '  > tickets.support_channel (property): Create property tickets.support_channel "Channel" (string/text)',
        '',
        'Warnings:',
        '  warning BUILTIN_PROPERTY: tickets.hs_x is a built-in property: crm-schema never changes it',
        '    at schema/tickets.yaml:4:5',
        '    hint: Remove it from the manifest.',
        '',
        'What to do:',
        '  To bring the account back to the manifests: crm-schema plan, then crm-schema apply.',
        '  Changes not yet deployed are waiting for the deploy workflow (or crm-schema apply): nobody edited them.',
        "  To accept the account's state instead: crm-schema pull --baseline crm-schema/deployed/production (it keeps the changes not yet deployed), then review and commit the changed manifests.",
        '  To keep a resource a manifest archives or deletes: remove its tombstone from the manifest.',
        '',
        'Drift: 3 edited, 1 missing, 1 unmanaged, 1 tombstoned, 1 not yet deployed.',
      ].join('\n'),
    );
  });

  it('is one line without drift, and coloured only when asked', () => {
    expect(renderDriftText(cleanReport(), { color: false })).toBe(
      'No drift: the live account matches the manifests.',
    );
    expect(renderDriftText(fullReport(), { color: true })).toContain('\u001b[');
    expect(renderDriftText(fullReport(), { color: false })).not.toContain('\u001b[');
  });
});

describe('drift Markdown', () => {
  it('starts with its marker and lists each entry with escaped values', () => {
    const markdown = renderDriftMarkdown(fullReport());
    expect(markdown.split('\n').slice(0, 8)).toEqual([
      DRIFT_MARKER,
      '### crm-schema drift',
      '',
      'Target: `https://crm.example.com` (environment `production`), account `1000001` (Acme)',
      '',
      'Last deploy: `crm-schema/deployed/production` (commit `0123456789ab`)',
      '',
      '**Drift: 3 edited, 1 missing, 1 unmanaged, 1 tombstoned, 1 not yet deployed.**',
    ]);
    expect(markdown).toContain('| Edited outside crm-schema | 3 |\n');
    expect(markdown).toContain(
      '- `tickets.support_level` (property; last changed at 2026-11-20T09:30:00.000Z by user 2)\n  - `label`: live `"Tier | old"`, declared `"Escalation level"`\n',
    );
    expect(markdown).toContain('    - `-` urgent "Urgent": in the account, not declared\n');
    expect(markdown).toContain("(property; in the managed scope: group 'support\\_escalation')");
    expect(markdown).toContain(
      '- To bring the account back to the manifests: `crm-schema plan`, then `crm-schema apply`.\n',
    );
    // with a baseline, pull is told the same one, so that it keeps what is not deployed yet
    expect(markdown).toContain(
      "- To accept the account's state instead: `crm-schema pull --baseline crm-schema/deployed/production` " +
        '(it keeps the changes not yet deployed), then review and commit the changed manifests.\n',
    );
    expect(markdown.endsWith('\n')).toBe(true);
  });

  it('says so when there is no drift', () => {
    expect(renderDriftMarkdown(cleanReport())).toBe(
      `${DRIFT_MARKER}\n### crm-schema drift\n\n**No drift: the live account matches the manifests.**\n`,
    );
  });

  it('stays under its size limit, saying how many entries it left out', () => {
    const report = fullReport();
    report.missing = Array.from({ length: 2000 }, (_, i) => ({
      address: `tickets.p_${String(i).padStart(4, '0')}`,
      kind: 'property' as const,
    }));
    report.counts = { ...report.counts, missing: 2000, total: 2005 };
    const markdown = renderDriftMarkdown(report, { maxLength: 5000 });
    expect(markdown.length).toBeLessThanOrEqual(5000);
    const shown = markdown.split('\n').filter((line) => line.startsWith('- `tickets.p_')).length;
    expect(shown).toBeGreaterThan(10);
    // the missing entries not shown, and the unmanaged, tombstoned, not deployed and warning entries after them
    const left = (2000 - shown + 4).toLocaleString('en-US');
    expect(markdown).toContain(`\n… ${left} more entries not shown (limited to 5,000 characters); run`);
    expect(markdown).toContain('#### What to do');
  });
});

describe('drift JSON and schemas/drift.schema.json', () => {
  it('prints keys in reading order, with a trailing newline', () => {
    const json = renderDriftJson(fullReport());
    expect(json.endsWith('}\n')).toBe(true);
    expect(Object.keys(JSON.parse(json) as object)).toEqual([
      'formatVersion',
      'drifted',
      'target',
      'baseline',
      'counts',
      'edited',
      'missing',
      'unmanaged',
      'tombstoned',
      'notDeployed',
      'diagnostics',
    ]);
    expect(json).toContain(
      '"target": {\n    "baseUrl": "https://crm.example.com",\n    "environment": "production",\n' +
        '    "account": {\n      "id": 1000001,\n      "name": "Acme",\n      "uiDomain": "app.example.com"\n    }\n  },',
    );
    expect(json).toContain('"counts": {\n    "total": 7,\n    "edited": 3,');
    expect(json).toContain('"field": "type",\n          "live": "string",\n          "declared": "number"');
    expect(JSON.parse(json)).toEqual(fullReport());
  });

  it('validates every report the renderer prints', () => {
    expect(errorsOf(JSON.parse(renderDriftJson(fullReport())))).toEqual([]);
    expect(errorsOf(JSON.parse(renderDriftJson(cleanReport())))).toEqual([]);
  });

  it('rejects what drift never writes', () => {
    expect(errorsOf({ ...cleanReport(), formatVersion: 2 })).toContain(
      '/formatVersion must be equal to constant',
    );
    expect(errorsOf({ ...cleanReport(), token: 'x' })).toContain(' must NOT have additional properties');
    const target = { baseUrl: 'https://crm.example.com' };
    expect(errorsOf({ ...cleanReport(), target: { ...target, account: { id: 0 } } })).toContain(
      '/target/account/id must be >= 1',
    );
    expect(errorsOf({ ...cleanReport(), target: { ...target, account: { name: 'Acme' } } })).toContain(
      "/target/account must have required property 'id'",
    );
    const bad = fullReport();
    (bad.edited[0] as { fix: string }).fix = 'patch';
    expect(errorsOf(bad)).toContain('/edited/0/fix must be equal to one of the allowed values');
    expect(errorsOf({ ...fullReport(), missing: [{ address: 'x' }] })).toContain(
      "/missing/0 must have required property 'kind'",
    );
  });

  it('describes every key', () => {
    const undescribed: string[] = [];
    const visit = (node: unknown, path: string): void => {
      if (Array.isArray(node)) {
        node.forEach((item, i) => {
          visit(item, `${path}[${i}]`);
        });
        return;
      }
      if (typeof node !== 'object' || node === null) return;
      const record = node as Record<string, unknown>;
      for (const [key, value] of Object.entries((record.properties ?? {}) as Record<string, unknown>)) {
        if (typeof (value as { description?: unknown }).description !== 'string')
          undescribed.push(`${path}.${key}`);
      }
      for (const [key, value] of Object.entries(record)) visit(value, `${path}.${key}`);
    };
    visit(schema, '');
    expect(undescribed).toEqual([]);
  });
});
