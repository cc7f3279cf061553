/**
 * Validating 1,000 properties (plus formulas, options and associations): every one checked, every error
 * found. How long it takes (well under a second) is a figure of `npm run bench` (timing).
 */
import { describe, expect, it } from 'vitest';
import { validateSources } from '../../src/engine/manifest/index.js';
import { bigManifest } from './big-manifest.js';
import { propertyDeclarations } from '../helpers/families.js';

describe('a large manifest', () => {
  it('validates 1,000 properties', () => {
    const report = validateSources([{ file: 'big.yaml', text: bigManifest(1000) }]);
    expect(report.diagnostics).toEqual([]);
    expect(propertyDeclarations(report.projects[0]!.model).properties.get('tickets')!.size).toBe(1000);
  });

  it('reports every error when most properties have one', () => {
    const text = bigManifest(1000).replace(/fieldType: number,/g, 'fieldType: text,');
    const report = validateSources([{ file: 'big.yaml', text }]);
    expect(report.errorCount).toBe(800);
  });
});
