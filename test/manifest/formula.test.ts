/** The formula reference syntax, and the formula rules. */
import { describe, expect, it } from 'vitest';
import { check, codes, tickets } from './helpers.js';
import { analyseFormula } from '../../src/families/property/formula.js';

const names = (formula: string) => {
  const analysis = analyseFormula(formula);
  if (!analysis.ok) throw new Error(analysis.message);
  return analysis.references.map((r) => r.name);
};

describe('formula references', () => {
  it('takes bare names as references, not functions, literals or words of the language', () => {
    expect(names('amount * quantity')).toEqual(['amount', 'quantity']);
    expect(names('round_up(amount, 2) + max (a, b)')).toEqual(['amount', 'a', 'b']);
    expect(names("if(is_set, \"amount * x\", 'it\\'s b') + 1.5e3 + 10")).toEqual(['is_set']);
    expect(names('a > 1 and not b OR TRUE or false and null')).toEqual(['a', 'b']);
  });

  it('gives offsets', () => {
    const analysis = analyseFormula('x + yy');
    expect(analysis).toEqual({
      ok: true,
      references: [
        { name: 'x', offset: 0 },
        { name: 'yy', offset: 4 },
      ],
    });
  });

  it('refuses unbalanced parentheses and unclosed text', () => {
    expect(analyseFormula('round(a')).toEqual({ ok: false, message: "1 '(' is never closed" });
    expect(analyseFormula('a)')).toEqual({ ok: false, message: "')' at character 2 closes nothing" });
    expect(analyseFormula('concat("a, b)')).toEqual({
      ok: false,
      message: 'the text started at character 8 is never closed',
    });
  });
});

describe('formula rules', () => {
  const calc = (name: string, formula: string) =>
    `  - { name: ${name}, label: ${name}, type: number, fieldType: calculation_equation, groupName: g, calculationFormula: '${formula}' }`;
  const num = (name: string) =>
    `  - { name: ${name}, label: ${name}, type: number, fieldType: number, groupName: g }`;

  it('accepts references to declared and hs_ properties, in any order and across files', () => {
    const report = check({
      'a.yaml': tickets(`${calc('c', 'a + b * 2 + hs_time_to_close')}\n${num('a')}\n`),
      'b.yaml': `kind: Properties\nobjectType: tickets\nproperties:\n${num('b')}\n`,
    });
    expect(report.diagnostics).toEqual([]);
  });

  it('reports unknown and archived references by name', () => {
    const report = check(tickets(`${calc('c', 'a + missing')}\n  - { name: a, archived: true }\n`));
    expect(report.diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual([
      "FORMULA_ARCHIVED_PROPERTY: the formula of 'c' refers to 'a', which the manifests archive",
      "FORMULA_UNKNOWN_PROPERTY: the formula of 'c' refers to 'missing', which no manifest declares for tickets",
    ]);
  });

  it('does not see properties of another object type', () => {
    const report = check({
      'a.yaml': tickets(`${calc('c', 'a')}\n`),
      'b.yaml': `kind: Properties\nobjectType: orders\nproperties:\n${num('a')}\n`.replace(
        'groupName: g',
        'groupName: og',
      ),
    });
    expect(codes(report)).toEqual(['FORMULA_UNKNOWN_PROPERTY', 'GROUP_UNDECLARED']);
  });

  it('reports each cycle once, with its path', () => {
    const report = check(
      tickets(
        `${calc('a', 'b + 1')}\n${calc('b', 'c + 1')}\n${calc('c', 'a + 1')}\n${calc('d', 'd')}\n${calc('e', 'a')}\n`,
      ),
    );
    expect(report.diagnostics.map((d) => d.message)).toEqual([
      'calculated properties refer to each other in a cycle: a -> b -> c -> a',
      'calculated properties refer to each other in a cycle: d -> d',
    ]);
  });

  it('reports a syntax error instead of references', () => {
    expect(codes(check(tickets(`${calc('c', 'round(a')}\n${num('a')}\n`)))).toEqual(['FORMULA_SYNTAX']);
  });
});
