/**
 * Data steps never run twice and never write over a value they did not write:
 *
 * - a rename known to have finished (its old property came back since) is blocked: it is not copied
 *   again; the reason counts the records whose old value differs from the new one. One whose old property
 *   carries its mark and is still active has only its archive left, which loses nothing while every
 *   record holds the same value in both: it goes on then, and is blocked like a finished one otherwise;
 * - a rename to resume whose copy would meet conflicts (records whose new value the copy did not write:
 *   someone edited it since, see plan/copy-values.ts) is blocked until the manifest decides with
 *   `onConflict`: `keep` leaves those values (a remark), `overwrite` writes the old value over them
 *   (destructive: those values are lost);
 * - a remap whose old options were retired and shown again since is blocked unless `onConflict:
 *   overwrite` (the diff leaves them out with `keep`): their records are not rewritten again silently;
 * - a restore of a property that a finished rename archived (it carries the rename's mark) is blocked:
 *   its values are those from before the rename, and the values written since are on the new name. The
 *   manifests decide: the rename the other way round (the newer values copied back), or the new name
 *   kept; or a rollback of the apply that renamed it.
 *
 * A blocked change is refused whatever the policy and the flags say (see policy-decision.ts).
 */
import { quoteList } from '../../../core/quote-list.js';
import {
  copyConflictKey,
  describeCount,
  describeSamples,
  recordCountKey,
  type Count,
} from '../../../engine/plan/data-counts.js';
import type { PropertyRemapChange } from './property-remap-meta.js';
import type { PropertyRenameChange } from './property-rename-meta.js';
import type { PropertyRestoreChange } from './property-restore-meta.js';
import type { Classified, PlanRuleContext } from '../../../engine/plan/rules/rule-types.js';
import { raise, remark } from '../../../engine/plan/rules/rule-types.js';
import { propertyAddress } from '../model.js';

type Rename = Classified<PropertyRenameChange>;
type Remap = Classified<PropertyRemapChange>;
type Restore = Classified<PropertyRestoreChange>;

/** A rename that finished before, or whose copy would meet values it did not write. */
export function renameSteps(change: Rename, ctx: PlanRuleContext): Rename {
  const { objectType, from, property, finished, onConflict, created, marked } = change.meta;
  const oldAddress = propertyAddress(objectType, from);
  const newAddress = propertyAddress(objectType, property.name);
  const count = ctx.counts?.get(copyConflictKey(objectType, from, property.name));
  // copied and marked, the old name still active: its archive loses nothing only while both agree everywhere
  if (marked === true && (count === undefined || count.count > 0)) {
    const differ =
      count === undefined
        ? '; the records could not be compared'
        : `; ${describeCount(count, 'record holds', 'records hold')} another value in ${from} than in ${property.name}${samplesText(count)}`;
    return {
      ...change,
      blocked: {
        reason: `the rename to ${newAddress} finished before (${oldAddress} carries the mark crm-schema leaves when a rename to ${property.name} finishes); ${oldAddress} came back and is not copied again${differ}`,
        decide: `to archive ${oldAddress} again without copying, add { name: ${from}, archived: true } to the manifest; to keep it, remove renamedFrom from ${newAddress}`,
      },
    };
  }
  if (finished !== undefined) {
    const differ =
      count === undefined
        ? ''
        : `; ${describeCount(count, 'record holds', 'records hold')} another value in ${from} than in ${property.name}${samplesText(count)}`;
    return {
      ...change,
      blocked: {
        reason: `the rename to ${newAddress} finished before (${finished}); ${oldAddress} came back and is not copied again${differ}`,
        decide: `to archive ${oldAddress} again without copying, add { name: ${from}, archived: true } to the manifest; to keep it, remove renamedFrom from ${newAddress}`,
      },
    };
  }
  if (marked === true || !created || count === undefined || count.count === 0) return change;
  const conflicts = `${describeCount(count, 'record holds', 'records hold')} a value in ${newAddress} that the copy did not write and that differs from ${from}${samplesText(count)}`;
  if (onConflict === 'keep') return remark(change, `${conflicts}: kept (onConflict: keep)`);
  if (onConflict === 'overwrite')
    return raise(
      change,
      'destructive',
      `${conflicts}: overwritten with the old value (onConflict: overwrite)`,
    );
  return {
    ...change,
    blocked: {
      reason: conflicts,
      decide: `set onConflict on ${newAddress} in the manifest: keep (they keep their value) or overwrite (the old value is copied over them)`,
    },
  };
}

/** A remap whose retired options were shown again since it finished. */
export function remapSteps(change: Remap, ctx: PlanRuleContext): Remap {
  const { objectType, name, returned, onConflict, remaps } = change.meta;
  if (returned === undefined || returned.length === 0) return change;
  const address = propertyAddress(objectType, name);
  const held = returned
    .map((value) => ctx.counts?.get(recordCountKey(objectType, name, value)))
    .filter((count): count is Count => count !== undefined)
    .reduce((sum, count) => sum + count.count, 0);
  const targets = quoteList([...new Set(remaps.filter((r) => returned.includes(r.from)).map((r) => r.to))]);
  const what = `${quoteList(returned)} of ${address} ${returned.length === 1 ? 'was' : 'were'} replaced by ${targets} before and ${returned.length === 1 ? 'is' : 'are'} shown again; ${held} ${held === 1 ? 'record holds' : 'records hold'} ${returned.length === 1 ? 'it' : 'them'}`;
  if (onConflict === 'overwrite')
    return raise(change, 'destructive', `${what}: rewritten again (onConflict: overwrite)`);
  return {
    ...change,
    blocked: {
      reason: `${what}, written since the remap finished: not rewritten again`,
      decide: `set onConflict on ${address} in the manifest: overwrite (rewrite them again and hide the old options) or keep (leave them and hide the old options); or declare the old options again without replaces`,
    },
  };
}

/** A restore of a property a finished rename archived: never a plain restore of stale values. */
export function restoreSteps(change: Restore): Restore {
  const { objectType, property, renamedTo } = change.meta;
  if (renamedTo === undefined) return change;
  const address = propertyAddress(objectType, property.name);
  const newAddress = propertyAddress(objectType, renamedTo);
  return {
    ...change,
    blocked: {
      reason: `${address} was renamed to ${newAddress} by a rename that finished: restoring it brings back the values records held before the rename, while the values written since are on ${newAddress}`,
      decide:
        `to bring the values of ${newAddress} back under ${property.name}, declare ${property.name} with renamedFrom: ${renamedTo} ` +
        `(the rename the other way round: they are copied back, and ${renamedTo} is archived), or roll back the apply that renamed it ` +
        `(crm-schema rollback RECORD; crm-schema history lists the records); to keep the rename, declare ${renamedTo} instead of ${property.name}`,
    },
  };
}

function samplesText(count: Count): string {
  const samples = describeSamples(count.samples ?? []);
  return samples === '' ? '' : `, e.g. ${samples}`;
}
