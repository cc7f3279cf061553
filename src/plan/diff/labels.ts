/**
 * Association labels of one pair. A desired label is matched to a live one by, in turn: its `typeId`
 * (when the manifest gives one), its text, its internal `name` (when both sides know it; the platform's
 * label lists never return names). A match with other text is a rename in place (label.update); no match
 * is a label.create. So changing only the text in a manifest is create (+ delete of the old label when it
 * is tombstoned or the policy archives unmanaged labels): give `typeId` or `name` to rename in place.
 * `inverseLabel` is compared only when the manifest gives one. Built-in labels are never changed.
 */
import { deriveLabelName, USER_DEFINED } from '../../model/normalize-association.js';
import { canonicalObjectType } from '../../model/object-types.js';
import type { AssociationPairSchema, NormalizedLabel } from '../../model/schema-model.js';
import { labelAddress } from '../address.js';
import type { FieldChange } from '../change-types.js';
import { diagnose, tombstoneConflict, tombstonesOf, type DiffContext } from './diff-context.js';

/** What the label diff tells the limit diff: per desired label text, the live label it matched. */
export interface LabelMatches {
  /** desired label text -> matched live user label */
  matched: Map<string, NormalizedLabel>;
  /** desired label texts created by this plan */
  created: Set<string>;
  /** desired label texts that name a built-in label (no limit is derived for them) */
  builtIn: Set<string>;
}

export function diffLabels(
  ctx: DiffContext,
  from: string,
  to: string,
  desired: AssociationPairSchema | undefined,
  live: AssociationPairSchema | undefined,
): LabelMatches {
  const result: LabelMatches = { matched: new Map(), created: new Set(), builtIn: new Set() };
  const liveLabels = [...(live?.labels.values() ?? [])];
  const byTypeId = new Map(liveLabels.filter((l) => l.typeId !== undefined).map((l) => [l.typeId, l]));
  const byName = new Map(liveLabels.filter((l) => l.name !== undefined).map((l) => [l.name, l]));
  /** live typeIds a desired label has claimed */
  const claimed = new Set<number | undefined>();

  for (const label of desired?.labels.values() ?? []) {
    const address = labelAddress(from, to, label.label);
    const current = matchLive(ctx, address, label, live, byTypeId, byName);
    if (current === undefined) {
      const created: NormalizedLabel = {
        ...label,
        category: USER_DEFINED,
        name: label.name ?? deriveLabelName(label.label),
      };
      ctx.changes.push({ type: 'label.create', meta: { from, to, label: created } });
      result.created.add(label.label);
      continue;
    }
    claimed.add(current.typeId);
    if (current.category !== USER_DEFINED) {
      result.builtIn.add(label.label);
      diagnose(ctx, {
        level: 'warning',
        code: 'builtin-label',
        address,
        message: `${address} is a built-in label (${current.category}): crm-schema never changes it`,
        hint: `To manage its limit, declare it by category and typeId (${current.category} ${current.typeId ?? '?'}).`,
      });
      continue;
    }
    result.matched.set(label.label, current);
    const fields: FieldChange[] = [];
    if (current.label !== label.label) fields.push({ field: 'label', old: current.label, new: label.label });
    if (label.inverseLabel !== undefined && label.inverseLabel !== current.inverseLabel) {
      fields.push({ field: 'inverseLabel', old: current.inverseLabel ?? null, new: label.inverseLabel });
    }
    if (fields.length === 0 || current.typeId === undefined) continue;
    const inverseLabel = label.inverseLabel ?? current.inverseLabel;
    ctx.changes.push({
      type: 'label.update',
      meta: {
        from,
        to,
        typeId: current.typeId,
        label: label.label,
        ...(inverseLabel === undefined ? {} : { inverseLabel }),
        fields,
      },
    });
  }

  for (const tombstone of tombstonesOf(ctx, 'label').values()) {
    if (tombstone.kind !== 'label') continue;
    if (canonicalObjectType(tombstone.from) !== from || canonicalObjectType(tombstone.to) !== to) continue;
    const address = labelAddress(from, to, tombstone.label);
    const current = live?.labels.get(tombstone.label);
    if (
      desired?.labels.has(tombstone.label) === true ||
      (current !== undefined && claimed.has(current.typeId))
    ) {
      tombstoneConflict(
        ctx,
        address,
        tombstone,
        `${address} is both declared (or renamed) and marked deleted`,
      );
      continue;
    }
    if (current === undefined) continue;
    claimed.add(current.typeId);
    if (current.category !== USER_DEFINED) {
      diagnose(ctx, {
        level: 'warning',
        code: 'builtin-label',
        address,
        source: tombstone.source,
        message: `${address} is a built-in label (${current.category}): crm-schema never deletes it`,
        hint: 'Remove the tombstone from the manifest.',
      });
      continue;
    }
    ctx.changes.push({ type: 'label.delete', meta: { from, to, cause: 'tombstone', label: current } });
  }

  if (desired !== undefined && ctx.policy.unmanaged !== 'ignore') {
    for (const current of liveLabels) {
      if (current.category !== USER_DEFINED || claimed.has(current.typeId)) continue;
      const address = labelAddress(from, to, current.label);
      if (ctx.policy.unmanaged === 'archive') {
        ctx.changes.push({ type: 'label.delete', meta: { from, to, cause: 'unmanaged', label: current } });
      } else {
        diagnose(ctx, {
          level: 'warning',
          code: 'unmanaged-label',
          address,
          message: `${address} is a user label of a declared pair but in no manifest`,
          hint: 'Declare it in the Associations manifest, mark it deleted there, or set policy.unmanaged to archive.',
        });
      }
    }
  }
  return result;
}

function matchLive(
  ctx: DiffContext,
  address: string,
  label: NormalizedLabel,
  live: AssociationPairSchema | undefined,
  byTypeId: ReadonlyMap<number | undefined, NormalizedLabel>,
  byName: ReadonlyMap<string | undefined, NormalizedLabel>,
): NormalizedLabel | undefined {
  if (label.typeId !== undefined) {
    const found = byTypeId.get(label.typeId);
    if (found !== undefined) return found;
    diagnose(ctx, {
      level: 'warning',
      code: 'label-type-not-found',
      address,
      message: `${address} names typeId ${label.typeId}, which the account does not have: matched by text instead`,
      hint: 'Remove typeId from the manifest (it is assigned by the CRM), or run pull to refresh it.',
    });
  }
  return live?.labels.get(label.label) ?? (label.name === undefined ? undefined : byName.get(label.name));
}
