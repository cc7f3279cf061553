/**
 * Which live resources pull adds to the manifests (those already declared are refreshed in place by the
 * merge, whatever this selects):
 *
 * - custom properties in the pull's managed scope (a managed group or a managed prefix: `--prefix` /
 *   `--group`, else `policy.manage`; flags bounded by the project's own scope), and the groups it names:
 *   never another team's properties;
 * - user labels in the pull's label scope (`--label`, else `policy.manage.labels`; flags bounded by the
 *   project's own), with their limits, and the limits of a pair's built-in types when an entry names the
 *   whole pair: never another team's labels. Without a label scope no label is added (a note says how
 *   many were left out of a declared pair);
 * - flags scope: every custom property of the event definition;
 * - project scope: custom event properties with a managed prefix (what drift reports as unmanaged);
 * - both: the groups the added properties use, the properties the formulas of calculated properties use
 *   (validation wants them declared; one outside the scope gets a note), and with `includeBuiltIn` the
 *   built-in properties too.
 *
 * Built-in groups are never added: every account has them. The API does not mark groups; a group counts
 * as built-in when it holds a built-in property. A property, group or event property whose name (or
 * group name) breaks the platform's name rules is never added either: its manifest entry would not
 * validate. A note names it and what to do.
 */
import { eventScope } from '../plan/diff/manage-scope.js';
import { CrmSchemaError } from '../core/errors.js';
import { analyseFormula } from '../model/formula.js';
import { isOfObjectPair, labelFrom, labelPairIndex, type LabelPair } from '../model/label-pairs.js';
import { pairKey, USER_DEFINED } from '../model/normalize-association.js';
import type {
  AssociationPairSchema,
  NormalizedEventDefinition,
  NormalizedEventProperty,
  NormalizedGroup,
  NormalizedLabel,
  NormalizedProperty,
  ObjectSchema,
  SchemaState,
} from '../model/schema-model.js';
import {
  eventPropertyAddress,
  groupAddress,
  labelAddress,
  limitAddress,
  propertyAddress,
} from '../model/address.js';
import type { DesiredState } from '../model/desired-state.js';
import { managedScope } from '../plan/diff/diff-context.js';
import { labelScope, type LabelScope } from '../model/label-scope.js';
import { labelSource, scopeSource, type PullScope } from './pull-scope.js';
import { scopePolicyOf } from './scope-flags.js';
import { NameNotes } from './account-names.js';

export interface ObjectPull {
  objectType: string;
  live: ObjectSchema;
  /** in writing order */
  addGroups: NormalizedGroup[];
  addProperties: NormalizedProperty[];
}

export interface PairPull {
  from: string;
  to: string;
  live: AssociationPairSchema | undefined;
  /** the live limits of the reverse direction (`to -> from`), for the inverse side of label pairs */
  reverse: AssociationPairSchema | undefined;
  /**
   * user label pairs no manifest declares, seen from this direction, by typeId; each pair once in a pull:
   * when both directions are pulled, in the direction it was created from (its lower typeId)
   */
  addLabels: NormalizedLabel[];
  /** the user label pairs of the object pair in the account, however (and wherever) they are written */
  userLabels: number;
  /** limits of types that are not user labels, by typeId */
  addLimits: { category: string; typeId: number; maxToObjectIds: number }[];
}

export interface EventPull {
  eventName: string;
  live: NormalizedEventDefinition;
  addProperties: NormalizedEventProperty[];
}

export interface Selection {
  objects: ObjectPull[];
  pairs: PairPull[];
  events: EventPull[];
  notes: string[];
}

export interface SelectionOptions {
  scope: PullScope;
  /** what the manifests declare (empty without a project) */
  desired: DesiredState;
  includeBuiltIn: boolean;
  /** addresses pull leaves as the manifests have them (with a baseline): never added */
  held?: ReadonlySet<string>;
}

/** Whether a property (by name and group) or a group (name '') is in the pull's scope, for one object type. */
type InScope = (name: string, groupName?: string) => boolean;

/** In the pull's scope and, when the flags set it, in the project's too; `outside`: only in the first. */
function scopeTest(scope: PullScope, objectType?: string): { inScope: InScope; outside: InScope } {
  const matches = managedScope(scopePolicyOf(scope.manage), objectType);
  const within =
    scope.within === undefined ? undefined : managedScope(scopePolicyOf(scope.within), objectType);
  const inWithin = (name: string, group?: string) =>
    within === undefined || within(name, group) !== undefined;
  return {
    inScope: (name, group) => matches(name, group) !== undefined && inWithin(name, group),
    outside: (name, group) => matches(name, group) !== undefined && !inWithin(name, group),
  };
}

