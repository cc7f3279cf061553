/**
 * The properties a calculation formula uses: every identifier outside string literals. Callers keep the
 * ones that name properties of the same object type; function names and keywords fall away there.
 */
const STRING_LITERAL = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g;
const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/g;

export function formulaIdentifiers(formula: string): Set<string> {
  return new Set(formula.replace(STRING_LITERAL, ' ').match(IDENTIFIER) ?? []);
}
