/**
 * "Did you mean" for a mistyped command or flag, on every output (oclif's not-found plugin asks only on
 * a terminal, and says nothing in CI logs): the closest command id, or the closest flag of the command.
 */
import { Config, type Errors } from '@oclif/core';
import { PACKAGE_ROOT } from '../core/package-root.js';
import { editDistance } from '../engine/manifest/schema/suggest.js';

/** The closest candidate within 2 edits (a third of a long word), or undefined. */
function nearest(word: string, candidates: readonly string[]): string | undefined {
  const limit = Math.max(2, Math.floor(word.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const distance = candidate.startsWith(word) && word.length >= 4 ? 1 : editDistance(word, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** The hint for a CLI error, or undefined when there is no close match. */
export async function didYouMean(
  error: Errors.CLIError,
  argv: readonly string[],
): Promise<string | undefined> {
  const unknownFlags = (error as { flags?: unknown }).flags;
  const defined = (error as { parse?: { input?: { flags?: Record<string, { aliases?: string[] }> } } }).parse
    ?.input?.flags;
  if (Array.isArray(unknownFlags) && defined !== undefined) {
    const names = Object.entries(defined).flatMap(([name, flag]) =>
      [name, ...(flag.aliases ?? [])].map((n) => `--${n}`),
    );
    const hints = unknownFlags
      .map((flag) => String(flag).split('=')[0] ?? '')
      .flatMap((flag) => {
        const match = nearest(flag, names);
        return match === undefined ? [] : [`${flag}: did you mean ${match}?`];
      });
    return hints.length > 0 ? hints.join('\n') : undefined;
  }
  if (error.oclif.exit === 127 && argv[0] !== undefined) {
    const config = await Config.load({ root: PACKAGE_ROOT });
    const match = nearest(
      argv[0],
      config.commandIDs.filter((id) => !id.includes(':')),
    );
    return match === undefined
      ? undefined
      : `Did you mean crm-schema ${match}? (crm-schema help lists every command)`;
  }
  return undefined;
}
