/**
 * The CLI's own `main` (the bundled dist/bundle/cli/main.js, exactly what bin/run.js runs) in this process:
 * about ten times faster than a child process per run, and for all that a test of a command's output,
 * exit code and effects needs, the same. What a fresh process would start with is set up around each run:
 *
 * - the working directory and the environment the run is given, restored afterwards;
 * - stdin, stdout and stderr not terminals (as with pipes to a child), their writes captured;
 * - no secret kept from an earlier run (a process starts with none): masking is tested run by run;
 * - `process.exitCode` cleared before and after (this process is the test runner).
 *
 * Runs are serialized: the working directory, the environment and the streams belong to the process, so
 * two runs at once would see each other's. What needs a process of its own (signals, kills, stdin, a
 * terminal, two runs at once, the binary's exit) uses the real binary (test/helpers/cli.ts).
 *
 * dist/ is imported by Node itself, not through Vitest (vitest.config.ts externalizes it): the commands
 * oclif imports are then the very modules `main` uses, one copy of each.
 */
import { pathToFileURL } from 'node:url';
import { BUNDLE_MAIN } from '../../src/cli/bundle-layout.js';

export interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

export interface InProcessOptions {
  /** the working directory of the run; default: this process's */
  cwd?: string;
  /** set over this process's environment for the run; `undefined` removes the variable */
  env?: Record<string, string | undefined>;
  /** receives every write to stdout and stderr, in the order written (what a terminal would show) */
  onWrite?: (text: string) => void;
  /** the CLI to run instead of the bundle's (the source's, with another family list: in-process-source.ts) */
  cli?: Loaded;
}

type Main = (argv: string[]) => Promise<number>;

export interface Loaded {
  main: Main;
  forgetSecrets: () => void;
}

let loaded: Promise<Loaded> | undefined;
/** the end of the last run started: the next one waits for it */
let queue: Promise<unknown> = Promise.resolve();

async function load(): Promise<Loaded> {
  // the bundle's main also hands out its own copy of forgetSecrets (the bundle holds the secrets it masks)
  return (await import(pathToFileURL(BUNDLE_MAIN).href)) as Loaded;
}

/** `main(argv)` in this process, as a fresh process would run it; see the top of this file. */
export function runMain(argv: readonly string[], options: InProcessOptions = {}): Promise<Outcome> {
  const run = queue.then(() => runNow([...argv], options));
  queue = run.catch(() => undefined);
  return run;
}

type Write = typeof process.stdout.write;

async function runNow(argv: string[], options: InProcessOptions): Promise<Outcome> {
  const { main, forgetSecrets } = options.cli ?? (await (loaded ??= load()));

  const cwd = process.cwd();
  const savedEnv = new Map<string, string | undefined>();
  const ttys = [process.stdin, process.stdout, process.stderr].map((stream) => ({
    stream,
    own: Object.getOwnPropertyDescriptor(stream, 'isTTY'),
  }));
  const out = process.stdout.write;
  const err = process.stderr.write;
  // oclif's flush() leaves a 'drain' listener behind when the write did not block: harmless in a CLI
  // that runs once, a leak warning in a process that runs it hundreds of times
  const drains = new Set(process.stdout.listeners('drain'));
  let stdout = '';
  let stderr = '';
  const capture =
    (append: (text: string) => void): Write =>
    (chunk: string | Uint8Array, ...rest: unknown[]) => {
      append(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const callback = rest.find((arg): arg is () => void => typeof arg === 'function');
      if (callback) process.nextTick(callback);
      return true;
    };

  try {
    for (const [name, value] of Object.entries(options.env ?? {})) {
      if (!savedEnv.has(name)) savedEnv.set(name, process.env[name]);
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    if (options.cwd !== undefined) process.chdir(options.cwd);
    for (const { stream } of ttys) {
      Object.defineProperty(stream, 'isTTY', { value: false, configurable: true, writable: true });
    }
    forgetSecrets();
    process.exitCode = undefined;
    const shown = options.onWrite ?? (() => undefined);
    process.stdout.write = capture((text) => {
      stdout += text;
      shown(text);
    });
    process.stderr.write = capture((text) => {
      stderr += text;
      shown(text);
    });
    const code = await main(argv);
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
    for (const listener of process.stdout.listeners('drain')) {
      if (!drains.has(listener)) process.stdout.removeListener('drain', listener as () => void);
    }
    // a command may set it; this process is the test runner, which must not exit with it
    process.exitCode = undefined;
    forgetSecrets();
    for (const { stream, own } of ttys) {
      if (own) Object.defineProperty(stream, 'isTTY', own);
      else delete (stream as { isTTY?: boolean }).isTTY;
    }
    process.chdir(cwd);
    for (const [name, value] of savedEnv) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
