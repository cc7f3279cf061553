/**
 * Label pairs. A user label is one association type with two directions: its text `from -> to` and its
 * inverse text `to -> from`. Manifests may declare a pair from either direction, or from both (one entry
 * in each direction's document, or one entry with `inverseLabel`): every entry that claims the same text
 * in the same direction is the same pair, and the entries are merged into one. Entries that disagree
 * about a pair (two inverse texts, two limits of one direction, two names) are an error at the later
 * entry naming the earlier one. A pair is oriented as the first entry that declares it.
 *
 * Also checked here, across pairs: one internal name per pair of an object pair, `renamedFrom` texts
 * that another declaration keeps or deletes, and what a rename or an inverse limit needs.
 */
import { at, must } from '../../core/must.js';
import type { DiagnosticCode } from '../../core/source/codes.js';
import { formatLocation, type DiagnosticSink } from '../../core/source/diagnostics.js';
import { canonicalObjectType } from '../../engine/model/object-types.js';
import { deriveLabelName, pairKey } from './normalize-association.js';
import type { SourceLocation } from '../../core/source/source-location.js';
import type { DeletedLabel, DesiredLabel, DesiredLabelPair } from './manifest/label-declarations.js';

/** One side of a merged pair, and where it was said. */
type Slot =
  | 'label'
  | 'inverseLabel'
  | 'renamedFrom'
  | 'inverseRenamedFrom'
  | 'maxToObjectIds'
  | 'inverseMaxToObjectIds'
  | 'name';

type SlotValue = string | number | null;

/** An entry as the merge reads it: its direction's texts and limits, forward limit included. */
export interface LabelDeclaration extends DesiredLabel {
  /** this direction's limit as written (absent: not written) */
  maxToObjectIds?: number | null;
}

const MIRROR: Readonly<Record<Slot, Slot>> = {
  label: 'inverseLabel',
  inverseLabel: 'label',
  renamedFrom: 'inverseRenamedFrom',
  inverseRenamedFrom: 'renamedFrom',
  maxToObjectIds: 'inverseMaxToObjectIds',
  inverseMaxToObjectIds: 'maxToObjectIds',
  name: 'name',
};

/** `tickets<->orders`: the object pair whatever the direction. */
export function objectPairKey(from: string, to: string): string {
  const [a, b] = [canonicalObjectType(from), canonicalObjectType(to)].sort();
  return `${a}<->${b}`;
}

export function mergeLabelPairs(
  declared: readonly LabelDeclaration[],
  deleted: readonly DeletedLabel[],
  sink: DiagnosticSink,
): DesiredLabelPair[] {
  const pairs = groupsOf(declared).map((group) => mergeGroup(group, sink));
  checkAcrossPairs(pairs, deleted, sink);
  return pairs.map((p) => p.pair);
}

/** Entries that claim a common (direction, text), transitively; each group in declaration order. */
function groupsOf(declared: readonly LabelDeclaration[]): LabelDeclaration[][] {
  const parent = declared.map((_, i) => i);
  const root = (i: number): number => {
    // path halving: each step points a node at its grandparent
    for (let up = at(parent, i); up !== i; up = at(parent, i)) {
      const grand = at(parent, up);
      parent[i] = grand;
      i = grand;
    }
    return i;
  };
  const union = (i: number, j: number) => {
    const [x, y] = [root(i), root(j)];
    parent[Math.max(x, y)] = Math.min(x, y);
  };
  const byClaim = new Map<string, number>();
  const claims = declared.map(claimsOf);
  claims.forEach(({ strong }, i) => {
    for (const claim of strong) {
      const other = byClaim.get(claim);
      if (other === undefined) byClaim.set(claim, i);
      else union(i, other);
    }
  });
  claims.forEach(({ weak }, i) => {
    for (const claim of weak) {
      const other = byClaim.get(claim);
      if (other !== undefined) union(i, other);
    }
  });
  const groups = new Map<number, LabelDeclaration[]>();
  declared.forEach((entry, i) => {
    const r = root(i);
    const list = groups.get(r);
    if (list === undefined) groups.set(r, [entry]);
    else list.push(entry);
  });
  return [...groups.values()];
}

/**
 * The (direction, text) an entry declares (strong), and, without `inverseLabel`, the text a new label
 * would get in the other direction (its own: weak). A weak claim joins the entry that declares that text.
 */
function claimsOf(entry: DesiredLabel): { strong: string[]; weak: string[] } {
  const own = `${pairKey(entry.from, entry.to)}\u0000${entry.label}`;
  if (entry.inverseLabel !== undefined)
    return { strong: [own, `${pairKey(entry.to, entry.from)}\u0000${entry.inverseLabel}`], weak: [] };
  return { strong: [own], weak: [`${pairKey(entry.to, entry.from)}\u0000${entry.label}`] };
}

/** Where a side of a pair was said, and the key the entry wrote it under (its own direction's key). */
interface Said {
  value: SlotValue;
  source: SourceLocation;
  key: string;
}

