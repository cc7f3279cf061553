/**
 * The association family's part of `pull`: the directions it reads (`--associations FROM:TO`, else those
 * the manifests name), with both directions of each object pair a label entry names, and which user
 * labels it adds: those in the label scope (`--label`, else `policy.manage.labels`; flags bounded by the
 * project's own), with their limits, and the limits of a pair's built-in types when an entry names the
 * whole pair. Never another team's labels: without a label scope no label is added (a note says how many
 * were left out of a declared pair). A label pair is one resource: when both directions are pulled, it is
 * written once, in the direction it was created from (its lower typeId).
 */
import { CrmSchemaError } from '../../../core/errors.js';
import type { PullContext, PullPart } from '../../../engine/pull-part.js';
import { tombstonesOfKind } from '../../../engine/model/desired-state.js';
import { canonicalObjectType, pairKey } from '../../../engine/model/object-types.js';
import type { SchemaState } from '../../../engine/model/schema-model.js';
import { isOfObjectPair, labelFrom, labelPairIndex, type LabelPair } from '../label-pairs.js';
import type { NormalizedLabel } from '../label-model.js';
import { labelAddress } from '../label-model.js';
import { canonicalLabelEntry, labelScope, parseLabelEntry, type LabelScope } from '../label-scope.js';
import { limitAddress } from '../limit-model.js';
import type { PairsScope } from '../live/scope.js';
import { pairScopeOf } from '../live/scope.js';
import { ASSOCIATIONS_KIND } from '../manifest/declarations.js';
import { associationsOf } from '../model.js';
import { USER_DEFINED } from '../normalize-association.js';
import type { LabelTombstone, LimitTombstone } from '../tombstones.js';
import { type PairPull, mergePair } from './merge-associations.js';
import { associationAdopt } from '../init/adopt-part.js';
import { flowYaml } from '../../../engine/pull/pull-project.js';

/** What the association family reads: the directions, and those `--associations` names. */
interface PairsPull {
  /** by `pairKey` */
  pairs: Map<string, { from: string; to: string }>;
  /** the directions `--associations` names (by `pairKey`): only they get notes of a direction left empty */
  named: Set<string>;
}

function scopeOf(ctx: Parameters<PullPart['scope']>[0]): PairsPull {
  const scope: PairsPull = { pairs: new Map(), named: new Set() };
  const addPair = (from: string, to: string) =>
    scope.pairs.set(pairKey(from, to), { from: canonicalObjectType(from), to: canonicalObjectType(to) });
  if (ctx.mode === 'flags') {
    for (const value of ctx.flags.associations ?? []) {
      const [from, to, ...rest] = value.split(':').map((part) => part.trim());
      if (from === undefined || to === undefined || from === '' || to === '' || rest.length > 0) {
        throw new CrmSchemaError('PULL_FLAG_INVALID', `--associations ${value}: expected FROM:TO.`, {
          hint: 'Name one direction of an object pair, e.g. --associations tickets:orders (repeat the flag for more).',
        });
      }
      addPair(from, to);
      scope.named.add(pairKey(from, to));
    }
  } else {
    for (const pair of associationsOf(ctx.desired.state).values()) addPair(pair.from, pair.to);
    for (const t of [
      ...tombstonesOfKind<LabelTombstone>(ctx.desired, 'label'),
      ...tombstonesOfKind<LimitTombstone>(ctx.desired, 'limit'),
    ])
      addPair(t.from, t.to);
  }
  // a label entry names its object pair: both directions are read (a label pair is written once)
  const labels = labelScope(ctx.manage.labels ?? []);
  for (const { from, to } of labels.pairs) {
    scope.pairs.set(pairKey(from, to), { from, to });
    scope.pairs.set(pairKey(to, from), { from: to, to: from });
  }
  const unnamed = [...scope.named].filter((key) => {
    const pair = scope.pairs.get(key);
    return pair !== undefined && !labels.namesPair(pair.from, pair.to);
  });
  if (unnamed.length > 0) {
    const [first = ''] = unnamed;
    throw new CrmSchemaError(
      'PULL_SCOPE_NEEDED',
      `pull adds only the association labels of a label scope, and none names ${unnamed.join(', ')}: another team's labels would be pulled too.`,
      {
        hint:
          `Name the labels to pull with --label (repeatable): --label '${first}' for every label of that object pair, or ` +
          `--label '${first}:Escalation *' for those whose text matches; or set policy.manage.labels in crm-schema.yaml.`,
      },
    );
  }
  return scope;
}

