/**
 * The one gate every writer of the tool passes its text through, by destination:
 *
 * - `forTerminal`: everything printed on stdout and stderr (results as text, Markdown or JSON, progress,
 *   diagnostics, errors, the `--verbose` log, the emulator's request log). Secrets masked (the token the
 *   process holds, and credential shapes: credentials.ts), then CI workflow commands broken
 *   (workflow-commands.ts), since stdout and stderr are a CI job's log;
 * - `forFile`: a file the tool writes for people or jobs to read (the GitHub step summary, an apply
 *   record). Secrets masked; a file is no log, so its text is otherwise written as given;
 * - `secretInText`: for a file that must be written exactly or not at all (a saved plan, whose content
 *   apply verifies): which secret it would hold, so that the writer refuses instead of masking.
 *
 * Control characters are not the gate's: the renderers show them as visible stand-ins
 * (control-chars.ts), and escape sequences are the colour the renderers chose. The emulator imports
 * this too (only src/core and src/wire are below it).
 */
import { findCredentialShape, maskCredentialShapes, type CredentialShape } from './credentials.js';
import { holdsSecret, maskSecrets } from './secrets.js';
import { breakWorkflowCommands, type LogTextKind } from './workflow-commands.js';

export type { LogTextKind } from './workflow-commands.js';

/** Text for stdout or stderr; `kind` says whether it is JSON (text and Markdown are `text`). */
export function forTerminal(text: string, kind: LogTextKind = 'text'): string {
  return breakWorkflowCommands(masked(text), kind);
}

/** Text for a file (Markdown, JSON or plain): secrets masked; JSON stays valid JSON. */
export function forFile(text: string): string {
  return masked(text);
}

/** What kind of secret `text` holds, if any: the token the process holds, or a credential shape. */
export function secretInText(text: string): 'the access token' | CredentialShape | undefined {
  return holdsSecret(text) ? 'the access token' : findCredentialShape(text);
}

function masked(text: string): string {
  return maskCredentialShapes(maskSecrets(text));
}