interface Merged {
  pair: DesiredLabelPair;
  /** where each side was said (for errors naming both places) */
  said: Map<Slot, Said>;
}

function mergeGroup(group: readonly LabelDeclaration[], sink: DiagnosticSink): Merged {
  const first = at(group, 0);
  const said = new Map<Slot, Said>();
  const from = canonicalObjectType(first.from);
  const to = canonicalObjectType(first.to);
  const describe = slotDescriber(from, to);
  const set = (slot: Slot, value: SlotValue | undefined, entry: DesiredLabel, key: string): void => {
    if (value === undefined) return;
    const before = said.get(slot);
    const source = entry.keySources[key] ?? entry.source;
    if (before === undefined) {
      said.set(slot, { value, source, key });
    } else if (before.value !== value) {
      sink.at(source, {
        code: 'LABEL_PAIR_CONFLICT',
        message:
          `this entry and the one at ${formatLocation(before.source)} declare the same label pair of ` +
          `${from} and ${to} but disagree on ${describe(slot)}${keysOf(slot, key, before.key)}: ${show(value)} here, ${show(before.value)} there`,
        hint: 'a label and its inverse are one pair: make the two declarations agree, or keep one of them',
      });
    }
  };
  const place = (entry: LabelDeclaration, reversed: boolean): void => {
    const own = (key: Slot) => {
      set(reversed ? MIRROR[key] : key, entry[key], entry, key);
    };
    own('label');
    own('inverseLabel');
    own('renamedFrom');
    own('inverseRenamedFrom');
    own('maxToObjectIds');
    own('inverseMaxToObjectIds');
    if (!entry.nameDerived) set('name', entry.name, entry, 'name');
  };

  place(first, false);
  let pending = group.slice(1);
  // an object type with itself has one direction: an entry's side is found by the texts it shares
  while (pending.length > 0) {
    const next: LabelDeclaration[] = [];
    for (const entry of pending) {
      const side = sideOf(entry, from, to, said);
      if (side === undefined) next.push(entry);
      else place(entry, side === 'reversed');
    }
    if (next.length === pending.length) {
      next.forEach((entry) => {
        place(entry, false);
      });
      break;
    }
    pending = next;
  }

  const text = (slot: Slot) => said.get(slot)?.value as string | undefined;
  const limit = (slot: Slot) => said.get(slot)?.value as number | null | undefined;
  const label = text('label') ?? first.label;
  const name = text('name');
  const pair: DesiredLabelPair = {
    from: first.from,
    to: first.to,
    label,
    name: name ?? deriveLabelName(label),
    nameDerived: name === undefined,
    source: first.source,
  };
  const optional = {
    inverseLabel: text('inverseLabel'),
    renamedFrom: text('renamedFrom'),
    inverseRenamedFrom: text('inverseRenamedFrom'),
    maxToObjectIds: limit('maxToObjectIds'),
    inverseMaxToObjectIds: limit('inverseMaxToObjectIds'),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) (pair as unknown as Record<string, unknown>)[key] = value;
  }
  checkPair(pair, said, describe, sink);
  return { pair, said };
}

function sideOf(
  entry: DesiredLabel,
  from: string,
  to: string,
  said: ReadonlyMap<Slot, { value: SlotValue }>,
): 'same' | 'reversed' | undefined {
  if (from !== to) return canonicalObjectType(entry.from) === from ? 'same' : 'reversed';
  const forward = said.get('label')?.value;
  const inverse = said.get('inverseLabel')?.value;
  if (entry.label === forward || (entry.inverseLabel !== undefined && entry.inverseLabel === inverse))
    return 'same';
  if (entry.label === inverse || (entry.inverseLabel !== undefined && entry.inverseLabel === forward))
    return 'reversed';
  return undefined;
}

function checkPair(
  pair: DesiredLabelPair,
  said: ReadonlyMap<Slot, Said>,
  describe: (slot: Slot) => string,
  sink: DiagnosticSink,
): void {
  const needsInverse = (slot: Slot) => {
    const where = said.get(slot);
    if (pair.inverseLabel !== undefined || where === undefined) return;
    sink.at(where.source, {
      code: 'LABEL_INVERSE_NEEDED',
      message: `'${where.key}' is about the other direction of the label '${pair.label}', whose text no entry declares`,
      hint: 'give inverseLabel (the text of the other direction) in this entry',
    });
  };
  needsInverse('inverseRenamedFrom');
  needsInverse('inverseMaxToObjectIds');
  for (const [slot, current] of [
    ['renamedFrom', pair.label],
    ['inverseRenamedFrom', pair.inverseLabel],
  ] as const) {
    const old = pair[slot];
    if (old === undefined || old !== current) continue;
    const where = must(said.get(slot), 'where the rename was said');
    sink.at(where.source, {
      code: 'LABEL_RENAME_INVALID',
      message: `${describe(slot)} (${where.key}) is '${old}', the label's own text: there is nothing to rename`,
      hint: `remove ${where.key}, or give the label's current text in the account`,
    });
  }
}

