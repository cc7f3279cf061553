/**
 * Where commands print: results on stdout, everything else (diagnostics of the manifests, `--verbose`
 * call lines, notes) on stderr, so `--json` output on stdout stays parseable. Colour only on a terminal,
 * never with NO_COLOR or `--no-color` (for stdout; stderr by its own terminal).
 */
import { colorEnabled } from '../render/color-support.js';

export interface OutputStreams {
  stdout: Pick<NodeJS.WriteStream, 'write' | 'isTTY'>;
  stderr: Pick<NodeJS.WriteStream, 'write' | 'isTTY'>;
}

export class Output {
  /** colour on stdout */
  readonly color: boolean;
  /** colour on stderr */
  readonly colorErr: boolean;
  readonly #streams: OutputStreams;

  constructor(colorFlag: boolean, env: NodeJS.ProcessEnv, streams: OutputStreams = process) {
    this.#streams = streams;
    this.color = colorEnabled({ flag: colorFlag, env, isTTY: streams.stdout.isTTY });
    this.colorErr = colorEnabled({ flag: colorFlag, env, isTTY: streams.stderr.isTTY });
  }

  /** a result, with a trailing newline added when missing */
  out(text: string): void {
    this.#streams.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** anything that is not the result */
  err(text: string): void {
    this.#streams.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
  }
}
