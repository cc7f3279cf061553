import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { readPlanDocument, type PlanDocument } from '../../src/engine/plan/plan-document.js';
import { renderPlanJson } from '../../src/engine/render/plan/plan-json.js';
import { renderPlanMarkdown } from '../../src/engine/render/plan/plan-markdown.js';
import { renderPlanText } from '../../src/engine/render/plan/plan-text.js';
import { emptyPlan, hostilePlan, reviewPlan } from './plans.js';

describe('the JSON plan', () => {
  const review = reviewPlan();
  const json = renderPlanJson(review);

  it('is the plan document, pretty-printed with a trailing newline (snapshot)', async () => {
    await expect(json).toMatchFileSnapshot('./__snapshots__/review-plan.json');
    expect(json.endsWith('}\n')).toBe(true);
    expect(json.split('\n')[1]).toBe('  "formatVersion": 2,');
    expect(JSON.parse(json)).toStrictEqual(JSON.parse(JSON.stringify(review)));
  });

  it('validates against schemas/plan.schema.json', () => {
    const schema = JSON.parse(
      readFileSync(new URL('../../schemas/plan.schema.json', import.meta.url), 'utf8'),
    ) as Record<string, unknown>;
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
    expect(validate(JSON.parse(json))).toBe(true);
    expect(validate(JSON.parse(renderPlanJson(hostilePlan())))).toBe(true);
    expect(validate({ ...(JSON.parse(json) as object), formatVersion: 3 })).toBe(false);
  });

  it('round-trips: rendered, parsed, read back and rendered again gives the same text, Markdown and JSON', () => {
    for (const doc of [review, hostilePlan(), emptyPlan()]) {
      const back = readPlanDocument(JSON.parse(renderPlanJson(doc)));
      expect(renderPlanText(back, { color: false })).toBe(renderPlanText(doc, { color: false }));
      expect(renderPlanText(back, { color: true })).toBe(renderPlanText(doc, { color: true }));
      expect(renderPlanMarkdown(back)).toBe(renderPlanMarkdown(doc));
      expect(renderPlanJson(back)).toBe(renderPlanJson(doc));
    }
  });

  it('writes keys in one order whatever order the document was built in', () => {
    const reversed = reverseKeys(review) as PlanDocument;
    expect(Object.keys(reversed)[0]).toBe('summary');
    expect(renderPlanJson(reversed)).toBe(json);
    const saved: PlanDocument = {
      changes: [],
      summary: review.summary,
      manifestDigest: 'sha256:abc',
      diagnostics: [],
      target: {
        account: { uiDomain: 'app.example.com', name: 'Acme', id: 1000001 },
        environment: 'production',
        baseUrl: 'https://crm.example.com',
      },
      tool: { name: 'crm-schema', version: '0.1.0' },
      formatVersion: 2,
    };
    // the target: where, then the account (its id first)
    expect(renderPlanJson(saved)).toContain(
      '"target": {\n    "baseUrl": "https://crm.example.com",\n    "environment": "production",\n' +
        '    "account": {\n      "id": 1000001,\n      "name": "Acme",\n      "uiDomain": "app.example.com"\n',
    );
    expect(Object.keys(JSON.parse(renderPlanJson(saved)) as object)).toStrictEqual([
      'formatVersion',
      'tool',
      'target',
      'manifestDigest',
      'changes',
      'diagnostics',
      'summary',
    ]);
  });

  it('orders the keys of a change, a diagnostic and the summary', () => {
    const parsed = JSON.parse(json) as { changes: object[]; diagnostics: object[]; summary: object };
    const replace = parsed.changes.find((c) => (c as { type: string }).type === 'property.replace')!;
    expect(Object.keys(replace)).toStrictEqual([
      'id',
      'type',
      'address',
      'action',
      'message',
      'severity',
      'reason',
      'affected',
      'policy',
      'reversal',
      'phase',
      'dependsOn',
      'meta',
      'requests',
      'fingerprint',
    ]);
    expect(Object.keys(parsed.diagnostics[0]!)).toStrictEqual([
      'level',
      'code',
      'address',
      'message',
      'source',
      'hint',
    ]);
    expect(Object.keys(parsed.summary)).toStrictEqual([
      'changes',
      'create',
      'update',
      'replace',
      'remove',
      'safe',
      'dangerous',
      'destructive',
      'refused',
      'errors',
      'warnings',
    ]);
  });
});

function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reverseKeys(v)]),
  );
}