/** Across pairs: names, renamed texts still declared or deleted, deleted texts a pair declares. */
function checkAcrossPairs(
  pairs: readonly Merged[],
  deleted: readonly DeletedLabel[],
  sink: DiagnosticSink,
): void {
  const texts = new Map<string, Merged>();
  for (const merged of pairs) {
    const { pair } = merged;
    texts.set(`${pairKey(pair.from, pair.to)}\u0000${pair.label}`, merged);
    if (pair.inverseLabel !== undefined)
      texts.set(`${pairKey(pair.to, pair.from)}\u0000${pair.inverseLabel}`, merged);
  }
  const names = new Map<string, Merged>();
  const renamed = new Map<string, SourceLocation>();
  for (const merged of pairs) {
    const { pair, said } = merged;
    const nameKey = `${objectPairKey(pair.from, pair.to)}\u0000${pair.name}`;
    const sameName = names.get(nameKey);
    if (sameName === undefined) names.set(nameKey, merged);
    else {
      report(sink, said.get('name')?.source ?? said.get('label')?.source ?? pair.source, 'DUPLICATE_LABEL', {
        message:
          `label name '${pair.name}'${pair.nameDerived ? ' (derived from the label)' : ''} of ${objectPairKey(pair.from, pair.to)} ` +
          `is also the name of the label '${sameName.pair.label}' at ${formatLocation(sameName.pair.source)}`,
        hint: 'give one of the two labels another name (name:)',
      });
    }
    for (const [slot, dir] of [
      ['renamedFrom', pairKey(pair.from, pair.to)],
      ['inverseRenamedFrom', pairKey(pair.to, pair.from)],
    ] as const) {
      const old = pair[slot];
      if (old === undefined) continue;
      // the key as the entry wrote it: a reversed entry's renamedFrom is the pair's inverseRenamedFrom
      const { source, key: written } = must(said.get(slot), 'where the rename was said');
      const key = `${dir}\u0000${old}`;
      const holder = texts.get(key);
      const twice = renamed.get(key);
      if (holder !== undefined && holder !== merged) {
        report(sink, source, 'LABEL_RENAME_INVALID', {
          message: `${written} names '${old}' (${dir}), which the entry at ${formatLocation(holder.pair.source)} declares as a label: a label cannot be renamed and kept`,
          hint: `remove ${written}, or remove the other declaration`,
        });
      } else if (twice !== undefined) {
        report(sink, source, 'LABEL_RENAME_INVALID', {
          message: `two labels are renamed from '${old}' (${dir}); the other is at ${formatLocation(twice)}`,
          hint: 'a label can become one label only: keep one of the renames',
        });
      } else {
        renamed.set(key, source);
      }
    }
  }
  for (const tombstone of deleted) {
    const key = `${pairKey(tombstone.from, tombstone.to)}\u0000${tombstone.label}`;
    const holder = texts.get(key);
    const renamedAt = renamed.get(key);
    if (holder !== undefined) {
      report(sink, tombstone.source, 'LABEL_PAIR_CONFLICT', {
        message: `'${tombstone.label}' is marked deleted, but the entry at ${formatLocation(holder.pair.source)} declares it (as a side of the label pair '${holder.pair.label}')`,
        hint: 'keep one of the two: deleting a label deletes both of its directions',
      });
    } else if (renamedAt !== undefined) {
      report(sink, tombstone.source, 'LABEL_RENAME_INVALID', {
        message: `'${tombstone.label}' is marked deleted, but the entry at ${formatLocation(renamedAt)} renames it`,
        hint: 'keep one of the two: a rename keeps the label and its record associations, a delete removes them',
      });
    }
  }
}

function report(
  sink: DiagnosticSink,
  at: SourceLocation,
  code: DiagnosticCode,
  input: { message: string; hint: string },
): void {
  sink.at(at, { code, ...input });
}

function slotDescriber(from: string, to: string): (slot: Slot) => string {
  const forward = `${from}->${to}`;
  const inverse = `${to}->${from}`;
  const words: Readonly<Record<Slot, string>> = {
    label: `the text of ${forward}`,
    inverseLabel: `the text of ${inverse}`,
    renamedFrom: `the old text of ${forward}`,
    inverseRenamedFrom: `the old text of ${inverse}`,
    maxToObjectIds: `the limit of ${forward}`,
    inverseMaxToObjectIds: `the limit of ${inverse}`,
    name: 'its name',
  };
  return (slot) => words[slot];
}

/** For a rename, the keys the two entries wrote (`renamedFrom` in one direction, `inverse...` in the other). */
function keysOf(slot: Slot, here: string, there: string): string {
  if (slot !== 'renamedFrom' && slot !== 'inverseRenamedFrom') return '';
  return here === there ? ` (${here})` : ` (${here} here, ${there} there)`;
}

function show(value: SlotValue): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}
