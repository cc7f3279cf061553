/**
 * The whole bad-input corpus: the generated cases, plus the hand-written invalid corpus of
 * examples/invalid and test/fixtures/invalid (each file, or project folder, announces its codes on its
 * first line; the cases that only warn are left out, since they are not errors).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { diagnosticCodes } from '../../../src/core/source/codes.js';
import { ROOT } from '../../bench/cli-process.js';
import { bytesCases } from './bytes-cases.js';
import { PROJECT, type BadCase } from './case.js';
import { configCases } from './config-cases.js';
import { shapeCases } from './shape-cases.js';
import { textCases } from './text-cases.js';

const CORPORA = ['examples/invalid', 'test/fixtures/invalid'];
/** problems with a whole file: no line to point at */
const FILE_LEVEL = new Set(['FILE_BINARY', 'FILE_TOO_LARGE', 'FILE_NOT_FOUND', 'FILE_UNREADABLE']);

type Code = string;

function filesOf(absolute: string): string[] {
  return statSync(absolute).isDirectory()
    ? readdirSync(absolute, { recursive: true, encoding: 'utf8' })
        .map((f) => join(absolute, f))
        .filter((f) => statSync(f).isFile())
    : [absolute];
}

/** The codes a corpus entry announces: `# CODE[, CODE]: what` on the first line of its files. */
function announced(files: string[]): Code[] {
  const codes = new Set<Code>();
  for (const file of files) {
    const match = /^# ([A-Z0-9_]+(?:, [A-Z0-9_]+)*):/.exec(readFileSync(file, 'latin1').split('\n', 1)[0]!);
    match?.[1]!.split(', ').forEach((code) => codes.add(code));
  }
  return [...codes];
}

function corpusCases(): BadCase[] {
  const cases: BadCase[] = [];
  for (const corpus of CORPORA) {
    for (const entry of readdirSync(join(ROOT, corpus)).sort()) {
      const absolute = join(ROOT, corpus, entry);
      const files = filesOf(absolute);
      // UTF-16 text cannot carry an ASCII comment: its code is known
      const codes = entry === 'utf16.yaml' ? (['FILE_NOT_UTF8'] as Code[]) : announced(files);
      const errors = codes.filter((code) => diagnosticCodes()[code]?.severity === 'error');
      if (errors.length === 0) continue;
      const project: Record<string, Uint8Array | string> = {};
      if (statSync(absolute).isDirectory()) {
        for (const file of files) project[relative(absolute, file)] = new Uint8Array(readFileSync(file));
        // a folder of loose manifests (no project file of its own) becomes the project's manifests
        if (!('crm-schema.yaml' in project)) {
          for (const key of Object.keys(project)) {
            project[`schema/${key.replaceAll('/', '-')}`] = project[key]!;
            delete project[key];
          }
          project['crm-schema.yaml'] = PROJECT;
        }
      } else {
        project['schema/a.yaml'] = new Uint8Array(readFileSync(absolute));
      }
      cases.push({
        name: `${corpus.split('/')[0]}-${entry.replace(/\.ya?ml$/, '')}`,
        category: 'corpus',
        files: project,
        code: errors[0]!,
        located: entry === 'utf16.yaml' || errors.every((code) => FILE_LEVEL.has(code)) ? 'file' : 'position',
      });
    }
  }
  return cases;
}

export function badInputCases(): BadCase[] {
  const cases = [...textCases(), ...shapeCases(), ...bytesCases(), ...configCases(), ...corpusCases()];
  const names = new Set<string>();
  for (const c of cases) {
    if (names.has(c.name)) throw new Error(`two bad-input cases are named ${c.name}`);
    names.add(c.name);
  }
  return cases;
}
