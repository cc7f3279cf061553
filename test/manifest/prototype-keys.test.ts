/**
 * Keys such as `__proto__`, `constructor` and `toString` are ordinary keys: unknown ones are reported
 * with their location like any other, and none reaches an object's prototype; names that happen to be
 * the names of Object.prototype members are ordinary names. And long structures are processed without
 * recursion: a 6,000-long acyclic chain of calculated properties validates and plans.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiagnosticSink } from '../../src/core/source/diagnostics.js';
import { loadProjectConfig, resolveEnvironment } from '../../src/engine/manifest/index.js';
import { toDesiredState } from '../../src/engine/manifest/model/desired-state.js';
import { plan } from '../../src/engine/plan/plan.js';
import { state } from '../plan/fixtures.js';
import { brief, check, tickets } from './helpers.js';

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

describe('prototype-named keys in manifests', () => {
  for (const key of PROTOTYPE_KEYS) {
    it(`'${key}' is an unknown key with its location, at the top and inside a property`, () => {
      const report = check(
        tickets(`  - name: a
    label: A
    type: string
    fieldType: text
    groupName: g
    ${key}: { polluted: true }
`) + `${key}: 1\n`,
      );
      expect(brief(report)).toEqual([`m.yaml:11:5 error UNKNOWN_KEY`, `m.yaml:12:1 error UNKNOWN_KEY`]);
      expect(report.diagnostics.map((d) => d.message)).toEqual([
        expect.stringContaining(`'${key}'`),
        expect.stringContaining(`'${key}'`),
      ]);
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    });
  }

  it('a property, group or option named like a prototype member is an ordinary name', () => {
    const report = check(`kind: Properties
objectType: tickets
groups:
  - { name: constructor, label: Constructor }
properties:
  - name: tostring
    label: To string
    type: enumeration
    fieldType: select
    groupName: constructor
    options:
      - { label: Proto, value: __proto__ }
      - { label: Ctor, value: constructor }
`);
    expect(brief(report)).toEqual([]);
  });
});

describe('prototype-named keys in the project file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'crm-schema-proto-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function load(text: string) {
    await writeFile(join(dir, 'crm-schema.yaml'), text);
    const sink = new DiagnosticSink();
    const result = await loadProjectConfig(join(dir, 'crm-schema.yaml'), 'crm-schema.yaml', sink);
    return { ...result, diagnostics: sink.items };
  }

  it('defaultEnvironment: constructor names no environment unless one is declared', async () => {
    const { diagnostics } = await load(`manifests: ['*.yaml']
defaultEnvironment: constructor
environments:
  staging: { baseUrl: https://s.example.com }
`);
    expect(diagnostics.map((d) => `${d.line}:${d.col} ${d.code}`)).toEqual([expect.stringMatching(/^2:21 /)]);
  });

  it('an environment named constructor or toString is an ordinary environment', async () => {
    const { config, diagnostics } = await load(`manifests: ['*.yaml']
defaultEnvironment: constructor
environments:
  constructor: { baseUrl: https://c.example.com }
  toString: { baseUrl: https://t.example.com }
`);
    expect(diagnostics).toEqual([]);
    expect(resolveEnvironment(config!, undefined)?.baseUrl).toBe('https://c.example.com');
    expect(resolveEnvironment(config!, 'toString')?.baseUrl).toBe('https://t.example.com');
    expect(() => resolveEnvironment(config!, 'hasOwnProperty')).toThrow(
      expect.objectContaining({ code: 'ENVIRONMENT_UNKNOWN' }),
    );
  });

  it('__proto__ at the top of the project file is an unknown key with its location', async () => {
    const { diagnostics } = await load(
      `manifests: ['*.yaml']\n__proto__: { policy: { destructive: allow } }\n`,
    );
    expect(diagnostics.map((d) => `${d.line}:${d.col} ${d.code}`)).toEqual(['2:1 UNKNOWN_KEY']);
  });
});

describe('long structures', () => {
  it('a 6,000-long acyclic chain of calculated properties validates and plans', () => {
    const n = 6000;
    const entries = [
      '  - { name: p0, label: P0, type: number, fieldType: number, groupName: g }',
      ...Array.from(
        { length: n - 1 },
        (_, i) =>
          `  - { name: p${i + 1}, label: P${i + 1}, type: number, fieldType: calculation_equation, groupName: g, calculationFormula: "p${i} + 1" }`,
      ),
    ];
    const report = check(tickets(`${entries.join('\n')}\n`));
    expect(report.errorCount).toBe(0);
    const document = plan(toDesiredState(report.projects[0]!.model), state());
    const creates = document.changes.filter((c) => c.type === 'property.create');
    expect(creates).toHaveLength(n);
    // each calculated property is created after the one its formula reads
    const position = new Map(creates.map((c, i) => [c.address, i]));
    expect(position.get('tickets.p5999')! > position.get('tickets.p5998')!).toBe(true);
    expect(position.get('tickets.p1')! > position.get('tickets.p0')!).toBe(true);
  });
});
