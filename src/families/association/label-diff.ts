/**
 * Association labels of one object pair, as label pairs: a label and its inverse are one association
 * type with two directions, declared from either direction (or both, merged by the manifest reader) and
 * read live from both directions' lists. A desired pair is matched to a live pair by, in turn, its old
 * texts (`renamedFrom`, `inverseRenamedFrom`), its text, its inverse text: every text names at most one
 * live pair, and texts naming two different pairs are an error. A side with an old text is renamed only
 * from that text: a pair found by its other texts whose text there is neither the old nor the new one is
 * an error (RENAME_SOURCE_MISSING), never renamed. A match whose texts differ is relabelled
 * in place (label.update: same typeIds, every record association keeps the label); no match is one
 * label.create for both directions. A live pair no desired pair or tombstone claims is unmanaged (report
 * or delete under the policy); since pairs are matched whole, the inverse of a managed label is managed.
 * The inverse text is compared only when a manifest declares it. Built-in labels are never changed.
 *
 * With `manage.labels` (the label scope), a pair or tombstone outside it is an error and gets no change
 * (ownership.ts), and only live pairs inside it are unmanaged: those of the object pairs its entries name
 * (read when the unmanaged policy looks), never another team's. Without, the unmanaged policy looks at
 * every user label of an object pair a manifest names.
 */
import { getOrCreate } from '../../core/maps.js';
import { deriveLabelName, pairKey, USER_DEFINED } from './normalize-association.js';
import {
  labelFrom,
  isOfObjectPair,
  labelPairIndex,
  mirrorLabel,
  textFrom,
  type LabelPair,
  type LabelPairIndex,
} from './label-pairs.js';
import { canonicalObjectType } from '../../engine/model/object-types.js';
import type { FieldChange, Ref } from '../../engine/plan/change-types.js';
import {
  diagnose,
  tombstoneConflict,
  tombstonesOf,
  type DiffContext,
} from '../../engine/plan/diff/diff-context.js';
import { defined } from '../../core/defined.js';
import {
  labelInScope,
  labelScopeNamesPair,
  ownsLabelPair,
  ownsLabelTombstone,
  type DeclaredLabel,
} from './ownership.js';
import { type NormalizedLabel, labelAddress } from './label-model.js';
import { associationsOf } from './model.js';
import { hasLabelScope } from './label-scope.js';
import type { LabelTombstone } from './tombstones.js';
import { tombstonesOfKind } from '../../engine/model/desired-state.js';

/** What the label diff tells the limit diff, per direction (`pairKey`) and text there. */
export interface LabelMatches {
  /** the typeId of each declared label's type: live, or a Ref to this plan's create */
  typeIds: Map<string, Map<string, number | Ref>>;
  /** texts that name a built-in label (no limit is derived for them) */
  builtIn: Map<string, Set<string>>;
  /** texts of declared labels outside the label scope (refused: their limits are left alone too) */
  outside: Map<string, Set<string>>;
}

type Declared = DeclaredLabel;

