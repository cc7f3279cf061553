/**
 * GitHub Actions expressions, as far as the recipes use them, for running a workflow's steps in tests
 * (workflow-runner.ts): literals, context paths (`steps.base.outputs.ready`, `github.event.x`), `!`, `==`,
 * `!=`, `&&`, `||`, parentheses, and the functions `always()`, `success()`, `failure()`, `cancelled()`,
 * `contains()`, `startsWith()`. Comparison and truth follow GitHub's rules: strings compare ignoring
 * case, values of different types compare as numbers, a missing property is null.
 */

export type Value = string | number | boolean | null | { readonly [key: string]: Value | undefined };

export interface Status {
  /** a step before this one failed */
  failed: boolean;
}

type Token =
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'word'; value: string }
  | { kind: 'op'; value: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const string = /^'((?:[^']|'')*)'/.exec(rest);
    if (string) {
      tokens.push({ kind: 'string', value: string[1]!.replaceAll("''", "'") });
      i += string[0].length;
      continue;
    }
    const number = /^-?\d+(\.\d+)?/.exec(rest);
    if (number) {
      tokens.push({ kind: 'number', value: Number(number[0]) });
      i += number[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(rest);
    if (word) {
      tokens.push({ kind: 'word', value: word[0] });
      i += word[0].length;
      continue;
    }
    const op = /^(==|!=|&&|\|\||[!().,[\]])/.exec(rest);
    if (!op) throw new Error(`expression: cannot read '${rest}' in: ${text}`);
    tokens.push({ kind: 'op', value: op[0] });
    i += op[0].length;
  }
  return tokens;
}

/** Evaluates one expression (without `${{ }}`). */
export function evaluate(source: string, context: Record<string, Value>, status: Status): Value {
  const tokens = tokenize(source);
  let at = 0;
  const peek = () => tokens[at];
  const isOp = (value: string) => peek()?.kind === 'op' && peek()?.value === value;
  const expect = (value: string) => {
    if (!isOp(value)) throw new Error(`expression: expected '${value}' in: ${source}`);
    at += 1;
  };

  const or = (): Value => {
    let left = and();
    while (isOp('||')) {
      at += 1;
      const right = and();
      left = truthy(left) ? left : right;
    }
    return left;
  };
  const and = (): Value => {
    let left = equality();
    while (isOp('&&')) {
      at += 1;
      const right = equality();
      left = truthy(left) ? right : left;
    }
    return left;
  };
  const equality = (): Value => {
    let left = unary();
    while (isOp('==') || isOp('!=')) {
      const negate = peek()!.value === '!=';
      at += 1;
      const same = equal(left, unary());
      left = negate ? !same : same;
    }
    return left;
  };
  const unary = (): Value => {
    if (isOp('!')) {
      at += 1;
      return !truthy(unary());
    }
    return primary();
  };
  const primary = (): Value => {
    const token = peek();
    if (token === undefined) throw new Error(`expression: ends too soon: ${source}`);
    at += 1;
    if (token.kind === 'string' || token.kind === 'number') return token.value;
    if (token.kind === 'op') {
      if (token.value !== '(') throw new Error(`expression: unexpected '${token.value}' in: ${source}`);
      const inner = or();
      expect(')');
      return inner;
    }
    if (token.value === 'true') return true;
    if (token.value === 'false') return false;
    if (token.value === 'null') return null;
    if (isOp('(')) {
      at += 1;
      const args: Value[] = [];
      while (!isOp(')')) {
        args.push(or());
        if (isOp(',')) at += 1;
      }
      expect(')');
      return call(token.value, args, status);
    }
    let value: Value = context[token.value] ?? null;
    for (;;) {
      if (isOp('.')) {
        at += 1;
        const name = peek();
        if (name?.kind !== 'word') throw new Error(`expression: expected a name after '.' in: ${source}`);
        at += 1;
        value = property(value, name.value);
      } else if (isOp('[')) {
        at += 1;
        const key = or();
        expect(']');
        value = property(value, text(key));
      } else {
        return value;
      }
    }
  };

  const result = or();
  if (at !== tokens.length)
    throw new Error(`expression: unexpected '${String(peek()?.value)}' in: ${source}`);
  return result;
}

function property(value: Value, name: string): Value {
  if (value === null || typeof value !== 'object') return null;
  return value[name] ?? null;
}

function call(name: string, args: Value[], status: Status): Value {
  switch (name) {
    case 'always':
      return true;
    case 'success':
      return !status.failed;
    case 'failure':
      return status.failed;
    case 'cancelled':
      return false;
    case 'contains':
      return text(args[0] ?? null)
        .toLowerCase()
        .includes(text(args[1] ?? null).toLowerCase());
    case 'startsWith':
      return text(args[0] ?? null)
        .toLowerCase()
        .startsWith(text(args[1] ?? null).toLowerCase());
    default:
      throw new Error(`expression: no function ${name}()`);
  }
}

export function truthy(value: Value): boolean {
  if (value === null || value === false || value === '' || value === 0) return false;
  return !(typeof value === 'number' && Number.isNaN(value));
}

function equal(a: Value, b: Value): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase();
  if (typeof a === typeof b || a === null || b === null) {
    if (a === null || b === null) return a === b || toNumber(a) === toNumber(b);
    return a === b;
  }
  return toNumber(a) === toNumber(b);
}

function toNumber(value: Value): number {
  if (value === null) return 0;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value.trim() === '' ? 0 : Number(value);
  return Number.NaN;
}

/** A value as `${{ }}` puts it into text. */
export function text(value: Value): string {
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** `text` with each `${{ expression }}` replaced by its value. */
export function interpolate(template: string, context: Record<string, Value>, status: Status): string {
  return template.replace(/\$\{\{(.*?)\}\}/gs, (_, expression: string) =>
    text(evaluate(expression, context, status)),
  );
}

/**
 * A step's or job's `if:` as GitHub decides it: without a status function, `success() && (...)` is
 * meant; a missing condition is `success()`.
 */
export function condition(text: string | undefined, context: Record<string, Value>, status: Status): boolean {
  if (text === undefined) return !status.failed;
  const bare = text.replace(/^\s*\$\{\{(.*)\}\}\s*$/s, '$1');
  const withStatus = /\b(always|success|failure|cancelled)\(\)/.test(bare) ? bare : `success() && (${bare})`;
  return truthy(evaluate(withStatus, context, status));
}