/** The label scope of a pull, and the project's own it is bounded by (when `--label` gives it). */
interface PullLabels {
  scope: LabelScope;
  within: LabelScope | undefined;
  /** where the scope comes from, for notes */
  source: string;
}

function labelsOf(ctx: PullContext): PullLabels {
  return {
    scope: labelScope(ctx.manage.labels ?? []),
    within: ctx.within.labels === undefined ? undefined : labelScope(ctx.within.labels),
    source: ctx.source(['labels']),
  };
}

interface PairContext {
  /** the typeIds of the label pairs written (or declared) so far: each pair is written once */
  written: Set<number>;
  /** the directions pulled (`pairKey`) */
  pulled: ReadonlySet<string>;
  labels: PullLabels;
  notes: string[];
}

function selectPair(
  from: string,
  to: string,
  state: SchemaState,
  options: PullContext,
  { written, pulled, labels, notes }: PairContext,
): PairPull {
  const { desired } = options;
  const live = associationsOf(state).get(pairKey(from, to));
  const declared = associationsOf(desired.state).get(pairKey(from, to));
  const index = labelPairIndex(state, from, to);
  const mark = (pair: LabelPair | undefined) => {
    if (pair?.label.typeId !== undefined) written.add(pair.label.typeId);
    if (pair?.label.inverseTypeId !== undefined) written.add(pair.label.inverseTypeId);
  };
  // the pairs the manifests declare (from either direction, by any of their texts) or tombstone
  for (const [f, t] of [
    [from, to],
    [to, from],
  ] as const) {
    for (const label of associationsOf(desired.state).get(pairKey(f, t))?.labels.values() ?? []) {
      for (const text of [label.label, label.renamedFrom])
        if (text !== undefined) mark(index.find(f, t, text));
      for (const text of [label.inverseLabel, label.inverseRenamedFrom])
        if (text !== undefined) mark(index.find(t, f, text));
    }
  }
  for (const t of tombstonesOfKind<LabelTombstone>(desired, 'label'))
    if (isOfObjectPair(t.from, t.to, from, to)) mark(index.find(t.from, t.to, t.label));
  const addLabels: NormalizedLabel[] = [];
  const reversePulled = from !== to && pulled.has(pairKey(to, from));
  /** user label pairs left out: no label scope at all, or in the flags' scope but not the project's */
  let unscoped = 0;
  let outsideProject = 0;
  for (const pair of index.pairs) {
    if (pair.label.category !== USER_DEFINED || written.has(pair.label.typeId ?? -1)) continue;
    const seen = labelFrom(pair, from, to) ?? pair.label;
    // created from the other direction, which is pulled too: that direction writes it
    if (reversePulled && (seen.inverseTypeId ?? Infinity) < (seen.typeId ?? Infinity)) continue;
    const texts = [seen.label, seen.inverseLabel];
    if (labels.scope.label(from, to, texts) === undefined) {
      if (!labels.scope.active) unscoped += 1;
      continue;
    }
    if (labels.within !== undefined && labels.within.label(from, to, texts) === undefined) {
      outsideProject += 1;
      continue;
    }
    mark(pair);
    addLabels.push(seen);
  }
  const count = (n: number) => `${n} user ${n === 1 ? 'label' : 'labels'}`;
  if (unscoped > 0)
    notes.push(
      `${from}->${to}: ${count(unscoped)} in no manifest ${unscoped === 1 ? 'was' : 'were'} not pulled: ` +
        `labels have owners, and policy.manage.labels names none (add '${from}->${to}', or '${from}->${to}:TEXT*' for ` +
        'the labels whose text matches, to adopt them).',
    );
  if (outsideProject > 0)
    notes.push(
      `${from}->${to}: ${count(outsideProject)} ${outsideProject === 1 ? 'matches' : 'match'} ${labels.source} but ` +
        `${outsideProject === 1 ? 'is' : 'are'} outside policy.manage.labels of the project: not pulled (add the ` +
        'scope to policy.manage.labels in crm-schema.yaml first).',
    );
  const userLabels = index.pairs.filter((pair) => pair.label.category === USER_DEFINED).length;
  addLabels.sort((a, b) => (a.typeId ?? 0) - (b.typeId ?? 0));
  // the limits of the pair's built-in types: with an entry for the whole object pair
  const wholePair =
    labels.scope.wholePair(from, to) !== undefined &&
    (labels.within === undefined || labels.within.wholePair(from, to) !== undefined);
  const declaredLimits = new Set(declared?.limits.keys());
  const addLimits = [...(live?.limits.values() ?? [])]
    .flatMap(({ category, label, typeId, maxToObjectIds }) =>
      wholePair &&
      label === undefined &&
      typeId !== undefined &&
      maxToObjectIds !== undefined &&
      !declaredLimits.has(`${category}/${typeId}`)
        ? [{ category, typeId, maxToObjectIds }]
        : [],
    )
    .sort((a, b) => a.typeId - b.typeId);
  const reverse = associationsOf(state).get(pairKey(to, from));
  return { from, to, live, reverse, addLabels, userLabels, addLimits };
}