export function selectPull(live: SchemaState, options: SelectionOptions): Selection {
  const notes: string[] = [];
  const objects = [...options.scope.objectTypes].map((objectType) =>
    selectObject(objectType, live.objects.get(objectType), options, notes),
  );
  // a label pair is one resource: when both directions are pulled, it is written once, in the direction
  // it was created from (the lower typeId), whatever the order of the directions
  const written = new Set<number>();
  const pulled = new Set(options.scope.pairs.keys());
  const labels = labelsOf(options.scope);
  const pairs = [...options.scope.pairs.values()].map(({ from, to }) =>
    selectPair(from, to, live, options, { written, pulled, labels, notes }),
  );
  const events: EventPull[] = [];
  for (const eventName of options.scope.events) {
    const definition = live.events.get(eventName);
    if (definition === undefined || !definition.exists) {
      if (options.scope.mode === 'flags') {
        throw new CrmSchemaError('EVENT_NOT_FOUND', `The account has no event definition '${eventName}'.`, {
          hint: 'Check the name (the internal name, as in the event definition list of the CRM).',
        });
      }
      notes.push(
        `event:${eventName}: the account has no such event definition; its manifest was left as it is.`,
      );
      continue;
    }
    events.push(selectEvent(eventName, definition, options, notes));
  }
  return withoutHeld({ objects, pairs, events, notes }, options.held ?? new Set());
}

/** Leaves out the resources pull keeps as the manifests have them (removed from them since the deploy). */
function withoutHeld(selection: Selection, held: ReadonlySet<string>): Selection {
  if (held.size === 0) return selection;
  for (const object of selection.objects) {
    object.addGroups = object.addGroups.filter((g) => !held.has(groupAddress(object.objectType, g.name)));
    object.addProperties = object.addProperties.filter(
      (p) => !held.has(propertyAddress(object.objectType, p.name)),
    );
  }
  for (const pair of selection.pairs) {
    const { from, to } = pair;
    pair.addLabels = pair.addLabels.filter(
      (l) =>
        !held.has(labelAddress(from, to, l.label)) &&
        (l.inverseLabel === undefined || !held.has(labelAddress(to, from, l.inverseLabel))),
    );
    pair.addLimits = pair.addLimits.filter((l) => !held.has(limitAddress(from, to, l)));
  }
  for (const event of selection.events) {
    event.addProperties = event.addProperties.filter(
      (p) => !held.has(eventPropertyAddress(event.eventName, p.name)),
    );
  }
  return selection;
}

function declaredNames(desired: DesiredState, objectType: string, kind: 'property' | 'group'): Set<string> {
  const schema = desired.state.objects.get(objectType);
  const names = new Set(kind === 'property' ? schema?.properties.keys() : schema?.groups.keys());
  for (const t of desired.tombstones) if (t.kind === kind && t.objectType === objectType) names.add(t.name);
  // the old name of a rename is the declared property's, until apply has carried its values over
  if (kind === 'property')
    for (const [address, from] of desired.renames ?? [])
      if (address.startsWith(`${objectType}.`)) names.add(from);
  return names;
}

function selectObject(
  objectType: string,
  live: ObjectSchema | undefined,
  options: SelectionOptions,
  notes: string[],
): ObjectPull {
  const schema: ObjectSchema = live ?? {
    objectType,
    properties: new Map(),
    propertyFlags: new Map(),
    groups: new Map(),
  };
  const builtIn = (name: string) => schema.propertyFlags.get(name)?.platformDefined === true;
  const active = [...schema.properties.values()].filter(
    (p) => schema.propertyFlags.get(p.name)?.archived !== true,
  );
  const declared = declaredNames(options.desired, objectType, 'property');
  const { inScope, outside } = scopeTest(options.scope, objectType);
  const wanted = (p: NormalizedProperty): boolean =>
    builtIn(p.name) ? options.includeBuiltIn : inScope(p.name, p.groupName);

  const added = new Map<string, NormalizedProperty>();
  const left: string[] = [];
  const badNames = new NameNotes(notes);
  for (const property of active) {
    if (declared.has(property.name)) continue;
    if (wanted(property)) {
      if (badNames.refuses('property', objectType, property.name, property.groupName)) continue;
      added.set(property.name, property);
    } else if (!builtIn(property.name) && outside(property.name, property.groupName))
      left.push(property.name);
  }
  if (left.length > 0) {
    notes.push(
      `${objectType}: ${left.length === 1 ? `${left[0]} matches` : `${left.length} properties match`} ` +
        `${scopeSource(options.scope)} but ${left.length === 1 ? 'is' : 'are'} outside policy.manage of the ` +
        'project: not pulled (add the scope to policy.manage in crm-schema.yaml first).',
    );
  }
  addFormulaReferences(objectType, schema, active, declared, added, notes, inScope);

  const builtInGroups = new Set(active.filter((p) => builtIn(p.name)).map((p) => p.groupName));
  const declaredGroups = declaredNames(options.desired, objectType, 'group');
  const usedByAdded = new Set([...added.values()].map((p) => p.groupName));
  const addGroups = [...schema.groups.values()].filter(
    (g) =>
      !builtInGroups.has(g.name) &&
      !declaredGroups.has(g.name) &&
      (usedByAdded.has(g.name) || inScope('', g.name)) &&
      !badNames.refuses('group', objectType, g.name),
  );
  badNames.flush();
  addGroups.sort((a, b) => order(a.displayOrder, b.displayOrder) || compare(a.name, b.name));
  const addProperties = [...added.values()].sort(
    (a, b) =>
      compare(a.groupName, b.groupName) || order(a.displayOrder, b.displayOrder) || compare(a.name, b.name),
  );
  return { objectType, live: schema, addGroups, addProperties };
}

