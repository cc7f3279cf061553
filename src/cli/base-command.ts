/**
 * The base of crm-schema's commands. A command parses its flags, calls its part of the product, prints
 * for people through one `Output` (only when `--json` is not given) and returns its result as data; the
 * base prints that result as JSON for `--json` (oclif's `enableJsonFlag`), through the same `Output`.
 *
 * A command whose result must still be printed when it fails (a plan with errors, a drift check that
 * found errors) records the failure with `fail` and returns; the base throws it once the result is
 * printed. Every error reaches src/cli/main.ts, which prints it on stderr (never as a stack trace) and
 * maps it to the exit code: one exit point.
 */
import { Command } from '@oclif/core';
import './families.js';
import type { CrmSchemaError } from '../core/errors.js';
import { renderDiagnosticsText } from '../engine/render/common/diagnostics.js';
import type { TargetFlagValues } from './common-flags.js';
import type { ExitCode } from './exit-codes.js';
import { Output } from './output.js';
import { loadCommandProject, type Project } from '../engine/pipeline/project.js';
import type { Session, SessionOptions } from './session.js';
import { resolveTarget, type Target } from './target.js';
import { defined } from '../core/defined.js';

export abstract class CrmCommand extends Command {
  #output: Output | undefined;
  #failure: CrmSchemaError | undefined;
  #exitCode: ExitCode | undefined;

  /** the working directory the command runs in (`--local` keeps its state there) */
  protected get cwd(): string {
    return process.cwd();
  }

  /** The one output of the command; colour as `--color` and the terminal say. */
  protected output(flags: Pick<TargetFlagValues, 'color'>): Output {
    this.#output ??= new Output(flags.color, process.env);
    return this.#output;
  }

  /** The result as JSON text, for `--json` (commands with `enableJsonFlag`). */
  protected renderJson(result: unknown): string {
    return `${JSON.stringify(result, null, 2)}\n`;
  }

  /** Fails the command once its result is printed. */
  protected fail(error: CrmSchemaError): void {
    this.#failure ??= error;
  }

  /** Ends with this exit code once the result is printed (e.g. 2: changes present). */
  protected exitWith(code: ExitCode): void {
    this.#exitCode = code;
  }

  override toSuccessJson(result: unknown): string {
    return this.renderJson(result);
  }

  override logJson(json: unknown): void {
    const output = this.#output ?? new Output(false, process.env);
    output.json(typeof json === 'string' ? json : this.renderJson(json));
  }

  /** Errors are main's to print, with or without `--json`. */
  override catch(error: Error): Promise<never> {
    return Promise.reject(error);
  }

  protected override async _run<T>(): Promise<T> {
    const result = await super._run<T>();
    if (this.#failure !== undefined) throw this.#failure;
    if (this.#exitCode !== undefined) this.exit(this.#exitCode);
    return result;
  }

  /**
   * The project of `--config` (or ./crm-schema.yaml), validated. Problems of the manifests are printed on
   * stderr (warnings too); an error stops here, before any call. `configOnly`: the project file alone.
   */
  protected async loadProject(
    flags: Pick<TargetFlagValues, 'config'>,
    output: Output,
    options: { configOnly?: boolean } = {},
  ): Promise<Project> {
    return loadCommandProject({
      cwd: this.cwd,
      configFlag: flags.config,
      ...(options.configOnly === true ? { configOnly: true } : {}),
      onReport: (report) => {
        if (report.diagnostics.length > 0)
          output.err(renderDiagnosticsText(report, { color: output.colorErr }));
      },
    });
  }

  protected resolveTarget(flags: TargetFlagValues, project: Project | undefined): Target {
    return resolveTarget({
      local: flags.local,
      baseUrl: flags['base-url'],
      envName: flags.env,
      config: project?.config,
      env: process.env,
      accountId: flags['account-id'],
      apiVersion: flags['api-version'],
    });
  }

  /**
   * Runs `fn` against the target and closes the session after (the local emulator saves its state).
   * `client`: more client options, e.g. `{ maxInFlight }` for apply's `--parallelism`.
   */
  protected async withSession<T>(
    target: Target,
    flags: Pick<TargetFlagValues, 'verbose' | 'timeout'>,
    output: Output,
    fn: (session: Session) => Promise<T>,
    client?: SessionOptions['client'],
  ): Promise<T> {
    const options: SessionOptions = {
      env: process.env,
      cwd: this.cwd,
      verbose: flags.verbose
        ? (line) => {
            output.err(line);
          }
        : undefined,
      warn: (line) => {
        output.err(line);
      },
      timeout: flags.timeout,
      ...defined({ client }),
    };
    // the client, the transport and the local emulator load only for the commands that call the CRM
    const { withSession } = await import('./session.js');
    return withSession(target, options, async (session) => {
      const result = await fn(session);
      if (flags.verbose) output.err(`${session.calls.summary()} to ${session.url}`);
      return result;
    });
  }
}
