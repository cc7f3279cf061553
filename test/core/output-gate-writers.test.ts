/**
 * Every writer of the tool passes the output gate (src/core/output-gate.ts), by construction: each source
 * file that writes to a stream or a file is listed here with how its text passes (the gate, or the check
 * a saved plan gets instead), or why it needs none. A new writer fails this test until it is listed, and
 * a listed file must import what it is said to pass through.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** A raw write: a stream, a file, oclif's log. */
const RAW_WRITE =
  /\bwriteSync\(|process\.(stdout|stderr)\.write|\.(stdout|stderr)\.write\(|console\.(log|error|warn|info)|\bwriteFile(Atomic)?\(|appendFile\(|createWriteStream|this\.(log|logToStderr|warn)\(|handle\.write/;

const GATE = 'core/output-gate.js';

const WRITERS: Record<string, { through?: string; exempt?: string }> = {
  'src/cli/output.ts': { through: GATE },
  'src/cli/main.ts': { through: GATE },
  'src/cli/session.ts': { through: GATE },
  'src/engine/render/common/step-summary.ts': { through: GATE },
  // the record written before the first write and at the end, and each line of its journal
  'src/engine/record/record-journal.ts': { through: GATE },
  // a saved plan is verified as written: it is refused when it holds a secret, never masked
  'src/cli/show-plan.ts': { through: 'engine/pipeline/plan-secrets.js' },
  'src/commands/emulator.ts': {
    through: GATE,
    exempt: 'its fixed texts, and the token it generated for itself, shown once on purpose',
  },
  'src/core/write-file-atomic.ts': { exempt: 'the atomic write itself; its callers are listed here' },
  'src/emulator/storage/atomic-write.ts': { exempt: "the emulator's state file: its own store, not output" },
  'src/cli/local-lock.ts': { exempt: 'a lock file holding a process id' },
  'src/engine/drift/baseline.ts': { exempt: 'manifests of a git baseline, copied to a temporary folder' },
  'src/engine/init/scaffold.ts': { exempt: 'files init writes from its templates and the command line' },
  'src/engine/init/write-project.ts': { exempt: 'files init writes from its templates and the command line' },
  'src/engine/pull/pull.ts': {
    exempt:
      'manifests from the live account, which the client has scrubbed of the token; masking after YAML is written would change its meaning',
  },
  'src/engine/pull/pull-project.ts': {
    exempt: 'the project file pull writes from the command line and the account',
  },
};

function sourceFiles(): string[] {
  return readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => `src/${file.split('\\').join('/')}`)
    .sort();
}

it('every file that writes is listed, with how its text passes the gate or why it needs none', () => {
  const writers = sourceFiles().filter((file) => RAW_WRITE.test(readFileSync(join(ROOT, file), 'utf8')));
  expect(writers.length).toBeGreaterThan(10);
  expect(writers).toEqual(Object.keys(WRITERS).sort());
});

it('a listed file imports what it passes its text through', () => {
  for (const [file, { through, exempt }] of Object.entries(WRITERS)) {
    expect(through !== undefined || exempt !== undefined, file).toBe(true);
    if (through === undefined) continue;
    const text = readFileSync(join(ROOT, file), 'utf8');
    expect(text, `${file} imports ${through}`).toMatch(
      new RegExp(`from '(\\.\\./)+${through.replace('.', '\\.')}'`),
    );
  }
});