export function diffLabelPairs(ctx: DiffContext, a: string, b: string): LabelMatches {
  const matches: LabelMatches = { typeIds: new Map(), builtIn: new Map(), outside: new Map() };
  const index = labelPairIndex(ctx.live, a, b);
  const declared = declaredPairs(ctx, a, b);
  /** `from->to\0text` -> the desired pair claiming it */
  const claims = new Map<string, Declared>();
  for (const d of declared) {
    claims.set(claimKey(d.from, d.to, d.label.label), d);
    if (d.label.inverseLabel !== undefined) claims.set(claimKey(d.to, d.from, d.label.inverseLabel), d);
  }
  const claimed = new Set<LabelPair>();

  for (const d of declared) {
    const live = matchLive(ctx, d, index);
    if (live === 'error') continue;
    if (live === undefined) {
      if (ownsLabelPair(ctx, d, undefined)) createPair(ctx, d, index, claims, matches);
      else refuse(matches, d);
      continue;
    }
    claimed.add(live);
    if (live.label.category !== USER_DEFINED) {
      getOrCreate(matches.builtIn, pairKey(d.from, d.to), () => new Set<string>()).add(d.label.label);
      diagnose(ctx, {
        level: 'warning',
        code: 'BUILTIN_LABEL',
        address: d.address,
        message: `${d.address} is a built-in label (${live.label.category}): crm-schema never changes it`,
        hint: `To manage its limit, declare it by category and typeId (${live.label.category} ${live.label.typeId ?? '?'}).`,
      });
      continue;
    }
    if (ownsLabelPair(ctx, d, currentSide(live, d) ?? live.label)) updatePair(ctx, d, live, matches);
    else refuse(matches, d);
  }

  for (const tombstone of tombstonesOf<LabelTombstone>(ctx, 'label').values()) {
    const from = canonicalObjectType(tombstone.from);
    const to = canonicalObjectType(tombstone.to);
    if (!isOfObjectPair(from, to, a, b)) continue;
    const address = labelAddress(from, to, tombstone.label);
    const live = index.find(from, to, tombstone.label);
    if (claims.has(claimKey(from, to, tombstone.label)) || (live !== undefined && claimed.has(live))) {
      tombstoneConflict(
        ctx,
        address,
        tombstone,
        `${address} is both declared (or renamed) and marked deleted`,
      );
      continue;
    }
    if (live === undefined) continue;
    claimed.add(live);
    if (live.label.category !== USER_DEFINED) {
      diagnose(ctx, {
        level: 'warning',
        code: 'BUILTIN_LABEL',
        address,
        source: tombstone.source,
        message: `${address} is a built-in label (${live.label.category}): crm-schema never deletes it`,
        hint: 'Remove the tombstone from the manifest.',
      });
      continue;
    }
    const label = labelFrom(live, from, to, tombstone.label) ?? live.label;
    if (!ownsLabelTombstone(ctx, from, to, label, address, tombstone.source)) continue;
    ctx.changes.push({ type: 'label.delete', meta: { from, to, cause: 'tombstone', label } });
  }

  // with a label scope, the object pairs its entries name (and only labels inside it); without, the
  // object pairs a manifest names
  const scoped = hasLabelScope(ctx.policy);
  const watched = scoped ? labelScopeNamesPair(ctx, a, b) : declaresPair(ctx, a, b);
  if (watched && ctx.policy.unmanaged !== 'ignore') {
    for (const live of index.pairs) {
      if (live.label.category !== USER_DEFINED || claimed.has(live)) continue;
      const scope = scoped ? labelInScope(ctx, live.from, live.to, live.label) : undefined;
      if (scoped && scope === undefined) continue;
      const address = labelAddress(live.from, live.to, live.label.label);
      if (ctx.policy.unmanaged === 'archive') {
        ctx.changes.push({
          type: 'label.delete',
          meta: { from: live.from, to: live.to, cause: 'unmanaged', label: live.label },
        });
      } else {
        diagnose(ctx, {
          level: 'warning',
          code: 'UNMANAGED_LABEL',
          address,
          message:
            `${address}${live.label.inverseLabel === undefined ? '' : ` (inverse "${live.label.inverseLabel}")`}` +
            (scope === undefined
              ? ' is a user label of a declared object pair but in no manifest'
              : ` is a user label in the managed scope (${scope}) but in no manifest`),
          hint: 'Declare it in an Associations manifest, mark it deleted there, or set policy.unmanaged to archive.',
        });
      }
    }
  }
  return matches;
}

/** A declared pair outside the label scope: no limit is derived for its texts either. */
function refuse(matches: LabelMatches, d: Declared): void {
  getOrCreate(matches.outside, pairKey(d.from, d.to), () => new Set<string>()).add(d.label.label);
  if (d.label.inverseLabel !== undefined)
    getOrCreate(matches.outside, pairKey(d.to, d.from), () => new Set<string>()).add(d.label.inverseLabel);
}

/** The desired pairs of the object pair, each once (in the direction a manifest declares it). */
function declaredPairs(ctx: DiffContext, a: string, b: string): Declared[] {
  const directions: [string, string][] =
    a === b
      ? [[a, b]]
      : [
          [a, b],
          [b, a],
        ];
  const out: Declared[] = [];
  for (const [from, to] of directions) {
    for (const label of associationsOf(ctx.desired.state).get(pairKey(from, to))?.labels.values() ?? [])
      out.push({ from, to, label, address: labelAddress(from, to, label.label) });
  }
  return out;
}

