/**
 * The saved plan (`plan --out FILE`, also what `--json` prints): the plan document plus what apply checks
 * before it writes anything: the tool that made it, the target (base URL and environment name, never a
 * token), a digest of the manifests, and per change the fingerprint of the live resource it was computed
 * from (already in each change). Written atomically: a temporary file in the same folder, then a rename.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CLIENT_VERSION } from '../api/version.js';
import { CrmSchemaError } from '../core/errors.js';
import { canonicalJson } from '../plan/canonical-json.js';
import type { DesiredState } from '../plan/desired.js';
import type { PlanDocument } from '../plan/plan-document.js';

export const TOOL_NAME = 'crm-schema';

/**
 * `sha256:<hex>` of the normalised desired state and tombstones (canonical JSON, locations left out): the
 * same manifests give the same digest wherever they are and however they are formatted or commented;
 * any change to what they declare changes it.
 */
export function manifestDigest(desired: DesiredState): string {
  const tombstones = desired.tombstones
    .map(({ source: _source, ...tombstone }) => canonicalJson(tombstone))
    .sort();
  const text = canonicalJson({ state: desired.state, tombstones });
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}

export interface SavedPlanContext {
  target: { baseUrl: string; environment?: string };
  digest: string;
}

/** The plan with tool, target and manifest digest. */
export function savedPlan(plan: PlanDocument, context: SavedPlanContext): PlanDocument {
  return {
    ...plan,
    tool: { name: TOOL_NAME, version: CLIENT_VERSION },
    target: context.target,
    manifestDigest: context.digest,
  };
}

/** Writes `text` to `path` atomically (readers see the old file or the whole new one, never a part). */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(temp, text, { encoding: 'utf8', flush: true });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw new CrmSchemaError('OUT_WRITE_FAILED', `Could not write ${path}: ${(error as Error).message}`, {
      hint: 'Check that the folder exists or can be created, and that it is writable.',
      cause: error,
    });
  }
}
