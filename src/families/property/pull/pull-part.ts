/**
 * The property family's part of `pull`: the object types it reads (`--object-type`, else those the
 * manifests and qualified policy entries name), and which live resources it adds: custom properties in
 * the managed scope (a managed group or prefix: `--prefix` / `--group`, else `policy.manage`; flags
 * bounded by the project's own scope), the groups they use, the properties the formulas of calculated
 * properties use (validation wants them declared; one outside the scope gets a note), and with
 * `--include-built-in` the built-in properties too. Never another team's properties.
 *
 * Built-in groups are never added: every account has them. The API does not mark groups; a group counts
 * as built-in when it holds a built-in property. A property or group whose name breaks the platform's
 * name rules is never added either: its manifest entry would not validate. A note names it.
 */
import { CrmSchemaError } from '../../../core/errors.js';
import type { PullContext, PullPart } from '../../../engine/pull-part.js';
import { tombstonesOfKind, type DesiredState } from '../../../engine/model/desired-state.js';
import { canonicalObjectType } from '../../../engine/model/object-types.js';
import type { SchemaState } from '../../../engine/model/schema-model.js';
import { NameNotes } from '../../../engine/pull/account-names.js';
import { isPlatformName } from '../../../engine/model/platform-names.js';
import { scopePolicyOf } from '../../../engine/pull/scope-flags.js';
import { analyseFormula } from '../formula.js';
import { propertyIntents } from '../intents.js';
import { objectTypeScopeOf, type ObjectTypesScope } from '../live/scope.js';
import { managedScope, objectTypeScope } from '../manage-scope.js';
import { objectsOf, propertyAddress, type NormalizedProperty, type ObjectSchema } from '../model.js';
import { groupAddress } from '../group-model.js';
import { policyObjectTypes } from '../policy-scope.js';
import type { GroupTombstone, PropertyTombstone } from '../tombstones.js';
import { type ObjectPull, mergeObject } from './merge-objects.js';
import { propertyAdopt } from '../init/adopt-part.js';
import { flowYaml } from '../../../engine/pull/pull-project.js';
import { PROPERTIES_KIND } from '../manifest/declarations.js';
import { GROUP_NAME, PROPERTY_NAME } from '../names.js';

/** The keys of `policy.manage` that own properties. */
export const PROPERTY_KEYS = ['prefixes', 'groups'];

/** What the property family reads: canonical object type names. */
type ObjectTypesPull = Set<string>;

/** Whether the entries own custom properties (a group or a prefix). */
export function ownsProperties(manage: PullContext['manage']): boolean {
  return (manage.groups ?? []).length + (manage.prefixes ?? []).length > 0;
}

/** Whether a property (by name and group) or a group (name '') is in the pull's scope, for one object type. */
type InScope = (name: string, groupName?: string) => boolean;

/** In the pull's scope and, when the flags set it, in the project's too; `outside`: only in the first. */
function scopeTest(scope: PullContext, objectType?: string): { inScope: InScope; outside: InScope } {
  const matches = managedScope(scopePolicyOf(scope.manage), objectType);
  const within =
    scope.within.groups === undefined && scope.within.prefixes === undefined
      ? undefined
      : managedScope(scopePolicyOf(scope.within), objectType);
  const inWithin = (name: string, group?: string) =>
    within === undefined || within(name, group) !== undefined;
  return {
    inScope: (name, group) => matches(name, group) !== undefined && inWithin(name, group),
    outside: (name, group) => matches(name, group) !== undefined && !inWithin(name, group),
  };
}

function declaredNames(desired: DesiredState, objectType: string, kind: 'property' | 'group'): Set<string> {
  const schema = objectsOf(desired.state).get(objectType);
  const names = new Set(kind === 'property' ? schema?.properties.keys() : schema?.groups.keys());
  const tombstones =
    kind === 'property'
      ? tombstonesOfKind<PropertyTombstone>(desired, 'property')
      : tombstonesOfKind<GroupTombstone>(desired, 'group');
  for (const t of tombstones) if (t.objectType === objectType) names.add(t.name);
  // the old name of a rename is the declared property's, until apply has carried its values over
  if (kind === 'property')
    for (const [address, from] of propertyIntents(desired).renames)
      if (address.startsWith(`${objectType}.`)) names.add(from);
  return names;
}

