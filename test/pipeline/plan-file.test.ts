/** Reading and checking a saved plan before anything is read or written (pure). */
import { describe, expect, it } from 'vitest';
import {
  checkSavedAccount,
  checkSavedPlan,
  compatibleLine,
  parseSavedPlan,
} from '../../src/engine/pipeline/plan-file.js';
import { plan } from '../../src/engine/plan/plan.js';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import { isCrmSchemaError } from '../../src/core/errors.js';
import { desired, exactCounts, prop, state } from '../plan/fixtures.js';
import { scenarioDesired, scenarioLive } from '../plan/scenario.js';

const TARGET = { baseUrl: 'https://crm.example.com', environment: 'production' };
const ACCOUNT = { id: 1000001, name: 'Acme', uiDomain: 'app.example.com' };
const DIGEST = 'sha256:aaaaaaaaaaaaaaaa';

function saved(): PlanDocument {
  const doc = plan(desired(state({ properties: { tickets: [prop('added')] } })), state());
  const settings = { allowDestructive: false, allowDangerous: false, dataCheck: true, dataCheckBudget: 100 };
  return {
    ...doc,
    tool: { name: 'crm-schema', version: '0.1.0' },
    target: { ...TARGET, account: ACCOUNT },
    manifestDigest: DIGEST,
    settings,
  };
}

const expected = {
  toolVersion: '0.1.3',
  target: TARGET,
  manifestDigest: DIGEST,
  apiVersion: 'legacy' as const,
};

