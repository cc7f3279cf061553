/**
 * The engine names no family: outside a family's folder (src/families/<name>/) and the family list, no
 * code names a family, one of its types of resources or tombstones, one of its change types, phases or
 * kinds of document, or branches on them; only the top (src/cli/families.ts, and the list itself) imports
 * a family; a family imports another only when it declares that it builds on it (`dependsOn`). Read from
 * the code's structure (its import declarations, string literals and the keys of object literals), not
 * from one spelling. The CRM's side is not read: the emulator (the CRM's stand-in) and the CRM's interface
 * that the tool and the emulator share (src/wire: its paths and wire types; src/api: the client of its
 * endpoints), which describe the platform, not crm-schema's families.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ALL_FAMILIES } from '../../src/families/all-families.js';
import type { Family } from '../../src/engine/family.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SRC = join(ROOT, 'src');
const FAMILIES = join(SRC, 'families');
/** the top: installs the list and builds the families' flags */
const TOP = new Set([join(SRC, 'cli', 'families.ts'), join(FAMILIES, 'all-families.ts')]);

/** The CRM's side: its stand-in and its interface. */
const CRM_SIDE = new Set(['emulator', 'wire', 'api']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return CRM_SIDE.has(entry.name) && dir === SRC ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every word by which code names something of `family`. */
function vocabulary(family: Family): Set<string> {
  return new Set([
    family.name,
    ...Object.keys(family.resources),
    ...Object.keys(family.tombstones),
    ...family.kinds.map((kind) => kind.type),
    ...family.phases.build,
    ...family.phases.tearDown,
    ...family.manifest.documents.map((kind) => kind.kind),
    ...(family.manage ?? []).map((key) => key.key),
  ]);
}

/** The family whose folder holds `file`, if any. */
function familyOf(file: string): string | undefined {
  const inside = relative(FAMILIES, file);
  if (inside.startsWith('..') || !inside.includes(sep)) return undefined;
  return inside.split(sep)[0];
}

interface Finding {
  file: string;
  line: number;
  what: string;
}

/** The properties whose value says what something is: a change's type, a resource's kind, a phase. */
const IDENTIFYING = new Set(['kind', 'type', 'family', 'phase']);

/**
 * Whether a literal says which family (or resource, change, phase, document) something is: compared with,
 * a case of a switch, or the value of an identifying property (`kind: 'label'`). A literal that is a
 * field's name (`'label'` of a property) says nothing of the kind.
 */
function branches(literal: ts.Node): boolean {
  const parent = literal.parent;
  if (ts.isCaseClause(parent)) return true;
  if (ts.isBinaryExpression(parent))
    return [
      ts.SyntaxKind.EqualsEqualsEqualsToken,
      ts.SyntaxKind.ExclamationEqualsEqualsToken,
      ts.SyntaxKind.EqualsEqualsToken,
      ts.SyntaxKind.ExclamationEqualsToken,
    ].includes(parent.operatorToken.kind);
  if (ts.isPropertyAssignment(parent) && parent.initializer === literal)
    return ts.isIdentifier(parent.name) && IDENTIFYING.has(parent.name.text);
  // a call that picks by kind: the first argument (`isPlatformName('group', name)`), or a selector
  // (`tombstonesOfKind(desired, 'label')`, `tombstonesOf(ctx, 'group')`)
  if (ts.isCallExpression(parent))
    return (
      // `shared('label', ...)` names a JSON Schema definition, not a family's resource
      (parent.arguments[0] === literal &&
        !(ts.isIdentifier(parent.expression) && parent.expression.text === 'shared')) ||
      (ts.isIdentifier(parent.expression) && /Kind|Of$|Named$/.test(parent.expression.text))
    );
  // a literal type (`kind: 'label'` of an interface)
  if (ts.isLiteralTypeNode(parent)) {
    const holder = parent.parent;
    return (
      ts.isPropertySignature(holder) && ts.isIdentifier(holder.name) && IDENTIFYING.has(holder.name.text)
    );
  }
  return false;
}

/** What `file` names of the families it may not name. */
function findings(
  file: string,
  foreign: ReadonlyMap<string, Set<string>>,
  mayImport: (target: string) => boolean,
): Finding[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: Finding[] = [];
  const at = (node: ts.Node, what: string) =>
    out.push({
      file: relative(ROOT, file),
      line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      what,
    });
  const owner = (word: string): string | undefined => {
    for (const [name, words] of foreign) if (words.has(word)) return name;
    return undefined;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      const spec = node.moduleSpecifier;
      if (spec !== undefined && ts.isStringLiteral(spec) && spec.text.startsWith('.')) {
        const target = resolve(dirname(file), spec.text).replace(/\.js$/, '.ts');
        if (!mayImport(target)) at(node, `imports ${relative(ROOT, target)}`);
      }
      return;
    }
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && branches(node)) {
      const name = owner(node.text);
      if (name !== undefined) at(node, `names '${node.text}' of the ${name} family`);
    }
    // a key of a family's in the policy's manage scope (`policy.manage.groups`)
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'manage'
    ) {
      const name = owner(node.name.text);
      if (name !== undefined) at(node, `reads manage.${node.name.text} of the ${name} family`);
    }
    if (ts.isObjectLiteralExpression(node) || ts.isTypeLiteralNode(node)) {
      // a table keyed by the families' words: a branch on the family spelled as a map
      const keys = (ts.isObjectLiteralExpression(node) ? node.properties : node.members).flatMap((member) =>
        member.name !== undefined && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))
          ? [member.name.text]
          : [],
      );
      const named = keys.filter((key) => owner(key) !== undefined);
      if (named.length >= 2) at(node, `keys a table by ${named.join(', ')}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe('the engine and its families', () => {
  const words = new Map(ALL_FAMILIES.map((family) => [family.name, vocabulary(family)]));

  it('reads families the test can name (the vocabulary is not empty)', () => {
    for (const [name, own] of words) expect(own.size, name).toBeGreaterThan(3);
  });

  it('names no family outside its folder and the list, and only the top imports one', () => {
    const found = sourceFiles(SRC)
      .filter((file) => familyOf(file) === undefined && !TOP.has(file))
      .flatMap((file) =>
        findings(
          file,
          words,
          (target) => familyOf(target) === undefined && !target.startsWith(FAMILIES + sep),
        ),
      );
    expect(found).toStrictEqual([]);
  });

  it('lets a family name and import only itself and the families it builds on', () => {
    const found = ALL_FAMILIES.flatMap((family) => {
      const allowed = new Set([family.name, ...(family.dependsOn ?? [])]);
      const foreign = new Map([...words].filter(([name]) => !allowed.has(name)));
      // a word of its own is its own, even where another family uses the same one
      for (const [name, own] of foreign)
        foreign.set(name, new Set([...own].filter((word) => !(words.get(family.name)?.has(word) ?? false))));
      return sourceFiles(join(FAMILIES, family.name)).flatMap((file) =>
        findings(file, foreign, (target) => {
          const other = familyOf(target);
          if (target.startsWith(FAMILIES + sep) && other === undefined) return false;
          return other === undefined || allowed.has(other);
        }),
      );
    });
    expect(found).toStrictEqual([]);
  });

  it('has every family folder in the list', () => {
    const folders = readdirSync(FAMILIES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).toStrictEqual(ALL_FAMILIES.map((family) => family.name).sort());
  });
});

describe('the check itself', () => {
  const words = new Map(ALL_FAMILIES.map((family) => [family.name, vocabulary(family)]));

  it('finds every way code can name a family, and passes code that names none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'crm-schema-structure-'));
    try {
      const file = join(dir, 'engine-code.ts');
      const familyModule = relative(dir, join(FAMILIES, 'property', 'model.js'))
        .split(sep)
        .join('/');
      writeFileSync(
        file,
        [
          `import { x } from '${familyModule}';`,
          "if (change.type === 'property.create') x();",
          "switch (ref.kind) { case 'label': break; }",
          "const tombstone = { kind: 'eventProperty', name };",
          "const groups = tombstonesOfKind(desired, 'group');",
          'const table = { property: 1, event: 2 };',
          'const owned = policy.manage.prefixes;',
          "interface Ref { kind: 'label' }",
          // none of these names a family: a shared schema's name, text, a field, a one-key object
          "const def = shared('label', schema);",
          "const text = entry.label + 'property';",
          "const field = { label: 'Label' };",
          "if (entry.kind === 'Other') x();",
        ].join('\n'),
      );
      const found = findings(file, words, (target) => familyOf(target) === undefined);
      expect(found.map((finding) => finding.line)).toStrictEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
