/** src/engine/render/common/diagnostics.ts and src/engine/render/common/color-support.ts: text, colour and JSON of a validation. */
import { describe, expect, it } from 'vitest';
import { colorEnabled } from '../../src/engine/render/common/color-support.js';
import {
  diagnosticsJson,
  formatPlace,
  renderDiagnosticsText,
} from '../../src/engine/render/common/diagnostics.js';
import { check } from './helpers.js';

const report = check(
  'kind: Associations\nfrom: tickets\nto: orders\ntypes:\n  - { category: PLATFORM_DEFINED, typeId: 27 }\n  - { label: A, maxToObjectIds: 0 }\n',
);

describe('diagnostics text', () => {
  it('prints one line per problem, hints indented, and a summary', () => {
    expect(renderDiagnosticsText(report, { color: false })).toBe(
      [
        'm.yaml:5:43  warning  NOTHING_TO_MANAGE  types[0].typeId: built-in type PLATFORM_DEFINED 27 has no maxToObjectIds; only its limit is managed, so this entry does nothing',
        '    hint: add maxToObjectIds, or remove the entry',
        'm.yaml:6:33  error  VALUE_TOO_SMALL  types[1].maxToObjectIds: must be a positive integer (1 or more)',
        '',
        '1 error, 1 warning in 1 file.',
      ].join('\n'),
    );
  });

  it('colours only when asked', () => {
    expect(renderDiagnosticsText(report, { color: true })).toContain('\u001b[31merror\u001b[39m');
    expect(renderDiagnosticsText(report, { color: false })).not.toContain('\u001b[');
    expect(
      renderDiagnosticsText(
        check('kind: EventProperties\neventName: e\nproperties: [{ name: a, label: A, type: string }]\n'),
        { color: false },
      ),
    ).toBe('No problems in 1 file.');
  });

  it('prints a file-level problem without a position', () => {
    expect(formatPlace({ file: 'a.yaml', line: null, col: null })).toBe('a.yaml');
    expect(formatPlace({ file: 'a.yaml', line: 3, col: 9 })).toBe('a.yaml:3:9');
  });
});

describe('colour support', () => {
  it.each([
    [true, {}, true, true],
    [true, {}, false, false],
    [true, {}, undefined, false],
    [false, {}, true, false],
    [true, { NO_COLOR: '1' }, true, false],
    [true, { NO_COLOR: '' }, true, true],
  ])('flag %s env %j tty %s -> %s', (flag, env, isTTY, expected) => {
    expect(colorEnabled({ flag, env, isTTY })).toBe(expected);
  });
});

describe('diagnostics JSON', () => {
  it('gives the same problems as data with stable keys', () => {
    expect(diagnosticsJson(report)).toEqual({
      ok: false,
      files: ['m.yaml'],
      errorCount: 1,
      warningCount: 1,
      omitted: [],
      errors: [
        {
          file: 'm.yaml',
          line: 6,
          col: 33,
          severity: 'error',
          code: 'VALUE_TOO_SMALL',
          message: 'must be a positive integer (1 or more)',
          hint: null,
          path: 'types[1].maxToObjectIds',
        },
      ],
      warnings: [
        expect.objectContaining({
          code: 'NOTHING_TO_MANAGE',
          severity: 'warning',
          hint: 'add maxToObjectIds, or remove the entry',
        }),
      ],
    });
  });
});