function selectObject(objectType: string, live: ObjectSchema | undefined, options: PullContext): ObjectPull {
  const { notes } = options;
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
  const { inScope, outside } = scopeTest(options, objectType);
  const wanted = (p: NormalizedProperty): boolean =>
    builtIn(p.name) ? options.includeBuiltIn : inScope(p.name, p.groupName);

  const added = new Map<string, NormalizedProperty>();
  const left: string[] = [];
  const badNames = new NameNotes(notes);
  for (const property of active) {
    if (declared.has(property.name)) continue;
    if (wanted(property)) {
      if (
        badNames.refuses(PROPERTY_NAME, objectType, property.name, {
          rule: GROUP_NAME,
          name: property.groupName,
        })
      )
        continue;
      added.set(property.name, property);
    } else if (!builtIn(property.name) && outside(property.name, property.groupName))
      left.push(property.name);
  }
  if (left.length > 0) {
    notes.push(
      `${objectType}: ${left.length === 1 ? `${left[0]} matches` : `${left.length} properties match`} ` +
        `${options.source(PROPERTY_KEYS)} but ${left.length === 1 ? 'is' : 'are'} outside policy.manage of the ` +
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
      !badNames.refuses(GROUP_NAME, objectType, g.name),
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

/** displayOrder ascending, -1 (no place) last */
function order(a: number, b: number): number {
  return (a < 0 ? Infinity : a) - (b < 0 ? Infinity : b) || 0;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Leaves out the resources pull keeps as the manifests have them (removed from them since the deploy). */
function withoutHeld(object: ObjectPull, held: ReadonlySet<string>): ObjectPull {
  if (held.size === 0) return object;
  return {
    ...object,
    addGroups: object.addGroups.filter((g) => !held.has(groupAddress(object.objectType, g.name))),
    addProperties: object.addProperties.filter((p) => !held.has(propertyAddress(object.objectType, p.name))),
  };
}

/** The object types a pull reads: those `--object-type` names, else those the project names. */
function scopeOf(ctx: Parameters<PullPart['scope']>[0]): ObjectTypesPull {
  const objectTypes: ObjectTypesPull = new Set();
  if (ctx.mode === 'flags') {
    for (const objectType of ctx.flags['object-type'] ?? [])
      objectTypes.add(canonicalObjectType(objectType.trim()));
    if (objectTypes.size > 0 && !ownsProperties(ctx.manage)) {
      throw new CrmSchemaError(
        'PULL_SCOPE_NEEDED',
        `pull adds only the properties of a managed scope, and none is given for ${[...objectTypes].join(', ')}: another team's properties would be pulled too.`,
        {
          hint:
            'Name the properties to pull with --prefix PREFIX or --group GROUP (repeatable; qualify one with an object ' +
            'type: --prefix tickets.support_, --group deals.finance), or set policy.manage in crm-schema.yaml.',
        },
      );
    }
  } else {
    for (const objectType of objectsOf(ctx.desired.state).keys())
      objectTypes.add(canonicalObjectType(objectType));
    for (const t of [
      ...tombstonesOfKind<PropertyTombstone>(ctx.desired, 'property'),
      ...tombstonesOfKind<GroupTombstone>(ctx.desired, 'group'),
    ])
      objectTypes.add(canonicalObjectType(t.objectType));
    for (const objectType of policyObjectTypes(ctx.policy)) objectTypes.add(objectType);
  }
  // qualified entries of the scope put their object type in it
  for (const objectType of policyObjectTypes(scopePolicyOf(ctx.manage))) objectTypes.add(objectType);
  return objectTypes;
}

export const propertyPull: PullPart<ObjectTypesPull, ObjectTypesScope> = {
  flags: [
    {
      name: 'object-type',
      summary: 'Pull the custom properties and groups of this object type (name or id); repeatable.',
      helpValue: 'TYPE',
    },
  ],
  scope: scopeOf,
  isEmpty: (scope) => scope.size === 0,
  // every property of each object type (what pull adds is found among all of them, and a group counts as
  // built-in when it holds a built-in property), and its groups
  liveScope: (scope, into) => {
    for (const objectType of scope) {
      const entry = objectTypeScopeOf(into, objectType);
      entry.fullList = true;
      entry.groups = true;
    }
  },
  select: (live: SchemaState, scope, ctx) =>
    [...scope].map((objectType) =>
      withoutHeld(selectObject(objectType, objectsOf(live).get(objectType), ctx), ctx.held),
    ),
  merge: (set, selection, rec, ctx) => {
    for (const object of selection as ObjectPull[]) {
      if (isEmpty(set.docs(PROPERTIES_KIND, object.objectType), object.addGroups, object.addProperties))
        rec.note(`${object.objectType}: nothing to pull (no custom properties or groups).`);
      mergeObject(set, object, rec, ctx.held);
    }
  },
  adopted: (manage, added) => withWrittenGroups(manage, added),
  unrecordedNote: (file, manage, added, ctx) => {
    if (!PROPERTY_KEYS.some((key) => ctx.byFlags.has(key)) || ctx.within.prefixes !== undefined)
      return undefined;
    if (added.length === 0) return undefined;
    return (
      `${file} has no policy.manage: add the scope pulled there ` +
      `(${flowYaml({ groups: manage.groups ?? [], prefixes: manage.prefixes ?? [] })}), so that plan and drift watch it.`
    );
  },
  adopt: propertyAdopt,
  objectTypesOf: (added) => added.map((address) => address.slice(0, address.indexOf('.'))),
};

function isEmpty(docs: readonly unknown[], ...additions: readonly (readonly unknown[])[]): boolean {
  return docs.length === 0 && additions.every((list) => list.length === 0);
}

/** The form of a manage entry of groups and prefixes (the project file's JSON Schema says the same). */
const ENTRY = /^(([a-z][a-z0-9_]*|[0-9]+-[0-9]+)\.)?[a-z][a-z0-9_]*$/;

/** A `--prefix` or `--group` value as a manage entry (its object type canonical), or a clear error. */
export function parseEntry(kind: 'group' | 'prefix'): (value: string, given: string) => string {
  return (value, given) => {
    if (!ENTRY.test(value)) {
      throw new CrmSchemaError(
        'SCOPE_FLAG_INVALID',
        `${given}: expected a lowercase name, optionally after an object type and a dot.`,
        {
          hint:
            kind === 'prefix'
              ? 'For example support_, or tickets.support_ for the tickets object type only.'
              : 'For example escalation, or tickets.escalation for the tickets object type only.',
        },
      );
    }
    const dot = value.indexOf('.');
    return dot < 0 ? value : `${canonicalObjectType(value.slice(0, dot))}.${value.slice(dot + 1)}`;
  };
}

/**
 * The scope with the custom groups a pull wrote (`added`: addresses such as `tickets.group:support`)
 * that it does not cover yet: a manifest declaring a group owns it, so the project file names it
 * (`tickets.support` for the group holding the `support_...` properties). Built-in groups are never
 * written, so never added; nor is a name that breaks the platform's rules (pull never writes one).
 */
export function withWrittenGroups(
  manage: PullContext['manage'],
  added: readonly string[],
): PullContext['manage'] {
  const groups = [...(manage.groups ?? [])];
  for (const address of added) {
    const match = /^([^.]+)\.group:(.+)$/s.exec(address);
    if (match === null) continue;
    const [, objectType = '', name = ''] = match;
    if (!isPlatformName(GROUP_NAME, name) || !ENTRY.test(`${objectType}.${name}`)) continue;
    const entry = `${objectType}.${name}`;
    if (
      objectTypeScope(scopePolicyOf(manage), objectType).group(name) === undefined &&
      !groups.includes(entry)
    )
      groups.push(entry);
  }
  return { ...manage, groups };
}
