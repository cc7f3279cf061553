/**
 * Association limits of one pair. Desired: the pair's limit entries, plus "no limit" for every declared
 * user label without an entry (a label's limit is part of its manifest entry). Live limits are found by
 * category and typeId, so a renamed label keeps its limit. new set, none live: limit.set (create);
 * both set, different: limit.set (update); none declared (or a tombstone), one live: limit.purge.
 * A user label created by this plan has no typeId yet: the set carries `{ ref: <label address> }`
 * (with `side: 'inverse'` for the limit of its inverse direction).
 *
 * With a label scope, a user label's limit goes with its label (a label outside the scope is refused
 * with its limits), and a limit declared by category and typeId needs an entry for the whole object pair
 * (ownership.ts); one outside gets no change.
 */
import { pairKey, USER_DEFINED } from './normalize-association.js';
import { canonicalObjectType } from '../../engine/model/object-types.js';
import type { Ref } from '../../engine/plan/change-types.js';
import {
  diagnose,
  tombstoneConflict,
  tombstonesOf,
  type DiffContext,
} from '../../engine/plan/diff/diff-context.js';
import type { LabelMatches } from './label-diff.js';
import { defined } from '../../core/defined.js';
import { labelFrom, labelPairIndex } from './label-pairs.js';
import type { SourceLocation } from '../../core/source/source-location.js';
import { ownsLabelTombstone, ownsTypeLimit } from './ownership.js';
import { limitKey, type NormalizedLimit, limitAddress } from './limit-model.js';
import type { AssociationPairSchema } from './model.js';
import type { LimitTombstone } from './tombstones.js';

interface Target {
  category: string;
  typeId: number | Ref;
  label?: string;
}

export function diffLimits(
  ctx: DiffContext,
  from: string,
  to: string,
  desired: AssociationPairSchema | undefined,
  live: AssociationPairSchema | undefined,
  labels: LabelMatches,
): void {
  const liveByType = new Map<string, NormalizedLimit>();
  for (const limit of live?.limits.values() ?? [])
    liveByType.set(`${limit.category}/${limit.typeId ?? '?'}`, limit);

  const builtIn = labels.builtIn.get(pairKey(from, to));
  const outside = labels.outside.get(pairKey(from, to));
  const wanted = new Map<string, NormalizedLimit>(desired?.limits ?? []);
  /** where a tombstone asked for a limit's removal, by `limitKey` */
  const tombstoned = new Map<string, SourceLocation | undefined>();
  for (const label of desired?.labels.values() ?? []) {
    if (builtIn?.has(label.label) === true || outside?.has(label.label) === true) continue;
    const key = limitKey({ category: USER_DEFINED, label: label.label });
    if (!wanted.has(key)) wanted.set(key, { category: USER_DEFINED, label: label.label });
  }
  for (const tombstone of tombstonesOf<LimitTombstone>(ctx, 'limit').values()) {
    if (canonicalObjectType(tombstone.from) !== from || canonicalObjectType(tombstone.to) !== to) continue;
    const limit: NormalizedLimit =
      tombstone.label !== undefined
        ? { category: USER_DEFINED, label: tombstone.label }
        : { category: tombstone.category ?? '', typeId: tombstone.typeId };
    const declared = wanted.get(limitKey(limit));
    if (declared?.maxToObjectIds !== undefined) {
      const address = limitAddress(from, to, limit);
      tombstoneConflict(ctx, address, tombstone, `${address}: a limit is both declared and marked removed`);
      continue;
    }
    wanted.set(limitKey(limit), limit);
    tombstoned.set(limitKey(limit), tombstone.source);
  }

  for (const limit of wanted.values()) {
    if (!ownsLimit(ctx, from, to, limit, tombstoned)) continue;
    const target = resolveTarget(ctx, from, to, limit, live, labels);
    if (target === undefined) continue;
    const current =
      typeof target.typeId === 'number' ? liveByType.get(`${target.category}/${target.typeId}`) : undefined;
    const old = current?.maxToObjectIds;
    const next = limit.maxToObjectIds;
    const labelPart = defined({ label: target.label });
    if (next !== undefined && old !== next) {
      const mode = old === undefined ? 'create' : 'update';
      const meta = {
        from,
        to,
        category: target.category,
        typeId: target.typeId,
        ...labelPart,
        mode,
        new: next,
      } as const;
      ctx.changes.push({ type: 'limit.set', meta: old === undefined ? meta : { ...meta, old } });
    } else if (next === undefined && old !== undefined && typeof target.typeId === 'number') {
      ctx.changes.push({
        type: 'limit.purge',
        meta: { from, to, category: target.category, typeId: target.typeId, ...labelPart, old },
      });
    }
  }
}

/** The association type a limit entry is about; undefined (with an error) when it names no known label. */
function resolveTarget(
  ctx: DiffContext,
  from: string,
  to: string,
  limit: NormalizedLimit,
  live: AssociationPairSchema | undefined,
  labels: LabelMatches,
): Target | undefined {
  if (limit.label === undefined || limit.category !== USER_DEFINED) {
    return limit.typeId === undefined ? undefined : { category: limit.category, typeId: limit.typeId };
  }
  const text = limit.label;
  if (labels.builtIn.get(pairKey(from, to))?.has(text) === true) return undefined;
  if (labels.outside.get(pairKey(from, to))?.has(text) === true) return undefined;
  const typeId = labels.typeIds.get(pairKey(from, to))?.get(text) ?? live?.labels.get(text)?.typeId;
  if (typeId !== undefined) return { category: USER_DEFINED, typeId, label: text };
  if (limit.maxToObjectIds === undefined) return undefined; // no label, no limit: nothing to remove
  const address = limitAddress(from, to, limit);
  diagnose(ctx, {
    level: 'error',
    code: 'UNKNOWN_LABEL',
    address,
    message: `${address}: a limit for the label '${text}', which no manifest declares and the account does not have`,
    hint: 'Declare the label in the Associations manifest, or name a built-in type by category and typeId.',
  });
  return undefined;
}

/**
 * Whether the label scope owns a limit: one by category and typeId through an entry for the whole object
 * pair; a tombstone of a user label's limit through its live label. A declared label's limit is checked
 * with its label (labels.ts).
 */
function ownsLimit(
  ctx: DiffContext,
  from: string,
  to: string,
  limit: NormalizedLimit,
  tombstoned: ReadonlyMap<string, SourceLocation | undefined>,
): boolean {
  const key = limitKey(limit);
  const source = tombstoned.get(key);
  if (limit.label === undefined || limit.category !== USER_DEFINED)
    return limit.typeId === undefined || ownsTypeLimit(ctx, from, to, limitAddress(from, to, limit), source);
  if (!tombstoned.has(key)) return true;
  const live = labelPairIndex(ctx.live, from, to).find(from, to, limit.label);
  if (live === undefined || live.label.category !== USER_DEFINED) return true;
  const side = labelFrom(live, from, to, limit.label) ?? live.label;
  return ownsLabelTombstone(ctx, from, to, side, limitAddress(from, to, limit), source, 'removed');
}
