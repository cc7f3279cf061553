/**
 * Lines of oclif's own code that the bundle (bundle.ts) holds changed, each for time it spends on every
 * command's start-up for nothing. Each patch names the exact text it replaces: a build of another oclif
 * whose file no longer holds that text fails here, to be reviewed, rather than bundling it unchanged.
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

interface Patch {
  /** the file under @oclif/core/lib/ */
  file: string;
  find: string;
  replace: string;
}

/** A Node module required when first used, not when the file loads. */
const lazy = (id: string) => `new Proxy({}, { get: (_, key) => require("${id}")[key] })`;

export const OCLIF_PATCHES: readonly Patch[] = [
  // The commands of each plugin are sorted with `localeCompare`: its first call in a process builds
  // ICU's collator (8 to 13 ms), for ids that are plain lowercase ASCII (`plan`, `autocomplete:create`),
  // whose order is the same by code unit.
  {
    file: 'config/plugin.js',
    find: '.sort((a, b) => a.id.localeCompare(b.id));',
    replace: '.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));',
  },
  // The `debug` package (with supports-color and tty) loads with oclif's logger, though nothing is
  // logged unless DEBUG is set: it loads on the first logger made while DEBUG is set, as before.
  {
    file: 'logger.js',
    find: 'const debug_1 = __importDefault(require("debug"));',
    replace:
      'const debug_1 = { default: (namespace) => (process.env.DEBUG ? require("debug")(namespace) : () => undefined) };',
  },
  // child_process serves only a shell lookup on Windows; readline only reading arguments from stdin;
  // perf_hooks only OCLIF_PERFORMANCE.
  {
    file: 'util/os.js',
    find: 'const node_child_process_1 = require("node:child_process");',
    replace: `const node_child_process_1 = ${lazy('node:child_process')};`,
  },
  // Telling WSL from Linux needs only is-wsl; wsl-utils, which re-exports it, also loads child_process
  // and powershell-utils on import. (is-wsl is wsl-utils' dependency: were it not installed where the
  // bundle finds it, the build would fail.)
  {
    file: 'util/os.js',
    find: "return (await import('wsl-utils')).isWsl ? 'wsl'",
    replace: "return (await import('is-wsl')).default ? 'wsl'",
  },
  {
    file: 'parser/parse.js',
    find: 'const node_readline_1 = require("node:readline");',
    replace: `const node_readline_1 = ${lazy('node:readline')};`,
  },
  {
    file: 'performance.js',
    find: 'const node_perf_hooks_1 = require("node:perf_hooks");',
    replace: `const node_perf_hooks_1 = ${lazy('node:perf_hooks')};`,
  },
  // oclif checks the Node version against its own package.json, which it requires from beside its
  // code: in the bundle that file is not there, so the check only ever loaded semver and failed
  // quietly. crm-schema's own `engines` (Node >= 20.18) is stricter than oclif's.
  { file: 'index.js', find: '\ncheckNodeVersion();\n', replace: '\n' },
];

const OCLIF_LIB = /[\\/]@oclif[\\/]core[\\/]lib[\\/](.+)$/;

/** Applies OCLIF_PATCHES to the bundle's copy of @oclif/core (not to the plugins' own copies). */
export const oclifPatches: Plugin = {
  name: 'oclif-patches',
  setup(bundler) {
    const files = new Set(OCLIF_PATCHES.map((patch) => patch.file));
    bundler.onLoad({ filter: OCLIF_LIB }, async (args) => {
      const file = OCLIF_LIB.exec(args.path)?.[1]?.replaceAll('\\', '/');
      if (file === undefined || !files.has(file)) return undefined;
      let source = await readFile(args.path, 'utf8');
      for (const patch of OCLIF_PATCHES.filter((p) => p.file === file)) {
        if (!source.includes(patch.find)) {
          throw new Error(`${args.path} no longer holds "${patch.find.trim()}": review bundle-oclif.ts`);
        }
        source = source.replace(patch.find, patch.replace);
      }
      return { contents: source, loader: 'js' };
    });
  },
};
