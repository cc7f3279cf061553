/** Reading and checking a saved plan before anything is read or written (pure). */
import { describe, expect, it } from 'vitest';
import { checkSavedPlan, compatibleLine, parseSavedPlan } from '../../src/apply/plan-file.js';
import { plan } from '../../src/plan/plan.js';
import type { PlanDocument } from '../../src/plan/plan-document.js';
import { desired, prop, state } from '../plan/fixtures.js';

const TARGET = { baseUrl: 'https://crm.example.com', environment: 'production' };
const DIGEST = 'sha256:aaaaaaaaaaaaaaaa';

function saved(): PlanDocument {
  const doc = plan(desired(state({ properties: { tickets: [prop('added')] } })), state());
  return { ...doc, tool: { name: 'crm-schema', version: '0.1.0' }, target: TARGET, manifestDigest: DIGEST };
}

const expected = { toolVersion: '0.1.3', target: TARGET, manifestDigest: DIGEST };

describe('a saved plan file', () => {
  it('reads back what plan --out wrote', () => {
    const doc = saved();
    expect(parseSavedPlan(JSON.stringify(doc), 'plan.json')).toEqual(doc);
    expect(() => checkSavedPlan(doc, 'plan.json', expected)).not.toThrow();
  });

  it.each([
    ['not JSON', '{"formatVersion": 1,', /^plan\.json is not a plan file: /],
    ['no changes', '{"formatVersion": 1}', /^plan\.json is not a plan file: it has no list of changes\.$/],
    [
      'another format version',
      JSON.stringify({ ...saved(), formatVersion: 2 }),
      /^plan\.json: This plan has format version 2; this crm-schema reads version 1\.$/,
    ],
  ])('refuses %s', (_name, text, message) => {
    expect(() => parseSavedPlan(text, 'plan.json')).toThrow(message);
  });

  it('refuses a plan whose requests were edited', () => {
    const doc = saved();
    doc.changes[0].requests[0].path = '/crm/v3/properties/contacts';
    expect(() => parseSavedPlan(JSON.stringify(doc), 'plan.json')).toThrow(
      'plan.json: The plan file was changed after it was made: group.create tickets.group:escalation: requests does not match its type and meta.',
    );
  });

  it('refuses a plan of another major version, target or environment, or other manifests, naming the mismatch', () => {
    const check = (doc: PlanDocument) => () => checkSavedPlan(doc, 'plan.json', expected);
    expect(check({ ...saved(), tool: { name: 'crm-schema', version: '0.2.0' } })).toThrow(
      'plan.json was made by crm-schema 0.2.0; this is crm-schema 0.1.3, which applies only plans made by crm-schema 0.1.x.',
    );
    expect(
      check({ ...saved(), target: { baseUrl: 'https://other.example.com', environment: 'production' } }),
    ).toThrow(
      'plan.json was made for another target: base URL https://other.example.com (now https://crm.example.com). Nothing was applied.',
    );
    expect(
      check({ ...saved(), target: { baseUrl: 'https://crm.example.com/', environment: 'staging' } }),
    ).toThrow(
      'plan.json was made for another target: environment staging (now production). Nothing was applied.',
    );
    expect(check({ ...saved(), manifestDigest: 'sha256:bbbbbbbbbbbbbbbbbb' })).toThrow(
      'plan.json was made from other manifests than the current ones (digest bbbbbbbbbbbb, now aaaaaaaaaaaa). Nothing was applied.',
    );
    const { tool: _tool, ...unsaved } = saved();
    expect(check(unsaved)).toThrow(/without its target, tool version and manifest digest/);
  });

  it('treats 0.x minors and other majors as incompatible lines', () => {
    expect(compatibleLine('0.1.9')).toBe('0.1');
    expect(compatibleLine('1.4.2')).toBe('1');
    expect(compatibleLine('2.0.0')).toBe('2');
  });
});