/** Whether a manifest names either direction of the object pair (even with tombstones only). */
function declaresPair(ctx: DiffContext, a: string, b: string): boolean {
  return (
    associationsOf(ctx.desired.state).has(pairKey(a, b)) ||
    associationsOf(ctx.desired.state).has(pairKey(b, a)) ||
    tombstonesOfKind<LabelTombstone>(ctx.desired, 'label').some((t) => isOfObjectPair(t.from, t.to, a, b))
  );
}

/** The live pair a desired pair is, undefined when none, 'error' when its texts name two. */
function matchLive(ctx: DiffContext, d: Declared, index: LabelPairIndex): LabelPair | undefined | 'error' {
  const { from, to, label } = d;
  const lookups: [string, LabelPair | undefined][] = [];
  const look = (what: string, f: string, t: string, text: string | undefined) => {
    if (text !== undefined) lookups.push([`${what} '${text}' (${f}->${t})`, index.find(f, t, text)]);
  };
  look('renamedFrom', from, to, label.renamedFrom);
  look('inverseRenamedFrom', to, from, label.inverseRenamedFrom);
  look('label', from, to, label.label);
  look('inverseLabel', to, from, label.inverseLabel);
  const found = [...new Set(lookups.flatMap(([, pair]) => (pair === undefined ? [] : [pair])))];
  if (found.length > 1) {
    const named = lookups.flatMap(([what, pair]) =>
      pair === undefined
        ? []
        : [`${what} is the account's label '${pair.label.label}' (typeId ${pair.label.typeId ?? '?'})`],
    );
    diagnose(ctx, {
      level: 'error',
      code: 'LABEL_PAIR_CONFLICT',
      address: d.address,
      message: `${d.address}: its texts name ${found.length} different labels of the account: ${named.join('; ')}`,
      hint: "A label pair is one association type: rename or delete one of the account's labels (or change the manifest) so that its texts name one label.",
    });
    return 'error';
  }
  if (found.length === 0) {
    for (const [key, old] of [
      ['renamedFrom', label.renamedFrom],
      ['inverseRenamedFrom', label.inverseRenamedFrom],
    ] as const) {
      if (old === undefined) continue;
      diagnose(ctx, {
        level: 'error',
        code: 'RENAME_SOURCE_MISSING',
        address: d.address,
        message: `${d.address}: ${key} '${old}' names no label of the account, and neither does the new text`,
        hint: `Give the label's current text in ${key}, or remove ${key} to create the label.`,
      });
      return 'error';
    }
  }
  return found[0];
}

function createPair(
  ctx: DiffContext,
  d: Declared,
  index: LabelPairIndex,
  claims: ReadonlyMap<string, Declared>,
  matches: LabelMatches,
): void {
  const { from, to, label } = d;
  // a label created without inverseLabel gets its own text in the other direction too
  if (label.inverseLabel === undefined) {
    const taken = index.find(to, from, label.label);
    const other = claims.get(claimKey(to, from, label.label));
    const holder =
      taken !== undefined
        ? `the account's label '${textFrom(taken, from) ?? '?'}' (typeId ${taken.label.typeId ?? '?'}) uses it`
        : other !== undefined && other !== d
          ? `${other.address} declares it`
          : undefined;
    if (holder !== undefined) {
      diagnose(ctx, {
        level: 'error',
        code: 'LABEL_TEXT_TAKEN',
        address: d.address,
        message: `${d.address}: a new label without inverseLabel gets the text '${label.label}' in ${to}->${from} too, where ${holder}`,
        hint: 'Give inverseLabel (the text of the other direction) in the manifest.',
      });
      return;
    }
  }
  const created: NormalizedLabel = {
    label: label.label,
    category: USER_DEFINED,
    name: label.name ?? deriveLabelName(label.label),
  };
  if (label.inverseLabel !== undefined) created.inverseLabel = label.inverseLabel;
  ctx.changes.push({ type: 'label.create', meta: { from, to, label: created } });
  setTypeId(matches, from, to, label.label, { ref: d.address });
  if (label.inverseLabel !== undefined)
    setTypeId(matches, to, from, label.inverseLabel, { ref: d.address, side: 'inverse' });
}

