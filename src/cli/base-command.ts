/**
 * The base of the commands that talk to a CRM (plan, apply, drift, pull): project loading, target and
 * token resolution, the session (client, `--local` emulator, `--verbose`), and output with colour rules,
 * so that each command only wires its own steps. Errors are thrown (CrmSchemaError with a code and a
 * hint); src/cli/main.ts prints them and maps them to exit codes.
 */
import { Command } from '@oclif/core';
import { renderDiagnosticsText } from '../render/diagnostics.js';
import type { TargetFlagValues } from './common-flags.js';
import { Output } from './output.js';
import { loadCommandProject, type Project } from './project.js';
import { withSession, type Session, type SessionOptions } from './session.js';
import { resolveTarget, type Target } from './target.js';

export abstract class CrmCommand extends Command {
  /** the working directory the command runs in (`--local` keeps its state there) */
  protected get cwd(): string {
    return process.cwd();
  }

  protected output(flags: Pick<TargetFlagValues, 'color'>): Output {
    return new Output(flags.color, process.env);
  }

  /**
   * The project of `--config` (or ./crm-schema.yaml), validated. Problems of the manifests are printed on
   * stderr (warnings too); an error stops here, before any call.
   */
  protected async loadProject(flags: Pick<TargetFlagValues, 'config'>, output: Output): Promise<Project> {
    return loadCommandProject({
      cwd: this.cwd,
      configFlag: flags.config,
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
      verbose: flags.verbose ? (line) => output.err(line) : undefined,
      warn: (line) => output.err(line),
      timeout: flags.timeout,
      ...(client === undefined ? {} : { client }),
    };
    return withSession(target, options, async (session) => {
      const result = await fn(session);
      if (flags.verbose) output.err(`${session.calls.summary()} to ${session.url}`);
      return result;
    });
  }
}
