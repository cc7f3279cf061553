/**
 * Each lint rule with a manifest that keeps it and one that breaks it, through validatePaths as
 * `crm-schema lint` runs it (every rule at its default severity), and the project file's settings:
 * severities, `off`, prefixes, and validate running only the rules the project file sets.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lintRules } from '../../src/engine/manifest/lint/all-rules.js';

const LINT_RULES = lintRules();
import { validatePaths } from '../../src/engine/manifest/validate.js';
import { removeDir, tempDir, writeFiles } from '../live/helpers.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('crm-schema-lint-');
});
afterEach(async () => {
  await removeDir(dir);
});

const property = (fields: string) =>
  `kind: Properties\nobjectType: tickets\ngroups:\n  - { name: support, label: Support }\nproperties:\n  - { groupName: support, type: string, fieldType: text, ${fields} }\n`;

const CASES: Record<string, { keeps: string; breaks: string; finding: string }> = {
  'property-name-prefix': {
    keeps: property('name: support_tier, label: Tier, description: x'),
    breaks: property('name: tier, label: Tier, description: x'),
    finding: "'tier' does not start with 'support_'",
  },
  'snake-case-names': {
    keeps: property('name: support_tier, label: Tier, description: x'),
    breaks: property('name: support__tier, label: Tier, description: x'),
    finding: "'support__tier' is not snake_case",
  },
  'label-sentence-case': {
    keeps: property('name: support_tier, label: Support tier (SLA), description: x'),
    breaks: property('name: support_tier, label: Support Tier, description: x'),
    finding: "label 'Support Tier' is in Title Case",
  },
  'description-required': {
    keeps: property('name: support_tier, label: Tier, description: The tier.'),
    breaks: property('name: support_tier, label: Tier'),
    finding: "'support_tier' has no description",
  },
  'option-display-order': {
    keeps: property(
      'name: support_level, label: Level, description: x, type: enumeration, fieldType: select, options: [{ label: A, value: a, displayOrder: 1 }, { label: B, value: b, displayOrder: 2 }]',
    ).replace('type: string, fieldType: text, ', ''),
    breaks: property(
      'name: support_level, label: Level, description: x, type: enumeration, fieldType: select, options: [{ label: A, value: a, displayOrder: 1 }, { label: B, value: b, displayOrder: 5 }]',
    ).replace('type: string, fieldType: text, ', ''),
    finding: "the options of 'support_level' are not numbered 1 to 2 in order",
  },
  'personal-data-sensitivity': {
    keeps: property('name: support_email, label: Email, description: x, dataSensitivity: sensitive'),
    breaks: property('name: support_email, label: Email, description: x'),
    finding: "'support_email' looks like personal data",
  },
};

const PROJECT = `manifests: ['schema/*.yaml']\nlint:\n  prefixes:\n    tickets: [support_]\n`;

async function lint(manifest: string, project = PROJECT, lintAll = true) {
  await writeFiles(dir, { 'crm-schema.yaml': project, 'schema/tickets.yaml': manifest });
  const report = await validatePaths([], { cwd: dir, lintAll });
  return report.diagnostics.filter((d) => d.code === 'LINT');
}

describe('lint rules', () => {
  it('has a case for every rule', () => {
    expect(Object.keys(CASES).sort()).toEqual(LINT_RULES.map((r) => r.id).sort());
  });

  it.each(Object.entries(CASES))('%s: kept, and broken with a located finding', async (id, c) => {
    expect((await lint(c.keeps)).map((d) => d.message)).toEqual([]);
    const findings = await lint(c.breaks);
    const mine = findings.filter((d) => d.message.startsWith(`${id}: `));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.message).toContain(c.finding);
    expect(mine[0]!.file).toBe('schema/tickets.yaml');
    expect(mine[0]!.line).toBeGreaterThan(0);
    expect(mine[0]!.severity).toBe(LINT_RULES.find((r) => r.id === id)!.severity);
  });
});

describe('lint settings in crm-schema.yaml', () => {
  const broken = CASES['description-required']!.breaks;

  it('sets a severity, or turns a rule off', async () => {
    const asError = await lint(broken, `${PROJECT}  rules:\n    description-required: error\n`);
    expect(asError.find((d) => d.message.startsWith('description-required'))?.severity).toBe('error');
    const off = await lint(broken, `${PROJECT}  rules:\n    description-required: off\n`);
    expect(off.filter((d) => d.message.startsWith('description-required'))).toEqual([]);
  });

  it('validate runs only the rules the project file sets', async () => {
    expect(await lint(broken, PROJECT, false)).toEqual([]);
    const set = await lint(broken, `${PROJECT}  rules:\n    description-required: warning\n`, false);
    expect(set.map((d) => d.message.split(':')[0])).toEqual(['description-required']);
  });

  it('an unknown rule id is a located error of the project file', async () => {
    await writeFiles(dir, {
      'crm-schema.yaml': `${PROJECT}  rules:\n    descriptions-required: error\n`,
      'schema/tickets.yaml': broken,
    });
    const report = await validatePaths([], { cwd: dir });
    expect(report.ok).toBe(false);
    const problem = report.diagnostics.find((d) => d.file === 'crm-schema.yaml');
    expect(problem?.message).toContain(
      "unknown key 'descriptions-required' (did you mean 'description-required'?)",
    );
  });
});