function updatePair(ctx: DiffContext, d: Declared, live: LabelPair, matches: LabelMatches): void {
  const { from, to, label } = d;
  const current = currentSide(live, d);
  if (current?.typeId === undefined) {
    diagnose(ctx, {
      level: 'error',
      code: 'LABEL_PAIR_UNKNOWN',
      address: d.address,
      message: `${d.address}: the account's label '${live.label.label}' was found from ${live.from}->${live.to}, but its type in ${from}->${to} is unknown`,
      hint: 'Declare the label from the direction it is listed in, or report this: crm-schema could not pair the two directions.',
    });
    return;
  }
  if (!renamesNamedTexts(ctx, d, current)) return;
  const fields: FieldChange[] = [];
  if (current.label !== label.label) fields.push({ field: 'label', old: current.label, new: label.label });
  if (label.inverseLabel !== undefined && label.inverseLabel !== current.inverseLabel)
    fields.push({ field: 'inverseLabel', old: current.inverseLabel ?? null, new: label.inverseLabel });
  setTypeId(matches, from, to, label.label, current.typeId);
  const inverseText = label.inverseLabel ?? current.inverseLabel;
  if (inverseText !== undefined && current.inverseTypeId !== undefined)
    setTypeId(matches, to, from, inverseText, current.inverseTypeId);
  if (fields.length === 0) return;
  ctx.changes.push({
    type: 'label.update',
    meta: {
      from,
      to,
      typeId: current.typeId,
      label: label.label,
      ...defined({ inverseLabel: inverseText }),
      fields,
    },
  });
}

/**
 * A rename applies only to the text the manifest names: for each side with an old text (`renamedFrom`,
 * `inverseRenamedFrom`), the matched live pair's text there must be that old text (rename it) or the new
 * one (done). A pair found by its other side's text whose text here is neither is an error, never renamed.
 */
function renamesNamedTexts(ctx: DiffContext, d: Declared, current: NormalizedLabel): boolean {
  const { from, to, label } = d;
  let ok = true;
  for (const [key, old, text, live, f, t] of [
    ['renamedFrom', label.renamedFrom, label.label, current.label, from, to],
    ['inverseRenamedFrom', label.inverseRenamedFrom, label.inverseLabel, current.inverseLabel, to, from],
  ] as const) {
    if (old === undefined || live === old || live === text) continue;
    const found = live === undefined ? 'whose text there is unknown' : `'${live}' there`;
    diagnose(ctx, {
      level: 'error',
      code: 'RENAME_SOURCE_MISSING',
      address: d.address,
      message:
        `${d.address}: ${key} '${old}' names no label of the account in ${f}->${t}, and neither does the ` +
        `new text${text === undefined ? '' : ` '${text}'`}: the label pair its other texts name (typeId ` +
        `${current.typeId ?? '?'}) has ${found}, and a rename changes only the text it names`,
      hint: `Give the label's current text in ${f}->${t} in ${key}, or remove ${key}.`,
    });
    ok = false;
  }
  return ok;
}

/** The live pair seen from the desired pair's direction (for an object type with itself: by its texts). */
function currentSide(live: LabelPair, d: Declared): NormalizedLabel | undefined {
  const { from, to, label } = d;
  if (live.from !== live.to) return labelFrom(live, from, to);
  const forward = [label.label, label.renamedFrom];
  const inverse = [label.inverseLabel, label.inverseRenamedFrom];
  if (forward.includes(live.label.label)) return live.label;
  if (inverse.includes(live.label.label) || forward.includes(live.label.inverseLabel))
    return mirrorLabel(live.label);
  return live.label;
}

function setTypeId(
  matches: LabelMatches,
  from: string,
  to: string,
  text: string,
  typeId: number | Ref,
): void {
  getOrCreate(matches.typeIds, pairKey(from, to), () => new Map<string, number | Ref>()).set(text, typeId);
}

function claimKey(from: string, to: string, text: string): string {
  return `${pairKey(from, to)}\u0000${text}`;
}
