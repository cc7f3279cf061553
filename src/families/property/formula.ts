/**
 * The reference syntax of `calculationFormula`, read once for everyone: validation checks the names a
 * formula uses, the planner orders and guards changes by them (a property a formula uses is created
 * before it and not archived while used). The syntax:
 *
 * - a property is referred to by its internal name, bare: `amount * quantity`;
 * - a name directly followed by `(` is a function: `round_up(amount, 2)`;
 * - `true`, `false`, `null`, `and`, `or`, `not` (any case) are words of the language, not names;
 * - text in single or double quotes (backslash escapes the next character) and numbers are literals;
 * - everything else (`+ - * / < > = ! ,` ...) is punctuation; parentheses must balance.
 */

export interface FormulaReference {
  name: string;
  /** 0-based offset in the formula */
  offset: number;
}

export type FormulaAnalysis = { ok: true; references: FormulaReference[] } | { ok: false; message: string };

/** The references met (all of them, or up to the problem) and the first problem, if any. */
interface Scan {
  references: FormulaReference[];
  problem?: string;
}

/** Whether the formula is well formed, and the properties it uses when it is. */
export function analyseFormula(formula: string): FormulaAnalysis {
  const { references, problem } = scan(formula);
  return problem === undefined ? { ok: true, references } : { ok: false, message: problem };
}

const KEYWORDS: ReadonlySet<string> = new Set(['true', 'false', 'null', 'and', 'or', 'not']);
const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER = /\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function scan(formula: string): Scan {
  const references: FormulaReference[] = [];
  let depth = 0;
  let i = 0;
  while (i < formula.length) {
    const char = formula[i];
    if (char === '"' || char === "'") {
      const end = closingQuote(formula, i);
      if (end === -1)
        return { references, problem: `the text started at character ${i + 1} is never closed` };
      i = end + 1;
      continue;
    }
    if (char === '(' || char === ')') {
      depth += char === '(' ? 1 : -1;
      if (depth < 0) return { references, problem: `')' at character ${i + 1} closes nothing` };
      i += 1;
      continue;
    }
    NUMBER.lastIndex = i;
    const number = NUMBER.exec(formula);
    if (number) {
      i += number[0].length;
      continue;
    }
    IDENTIFIER.lastIndex = i;
    const identifier = IDENTIFIER.exec(formula);
    if (identifier) {
      const name = identifier[0];
      const end = i + name.length;
      const isCall = formula.slice(end).trimStart().startsWith('(');
      if (!isCall && !KEYWORDS.has(name.toLowerCase())) references.push({ name, offset: i });
      i = end;
      continue;
    }
    i += 1;
  }
  if (depth > 0) return { references, problem: `${depth} '(' ${depth === 1 ? 'is' : 'are'} never closed` };
  return { references };
}

function closingQuote(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === quote) return i;
  }
  return -1;
}

/** The names of the properties a formula uses (outside literals, not function names nor keywords). */
export function formulaReferences(formula: string): Set<string> {
  return new Set(scan(formula).references.map((reference) => reference.name));
}