describe('a saved plan file', () => {
  it('reads back what plan --out wrote', () => {
    const doc = saved();
    expect(parseSavedPlan(JSON.stringify(doc), 'plan.json')).toEqual(doc);
    expect(() => {
      checkSavedPlan(doc, 'plan.json', expected);
    }).not.toThrow();
  });

  it.each([
    ['not JSON', '{"formatVersion": 2,', /^plan\.json is not a plan file: /],
    ['no changes', '{"formatVersion": 2}', /^plan\.json is not a plan file: it has no list of changes\.$/],
    [
      'another format version',
      JSON.stringify({ ...saved(), formatVersion: 3 }),
      /^plan\.json: This plan has format version 3; this crm-schema reads version 2\.$/,
    ],
  ])('refuses %s', (_name, text, message) => {
    expect(() => parseSavedPlan(text, 'plan.json')).toThrow(message);
  });

  it('refuses a file of another shape, saying what is wrong where', () => {
    const doc = saved() as unknown as { changes: Record<string, unknown>[] };
    doc.changes[0]!.severity = 'harmless';
    expect(() => parseSavedPlan(JSON.stringify(doc), 'plan.json')).toThrow(
      'plan.json does not have the shape of a plan file: changes[0].severity: must be one of safe, dangerous, destructive. Nothing was applied.',
    );
  });

  describe("names the real problem of a malformed change, never the other change types' keys", () => {
    function problemsOf(edit: (changes: Record<string, unknown>[]) => void): {
      message: string;
      hint: string;
      code: string;
    } {
      const doc = {
        ...plan(scenarioDesired(), scenarioLive(), { counts: exactCounts([['tickets.old1', 2]]) }),
        tool: { name: 'crm-schema', version: '0.1.0' },
        target: TARGET,
        manifestDigest: DIGEST,
        settings: { allowDestructive: false, allowDangerous: false, dataCheck: true, dataCheckBudget: 100 },
      };
      edit(doc.changes as unknown as Record<string, unknown>[]);
      try {
        parseSavedPlan(JSON.stringify(doc), 'plan.json');
      } catch (error) {
        if (!isCrmSchemaError(error)) throw error;
        return { message: error.message, hint: error.hint ?? '', code: error.code };
      }
      throw new Error('the plan was not refused');
    }
    const indexOf = (changes: Record<string, unknown>[], type: string): number => {
      const at = changes.findIndex((c) => c.type === type);
      expect(at, type).toBeGreaterThanOrEqual(0);
      return at;
    };

    it('an unknown type is named as such, with the known ones', () => {
      const { message, hint, code } = problemsOf((changes) => {
        changes[0]!.type = 'property.explode';
      });
      expect(code).toBe('PLAN_FILE_INVALID');
      expect(message).toMatch(
        /^plan\.json does not have the shape of a plan file: changes\[0\]\.type: unknown change type 'property\.explode' \(a change type is one of property\.create, property\.update, .*eventProperty\.delete\)\. Nothing was applied\.$/,
      );
      expect(message).not.toContain('unknown key');
      expect(hint).toContain('PLAN_FILE_INVALID');
    });

    it('a type of another JSON type, or none, is named once', () => {
      expect(
        problemsOf((changes) => {
          changes[0]!.type = 5;
        }).message,
      ).toMatch(
        /: changes\[0\]\.type: must be a change type, one of property\.create, .*\. Nothing was applied\.$/,
      );
      expect(
        problemsOf((changes) => {
          delete changes[0]!.type;
        }).message,
      ).toBe(
        "plan.json does not have the shape of a plan file: changes[0]: lacks the key 'type'. Nothing was applied.",
      );
    });

    it.each<[string, string, (change: Record<string, unknown>) => void, string]>([
      [
        'a wrong-typed meta.name',
        'property.archive',
        (c) => void ((c.meta as Record<string, unknown>).name = 7),
        'meta.name: must be string',
      ],
      [
        'meta.property.type: null',
        'property.create',
        (c) => void (((c.meta as Record<string, unknown>).property as Record<string, unknown>).type = null),
        'meta.property.type: must be string',
      ],
      [
        'options: {}',
        'property.create',
        (c) => void (((c.meta as Record<string, unknown>).property as Record<string, unknown>).options = {}),
        'meta.property.options: must be array',
      ],
    ])('%s: only the problem of its own type', (_what, type, edit, problem) => {
      let at = -1;
      const { message } = problemsOf((changes) => {
        at = indexOf(changes, type);
        edit(changes[at]!);
      });
      expect(message).toBe(
        `plan.json does not have the shape of a plan file: changes[${at}].${problem}. Nothing was applied.`,
      );
    });
  });

  it('refuses a plan made for another API version before anything else is read, and one whose version was edited', () => {
    const check = (doc: PlanDocument, now: 'legacy' | '2026-03' | '2026-09') => () => {
      checkSavedPlan(doc, 'plan.json', { ...expected, apiVersion: now });
    };
    // a plan of an earlier release (no apiVersion) was made on the legacy paths
    expect(check(saved(), 'legacy')).not.toThrow();
    expect(check(saved(), '2026-03')).toThrow(
      "plan.json was made for API version legacy, but the target now speaks 2026-03: its requests are on the other version's paths. Nothing was applied.",
    );
    expect(check({ ...saved(), apiVersion: '2026-09' }, 'legacy')).toThrow(
      /made for API version 2026-09, but the target now speaks legacy/,
    );
    // the version is part of what the requests are derived from: changing it alone is an edit
    const edited = { ...saved(), apiVersion: '2026-03' };
    expect(() => parseSavedPlan(JSON.stringify(edited), 'plan.json')).toThrow(
      /requests does not match its type and meta/,
    );
  });

  it('refuses a plan whose requests were edited', () => {
    const doc = saved();
    doc.changes[0]!.requests[0]!.path = '/crm/v3/properties/contacts';
    expect(() => parseSavedPlan(JSON.stringify(doc), 'plan.json')).toThrow(
      'plan.json: The plan file was changed after it was made: group.create tickets.group:escalation: requests does not match its type and meta.',
    );
  });

  it('refuses a plan of another major version, target or environment, or other manifests, naming the mismatch', () => {
    const check = (doc: PlanDocument) => () => {
      checkSavedPlan(doc, 'plan.json', expected);
    };
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
    expect(check(unsaved)).toThrow(/without its target, tool version, manifest digest and settings/);
  });

  it('refuses a plan made against another account, or where it was unknown and now is not', () => {
    const check = (doc: PlanDocument, now: typeof ACCOUNT | { id: number } | undefined) => () => {
      checkSavedAccount(doc, 'plan.json', now);
    };
    expect(check(saved(), { id: 1000001 })).not.toThrow();
    expect(check(saved(), { id: 2000002, name: 'Staging' })).toThrow(
      expect.objectContaining({
        code: 'PLAN_OTHER_ACCOUNT',
        message:
          'plan.json was made against account 1000001 (Acme), but the token now reaches account 2000002 (Staging). Nothing was applied.',
        meta: { planned: 1000001, now: 2000002 },
      }),
    );
    // what cannot be compared is refused, both ways
    expect(check(saved(), undefined)).toThrow(
      'plan.json was made against account 1000001 (Acme), but the token now reaches an account whose details could not be read. Nothing was applied.',
    );
    const unknown = { ...saved(), target: TARGET };
    expect(check(unknown, { id: 1000001 })).toThrow(
      'plan.json was made against an account whose details could not be read, but the token now reaches account 1000001. Nothing was applied.',
    );
    expect(check(unknown, undefined)).not.toThrow();
    // a name from the file is shown on one line, its controls visible
    const hostile = { ...saved(), target: { ...TARGET, account: { id: 5, name: 'Acme\u001b[2K\nx' } } };
    expect(check(hostile, { id: 6 })).toThrow('made against account 5 (Acme␛[2K␊x)');
  });

  it('treats 0.x minors and other majors as incompatible lines', () => {
    expect(compatibleLine('0.1.9')).toBe('0.1');
    expect(compatibleLine('1.4.2')).toBe('1');
    expect(compatibleLine('2.0.0')).toBe('2');
  });
});

