/**
 * Where commands print: results on stdout, everything else (diagnostics of the manifests, `--verbose`
 * call lines, notes) on stderr, so `--json` output on stdout stays parseable. Colour only on a terminal,
 * never with NO_COLOR or `--no-color` (for stdout; stderr by its own terminal). Everything written to
 * either passes the output gate (core/output-gate.ts): secrets masked, CI workflow commands broken,
 * whatever printed it.
 */
import { colorEnabled } from '../engine/render/common/color-support.js';
import { keepSecret } from '../core/secrets.js';
import { forTerminal } from '../core/output-gate.js';
import { DEFAULT_TOKEN_ENV } from '../core/token-env.js';
import { neutralize } from '../core/control-chars.js';
import { escapeJsonText } from '../engine/render/common/safe-text.js';

export interface OutputStreams {
  stdout: Pick<NodeJS.WriteStream, 'write' | 'isTTY'>;
  stderr: Pick<NodeJS.WriteStream, 'write' | 'isTTY'>;
}

/** Whether any result was printed on stdout by this process (a failed `--json` run then adds no error document). */
let resultPrinted = false;

export function stdoutHasResult(): boolean {
  return resultPrinted;
}

/** The in-process test harness runs many commands in one process. */
export function forgetResultPrinted(): void {
  resultPrinted = false;
}

export class Output {
  /** colour on stdout */
  readonly color: boolean;
  /** colour on stderr */
  readonly colorErr: boolean;
  readonly #streams: OutputStreams;

  constructor(colorFlag: boolean, env: NodeJS.ProcessEnv, streams: OutputStreams = process) {
    this.#streams = streams;
    keepEnvironmentToken(env);
    this.color = colorEnabled({ flag: colorFlag, env, isTTY: streams.stdout.isTTY });
    this.colorErr = colorEnabled({ flag: colorFlag, env, isTTY: streams.stderr.isTTY });
  }

  /** a result (text or Markdown), with a trailing newline added when missing */
  out(text: string): void {
    if (this.#streams === process) resultPrinted = true;
    this.#streams.stdout.write(line(forTerminal(this.color ? text : neutralize(text))));
  }

  /** a result as JSON text: every invisible character as a `\u` escape (the same value, parsed) */
  json(text: string): void {
    if (this.#streams === process) resultPrinted = true;
    this.#streams.stdout.write(line(forTerminal(escapeJsonText(text), 'json')));
  }

  /**
   * Anything that is not the result. Without colour no escape sequence has any business on a stream, so
   * every control character is shown escaped; with colour, the renderers have neutralized what they print.
   */
  err(text: string): void {
    this.#streams.stderr.write(line(forTerminal(this.colorErr ? text : neutralize(text))));
  }

  /** Text for stderr exactly as given (a progress bar redrawing its line): the renderer neutralized it. */
  errRaw(text: string): void {
    this.#streams.stderr.write(forTerminal(text));
  }
}

/** The token in the default variable: masked from the start, before any command reads it. */
export function keepEnvironmentToken(env: NodeJS.ProcessEnv): void {
  const token = env[DEFAULT_TOKEN_ENV]?.trim();
  if (token) keepSecret(token);
}

function line(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}