/**
 * Validation wants every name a formula uses declared (or a built-in `hs_` one): the live properties the
 * kept and added calculated properties use are added too, built-in ones (not `hs_`) and custom ones
 * outside the scope with a note.
 */
function addFormulaReferences(
  objectType: string,
  schema: ObjectSchema,
  active: readonly NormalizedProperty[],
  declared: ReadonlySet<string>,
  added: Map<string, NormalizedProperty>,
  notes: string[],
  inScope: InScope,
): void {
  const byName = new Map(active.map((p) => [p.name, p]));
  const queue = active.filter((p) => declared.has(p.name) || added.has(p.name));
  for (let property = queue.pop(); property !== undefined; property = queue.pop()) {
    if (property.calculationFormula === undefined) continue;
    const analysis = analyseFormula(property.calculationFormula);
    if (!analysis.ok) continue;
    for (const { name } of analysis.references) {
      if (name.startsWith('hs_')) continue;
      const target = byName.get(name);
      if (target === undefined) {
        notes.push(
          `${propertyAddress(objectType, property.name)}: its formula uses '${name}', which the account does not ` +
            'have; validate reports that until the formula is fixed (in the account and the manifest).',
        );
        continue;
      }
      if (declared.has(name) || added.has(name)) continue;
      added.set(name, target);
      queue.push(target);
      if (schema.propertyFlags.get(name)?.platformDefined === true) {
        notes.push(
          `${propertyAddress(objectType, name)}: a built-in property, written because the formula of ` +
            `${propertyAddress(objectType, property.name)} uses it (crm-schema never changes it).`,
        );
      } else if (!inScope(name, target.groupName)) {
        notes.push(
          `${propertyAddress(objectType, name)}: outside the managed scope, written because the formula of ` +
            `${propertyAddress(objectType, property.name)} uses it (validation wants it declared).`,
        );
      }
    }
  }
}

/** The label scope of a pull, and the project's own it is bounded by (when `--label` gives it). */
interface PullLabels {
  scope: LabelScope;
  within: LabelScope | undefined;
  /** where the scope comes from, for notes */
  source: string;
}

function labelsOf(scope: PullScope): PullLabels {
  return {
    scope: labelScope(scope.manage.labels ?? []),
    within: scope.labelsWithin === undefined ? undefined : labelScope(scope.labelsWithin),
    source: labelSource(scope),
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
  options: SelectionOptions,
  { written, pulled, labels, notes }: PairContext,
): PairPull {
  const { desired } = options;
  const live = state.associations.get(pairKey(from, to));
  const declared = desired.state.associations.get(pairKey(from, to));
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
    for (const label of desired.state.associations.get(pairKey(f, t))?.labels.values() ?? []) {
      for (const text of [label.label, label.renamedFrom])
        if (text !== undefined) mark(index.find(f, t, text));
      for (const text of [label.inverseLabel, label.inverseRenamedFrom])
        if (text !== undefined) mark(index.find(t, f, text));
    }
  }
  for (const t of desired.tombstones)
    if (t.kind === 'label' && isOfObjectPair(t.from, t.to, from, to)) mark(index.find(t.from, t.to, t.label));
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
  const reverse = state.associations.get(pairKey(to, from));
  return { from, to, live, reverse, addLabels, userLabels, addLimits };
}

function selectEvent(
  eventName: string,
  live: NormalizedEventDefinition,
  options: SelectionOptions,
  notes: string[],
): EventPull {
  const declared = new Set(options.desired.state.events.get(eventName)?.properties.keys());
  for (const t of options.desired.tombstones)
    if (t.kind === 'eventProperty' && t.eventName === eventName) declared.add(t.name);
  // an event property: by an unqualified prefix, or its event definition in manage.events (as the plan sees it)
  const owned = eventScope(scopePolicyOf(options.scope.manage));
  const within =
    options.scope.within === undefined ? undefined : eventScope(scopePolicyOf(options.scope.within));
  const inScope = (name: string) =>
    owned.property(eventName, name) !== undefined &&
    (within === undefined || within.property(eventName, name) !== undefined);
  const badNames = new NameNotes(notes);
  const addProperties = [...live.properties.values()]
    .filter((p) => !declared.has(p.name))
    .filter((p) =>
      live.propertyFlags.get(p.name)?.platformDefined === true
        ? options.includeBuiltIn
        : options.scope.mode === 'flags' || inScope(p.name),
    )
    .filter((p) => !badNames.refuses('eventProperty', `event:${eventName}`, p.name))
    .sort((a, b) => compare(a.name, b.name));
  badNames.flush();
  return { eventName, live, addProperties };
}

/** displayOrder ascending, -1 (no place) last */
function order(a: number, b: number): number {
  return (a < 0 ? Infinity : a) - (b < 0 ? Infinity : b) || 0;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
