/** Validating 1,000 properties (plus formulas, options and associations) takes well under a second. */
import { describe, expect, it } from 'vitest';
import { validateSources } from '../../src/manifest/index.js';

function bigManifest(count: number): string {
  const lines = [
    'kind: Properties',
    'objectType: tickets',
    'groups:',
    '  - { name: g, label: G }',
    'properties:',
  ];
  for (let i = 0; i < count; i += 1) {
    if (i % 10 === 0) {
      lines.push(
        `  - name: p${i}`,
        `    label: Property ${i}`,
        '    type: enumeration',
        '    fieldType: select',
        '    groupName: g',
        '    options:',
      );
      for (let o = 0; o < 20; o += 1)
        lines.push(`      - { label: Option ${o}, value: o${o}, displayOrder: ${o} }`);
    } else if (i % 10 === 1) {
      lines.push(
        `  - { name: p${i}, label: P${i}, type: number, fieldType: calculation_equation, groupName: g, calculationFormula: 'p${i + 1} * 2 + p${i + 2}' }`,
      );
    } else {
      lines.push(
        `  - { name: p${i}, label: P${i}, type: number, fieldType: number, groupName: g, description: 'Number ${i}' }`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The best of three runs after a warm-up (schema compilation, JIT): the steady-state cost. */
function time(text: string): { ms: number; report: ReturnType<typeof validateSources> } {
  validateSources([{ file: 'warm.yaml', text }]);
  let best = Number.POSITIVE_INFINITY;
  let report = validateSources([{ file: 'big.yaml', text }]);
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    report = validateSources([{ file: 'big.yaml', text }]);
    best = Math.min(best, performance.now() - started);
  }
  return { ms: best, report };
}

describe('performance', () => {
  it('validates 1,000 properties in well under a second', () => {
    const { ms, report } = time(bigManifest(1000));
    expect(report.diagnostics).toEqual([]);
    expect(report.projects[0].model.properties.get('tickets')!.size).toBe(1000);
    expect(ms).toBeLessThan(1000);
  });

  it('stays fast when most properties have an error', () => {
    const { ms, report } = time(bigManifest(1000).replace(/fieldType: number,/g, 'fieldType: text,'));
    expect(report.errorCount).toBe(800);
    expect(ms).toBeLessThan(1000);
  });
});