/** Leaves out the resources pull keeps as the manifests have them (removed from them since the deploy). */
function withoutHeld(pair: PairPull, held: ReadonlySet<string>): PairPull {
  if (held.size === 0) return pair;
  const { from, to } = pair;
  return {
    ...pair,
    addLabels: pair.addLabels.filter(
      (l) =>
        !held.has(labelAddress(from, to, l.label)) &&
        (l.inverseLabel === undefined || !held.has(labelAddress(to, from, l.inverseLabel))),
    ),
    addLimits: pair.addLimits.filter((l) => !held.has(limitAddress(from, to, l))),
  };
}

interface PairsSelection {
  pairs: PairPull[];
  named: ReadonlySet<string>;
}

export const associationPull: PullPart<PairsPull, PairsScope> = {
  flags: [
    {
      name: 'associations',
      summary: 'Pull the association labels and limits of this direction; repeatable.',
      helpValue: 'FROM:TO',
    },
  ],
  scope: scopeOf,
  isEmpty: (scope) => scope.pairs.size === 0,
  // both directions of each pair (the reverse one gives each label's inverse)
  liveScope: (scope, into) => {
    for (const { from, to } of scope.pairs.values()) pairScopeOf(into, from, to).inverse = true;
  },
  select: (live, scope, ctx): PairsSelection => {
    // a label pair is one resource: when both directions are pulled, it is written once, in the direction
    // it was created from (the lower typeId), whatever the order of the directions
    const written = new Set<number>();
    const pulled = new Set(scope.pairs.keys());
    const labels = labelsOf(ctx);
    const pairs = [...scope.pairs.values()].map(({ from, to }) =>
      withoutHeld(selectPair(from, to, live, ctx, { written, pulled, labels, notes: ctx.notes }), ctx.held),
    );
    return { pairs, named: scope.named };
  },
  merge: (set, selection, rec, ctx) => {
    const { pairs, named } = selection as PairsSelection;
    for (const pair of pairs) {
      const key = `${pair.from}->${pair.to}`;
      // in a project, a direction without documents is one the other direction's label pairs imply; one
      // read for a --label entry is its pair's other direction
      if (
        ctx.mode === 'flags' &&
        named.has(key) &&
        set.docs(ASSOCIATIONS_KIND, key).length === 0 &&
        pair.addLabels.length + pair.addLimits.length === 0
      ) {
        rec.note(
          pair.userLabels === 0
            ? `${key}: nothing to pull (no user labels or limits).`
            : `${key}: its user labels are written with ${pair.to}->${pair.from} (each label pair once, with its inverseLabel).`,
        );
      }
      mergePair(set, pair, rec, ctx.held);
    }
  },
  adopt: associationAdopt,
  objectTypesOf: (added) =>
    added.flatMap((address) => {
      const pair = /^([^.>-]+)->([^:]+):/.exec(address);
      return pair === null ? [] : [pair[1] ?? '', pair[2] ?? ''];
    }),
  unrecordedNote: (file, manage, added, ctx) => {
    const labels = manage.labels ?? [];
    if (
      !ctx.byFlags.has('labels') ||
      ctx.within.labels !== undefined ||
      labels.length === 0 ||
      added.length === 0
    )
      return undefined;
    return `${file} has no policy.manage.labels: add the labels pulled there (labels: ${flowYaml(labels)}), so that plan and drift watch them.`;
  },
};

/** A `--label` value as a label entry (its object types canonical), or a clear error. */
export function parseLabelFlag(value: string, given: string): string {
  if (parseLabelEntry(value) === undefined) {
    throw new CrmSchemaError(
      'SCOPE_FLAG_INVALID',
      `${given}: expected an object pair, optionally with a pattern of label text.`,
      {
        hint:
          "For example --label 'tickets->orders' (every label of that pair), or --label 'contacts->companies:Escalation *' " +
          '(the labels whose text or inverse text matches; * any run of characters).',
      },
    );
  }
  return canonicalLabelEntry(value);
}
