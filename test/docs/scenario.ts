/**
 * A scenario sets up what a page's example output needs (a copy of the example project, an emulator
 * holding an account in some state, a git history) so that the commands the page shows print what it
 * shows. One run serves every block of a page that names it, in page order.
 */

export interface ScenarioRun {
  /** the folder the commands run in */
  cwd: string;
  /** variables for the commands, over the cleaned environment of test/helpers/cli.ts */
  env: Record<string, string | undefined>;
  /** the scenario's emulator: an address of 127.0.0.1 in a page's command stands for it */
  url?: string;
  close(): Promise<void>;
}

export interface Scenario {
  /** what it sets up, in words: how to reproduce the examples that name it */
  description: string;
  start(): Promise<ScenarioRun>;
}