describe('a saved plan with any field broken', () => {
  /** Every path to a value of the document, as keys. */
  function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
    if (typeof value !== 'object' || value === null) return [at];
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
    return [at, ...entries.flatMap(([key, member]) => paths(member, [...at, key]))];
  }

  /** A value of another JSON type than `value`. */
  function wrongType(value: unknown): unknown {
    if (typeof value === 'string') return 42;
    if (typeof value === 'number') return 'forty-two';
    if (typeof value === 'boolean') return 'yes';
    if (Array.isArray(value)) return { not: 'a list' };
    if (value === null) return [];
    return ['not', 'an', 'object'];
  }

  it('refuses each with a clear error (never a crash): every field of the schema broken once', () => {
    const doc = {
      ...plan(scenarioDesired(), scenarioLive(), { counts: exactCounts([['tickets.old1', 2]]) }),
      tool: { name: 'crm-schema', version: '0.1.0' },
      target: { ...TARGET, account: ACCOUNT },
      manifestDigest: DIGEST,
      settings: { allowDestructive: false, allowDangerous: false, dataCheck: true, dataCheckBudget: 100 },
    };
    const all = paths(doc).filter((p) => p.length > 0);
    expect(all.length).toBeGreaterThan(500);
    const codes = new Set<string>();
    for (const path of all) {
      const broken = structuredClone(doc) as unknown as Record<string | number, unknown>;
      let parent = broken;
      for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
      const last = path[path.length - 1]!;
      parent[last] = wrongType(parent[last]);
      let error: unknown;
      try {
        parseSavedPlan(JSON.stringify(broken), 'plan.json');
      } catch (caught) {
        error = caught;
      }
      if (error === undefined) {
        // only values of any JSON type (a field's old or new value, and a body sharing it in this in-memory
        // copy) pass the shape and the consistency checks: apply's verification against the plan made
        // afresh refuses those (see verify-saved.test)
        expect(
          path.some((k) => k === 'old' || k === 'new' || k === 'body'),
          path.join('.'),
        ).toBe(true);
        continue;
      }
      expect(isCrmSchemaError(error), path.join('.')).toBe(true);
      codes.add((error as { code: string }).code);
    }
    expect([...codes].sort()).toEqual(['PLAN_FILE_INVALID', 'PLAN_FORMAT_VERSION', 'PLAN_INCONSISTENT']);
  });
});
