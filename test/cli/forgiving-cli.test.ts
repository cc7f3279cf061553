/**
 * The CLI forgives, through the real binary: `-h` and `help` everywhere (oclif's help plugin), "did you
 * mean" for a mistyped command or flag on any output (the not-found plugin asks on a terminal only),
 * shell completion (the autocomplete plugin), `-v` for the version.
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { BIN, finished, runBinary } from '../helpers/cli.js';

describe('a CLI that forgives', () => {
  it('-h, --help and help COMMAND show the help', async () => {
    const top = await runBinary(['-h']);
    expect(top.code).toBe(0);
    expect(top.stdout).toContain('COMMANDS');
    expect(top.stdout).toMatch(/plan\s+Show what apply would change/);
    for (const args of [
      ['plan', '-h'],
      ['help', 'plan'],
    ]) {
      const run = await runBinary(args);
      expect(run.code, args.join(' ')).toBe(0);
      expect(run.stdout, args.join(' ')).toContain('$ crm-schema plan');
    }
  });

  it('a reader that stops early (`| head -1`) ends the help quietly, exit 0', async () => {
    for (const args of ['help plan', 'plan --help', 'help']) {
      // the shell's pipe, closed after the first line; pipefail gives the CLI's own exit code
      const script = `set -o pipefail; "${process.execPath}" "${BIN}" ${args} | head -1 >/dev/null; echo "exit $?"`;
      const run = await finished(spawn('bash', ['-c', script], { stdio: ['ignore', 'pipe', 'pipe'] }));
      expect([run.stdout, run.stderr], args).toEqual(['exit 0\n', '']);
    }
  });

  it('suggests the command meant by a typo, exit 1 and no stack trace', async () => {
    const run = await runBinary(['plna']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('plna is not a crm-schema command');
    expect(run.stderr).toContain('Hint: Did you mean crm-schema plan?');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it("help for a command that does not exist is the help plugin's own error, not a bug", async () => {
    // the help plugin throws with its own copy of oclif: the CLI still knows the error as oclif's
    const run = await runBinary(['help', 'plna']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Error: Command plna not found.');
    expect(run.stderr).not.toContain('this is a bug');
  });

  it('suggests the flag meant by a typo', async () => {
    const run = await runBinary(['plan', '--enviroment', 'staging']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Nonexistent flag: --enviroment');
    expect(run.stderr).toContain('Hint: --enviroment: did you mean --environment?');
  });

  it('offers shell completion and -v', async () => {
    const completion = await runBinary(['autocomplete', '--help']);
    expect(completion.code).toBe(0);
    expect(completion.stdout).toContain('autocomplete');
    const version = await runBinary(['-v']);
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^crm-schema\/\d+\.\d+\.\d+ /);
  });
});
