/**
 * The oclif configuration of a run: the CLI's own commands load without oclif's plugins; everything
 * else (help, completion, a typo, no command, --version) loads them as oclif always does. And the lines
 * of oclif the bundle changes are still there to change.
 */
import { readFileSync } from 'node:fs';
import { Config } from '@oclif/core';
import { describe, expect, it } from 'vitest';
import { OCLIF_PATCHES } from '../../src/cli/bundle-oclif.js';
import { oclifConfigFor } from '../../src/cli/oclif-config.js';
import { packagePath } from '../../src/core/package-root.js';

const OWN = ['apply', 'drift', 'emulator', 'init', 'lint', 'plan', 'pull', 'validate'];

describe('the oclif configuration of a run', () => {
  it('loads a command of the CLI without the plugins, with every command of its own', async () => {
    const options = await oclifConfigFor(['plan', '--json'], OWN, 'fallback');
    // options for oclif to load once (a loaded Config, oclif's run would load again)
    expect(options).not.toBeInstanceOf(Config);
    expect(typeof options).toBe('object');
    const loaded = await Config.load(options);
    expect([...loaded.plugins.keys()]).toEqual(['crm-schema']);
    expect(loaded.commandIDs.slice().sort()).toEqual(OWN);
    expect(loaded.findCommand('plan')?.id).toBe('plan');
    // the version and the rest of package.json are the package's
    const pjson = JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version: string };
    expect(loaded.version).toBe(pjson.version);
  });

  it.each([[['help', 'plan']], [['autocomplete']], [['plna']], [['--version']], [[]], [['-h']]])(
    'leaves %j to oclif, plugins and all',
    async (argv) => {
      expect(await oclifConfigFor(argv, OWN, 'fallback')).toBe('fallback');
    },
  );

  it('the lines of oclif the bundle changes are in the installed oclif, once each', () => {
    for (const patch of OCLIF_PATCHES) {
      const source = readFileSync(packagePath('node_modules', '@oclif', 'core', 'lib', patch.file), 'utf8');
      expect({ file: patch.file, found: source.split(patch.find).length - 1 }).toEqual({
        file: patch.file,
        found: 1,
      });
    }
  });
});
