/**
 * Malformed YAML text, generated from the valid base manifests: syntax errors at every line they fit
 * (unclosed quotes, nested compact mappings, unknown aliases, bad escapes, duplicated keys, tabs used as
 * indentation), unclosed flow collections, alias bombs, deep nesting, and a byte order mark before an
 * error (which must not shift its line).
 */
import {
  BASE_ASSOCIATIONS,
  BASE_EVENTS,
  BASE_MANIFEST,
  editLine,
  linesMatching,
  manifestCase,
  type BadCase,
} from './case.js';

const BASES = { properties: BASE_MANIFEST, associations: BASE_ASSOCIATIONS, events: BASE_EVENTS };

/** `  key: value` lines (not the first line of a list item) */
const KEY_VALUE = /^\s*[a-zA-Z]+: \S/;
/** lines whose indentation could hold a tab: indented keys that are not list items */
const INDENTED_KEY = /^ +[a-zA-Z]+:/;

function perLine(
  category: string,
  code: string,
  pattern: RegExp,
  edit: (line: string) => string,
  bases: Record<string, string> = BASES,
): BadCase[] {
  return Object.entries(bases).flatMap(([base, text]) =>
    linesMatching(text, pattern).map((i) =>
      manifestCase(category, `${base}-line-${i + 1}`, editLine(text, i, edit), code),
    ),
  );
}

const valueOf = (line: string) => line.slice(line.indexOf(': ') + 2);
const keyOf = (line: string) => line.slice(0, line.indexOf(': ') + 2);

function syntaxCases(): BadCase[] {
  return [
    // a double quote opened and never closed runs to the end of the file
    ...perLine('unclosed-quote', 'YAML_SYNTAX', KEY_VALUE, (l) => `${keyOf(l)}"${valueOf(l)}`),
    // `label: a: b` is a mapping nested in a compact one
    ...perLine('nested-compact-map', 'YAML_SYNTAX', KEY_VALUE, (l) => `${l}: oops`),
    ...perLine('unknown-alias', 'YAML_SYNTAX', KEY_VALUE, (l) => `${keyOf(l)}*nowhere`).map((c) => ({
      ...c,
      message: 'unknown alias *nowhere',
    })),
    ...perLine('bad-escape', 'YAML_SYNTAX', KEY_VALUE, (l) => `${keyOf(l)}"bad \\q escape"`),
    ...perLine('duplicate-key', 'YAML_DUPLICATE_KEY', /^\s*[a-zA-Z]+: \S/, (l) => `${l}\n${l.trimEnd()}`),
  ];
}

function tabCases(): BadCase[] {
  // YAML forbids tabs in indentation
  return perLine('tab-indent', 'YAML_SYNTAX', INDENTED_KEY, (l) => `\t${l.trimStart()}`, {
    properties: BASE_MANIFEST,
    events: BASE_EVENTS,
  });
}

function flowCases(): BadCase[] {
  const unclosed: [string, string][] = [
    ['map', 'options: [{ label: Low, value: low }, { label: High, value: high }'],
    ['seq', 'options: [{ label: Low, value: low }'],
    ['inner-map', 'options: [{ label: Low, value: low ]'],
    ['stray-close', 'options: ]'],
    ['double-comma', 'options: [{ label: Low,, value: low }]'],
  ];
  const lines = BASE_MANIFEST.split('\n');
  const at = lines.findIndex((l) => l.trim() === 'options:');
  return unclosed.map(([name, replacement]) => {
    const text = [...lines.slice(0, at), `    ${replacement}`, ...lines.slice(at + 5)].join('\n');
    return manifestCase('flow', name, text, 'YAML_SYNTAX');
  });
}

/** `levels` anchors, each a list of `width` aliases of the one before: width^levels nodes. */
function laughs(levels: number, width: number): string {
  const lines = [
    'kind: Properties',
    'objectType: tickets',
    `l0: &l0 [${Array(width).fill('"lol"').join(', ')}]`,
  ];
  for (let i = 1; i <= levels; i++)
    lines.push(
      `l${i}: &l${i} [${Array(width)
        .fill(`*l${i - 1}`)
        .join(', ')}]`,
    );
  return `${lines.join('\n')}\n`;
}

function bombCases(): BadCase[] {
  const big = 'x'.repeat(100_000);
  const manyRefs = Array.from({ length: 300 }, (_, i) => `r${i}: *big`).join('\n');
  return [
    ...(
      [
        [9, 9],
        [6, 10],
        [4, 40],
        [12, 3],
        [30, 2],
      ] as const
    ).map(([levels, width]) =>
      manifestCase('bomb', `laughs-${levels}x${width}`, laughs(levels, width), 'YAML_ALIAS_LIMIT'),
    ),
    // quadratic: one big value referenced many times
    manifestCase(
      'bomb',
      'big-anchor-300-refs',
      `kind: Properties\nobjectType: tickets\nbig: &big "${big}"\n${manyRefs}\n`,
      'YAML_ALIAS_LIMIT',
    ),
    manifestCase(
      'bomb',
      'merge-keys',
      `kind: Properties\nobjectType: tickets\nbase: &b { a: 1, b: 2 }\n${Array.from({ length: 150 }, (_, i) => `m${i}: { <<: *b }`).join('\n')}\n`,
      'YAML_ALIAS_LIMIT',
    ),
  ];
}

function nestingCases(): BadCase[] {
  const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}\n`;
  const blockMaps = (depth: number) =>
    [
      'kind: Properties',
      'objectType: tickets',
      'x:',
      ...Array.from({ length: depth }, (_, i) => `${'  '.repeat(i + 1)}a:`),
    ].join('\n');
  return [
    manifestCase('nesting', 'flow-seq-10k', deep(10_000), 'YAML_SYNTAX'),
    manifestCase('nesting', 'flow-seq-100k', deep(100_000), 'YAML_SYNTAX'),
    manifestCase(
      'nesting',
      'flow-map-5k',
      `kind: Properties\nproperties: ${'{a: '.repeat(5000)}1${'}'.repeat(5000)}\n`,
      'YAML_SYNTAX',
    ),
    manifestCase('nesting', 'block-seq-20k', `${'- '.repeat(20_000)}x\n`, 'YAML_SYNTAX'),
    manifestCase('nesting', 'block-map-3k', `${blockMaps(3000)}\n`, 'YAML_SYNTAX'),
    // deep but parseable: the shape check refuses it, at the right place
    manifestCase(
      'nesting',
      'flow-seq-200',
      `kind: Properties\nobjectType: tickets\nproperties: ${deep(200)}`,
      'WRONG_TYPE',
    ),
  ];
}

function bomCases(): BadCase[] {
  const bom = '\uFEFF';
  return [
    manifestCase(
      'bom',
      'then-syntax',
      `${bom}${editLine(BASE_MANIFEST, 4, (l) => `${l}: oops`)}`,
      'YAML_SYNTAX',
    ),
    manifestCase('bom', 'then-unknown-key', `${bom}${BASE_MANIFEST}  - lable: x\n`, 'UNKNOWN_KEY'),
    manifestCase('bom', 'then-nothing-else', `${bom}kind: Nope\n`, 'KIND_INVALID'),
  ];
}

export function textCases(): BadCase[] {
  return [...syntaxCases(), ...tabCases(), ...flowCases(), ...bombCases(), ...nestingCases(), ...bomCases()];
}
