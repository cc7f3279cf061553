/**
 * Custom event definitions and their properties. A definition the account lacks is created when a
 * manifest gives its `definition` block, with its properties in the same call; without the block it is an
 * error. A definition's label and description change in place (PATCH); its primary object cannot change,
 * so a block that differs there is only a warning. A type change of a property is delete + create (PATCH takes only label,
 * description and options). Built-in (default) event properties are never changed. The `unmanaged`
 * policy applies to the declared definitions' custom properties in the managed scope: with a managed
 * prefix, or all of them for a definition in scope (`manage.events`). A definition or property outside
 * the policy's manage scope is an error and is left alone (ownership.ts).
 */
import { objectTypeIdOf } from '../../engine/model/object-types.js';
import { diffFields } from '../../engine/plan/diff/field-diff.js';
import {
  diagnose,
  tombstoneConflict,
  isBuiltIn,
  tombstonesOf,
  type DiffContext,
} from '../../engine/plan/diff/diff-context.js';
import {
  type NormalizedEventDefinition,
  type NormalizedEventDefinitionInfo,
  eventDefinitionAddress,
  eventPropertyAddress,
} from './model.js';
import { eventsOf } from './model.js';
import { eventScope } from './manage-scope.js';
import { ownsEventDefinition, ownsEventProperty } from './ownership.js';
import type { EventPropertyTombstone } from './tombstones.js';
import { tombstonesOfKind } from '../../engine/model/desired-state.js';
import { EVENTS } from './model.js';

const UPDATABLE_EVENT_PROPERTY_FIELDS = ['label', 'description', 'options'] as const;
const UPDATABLE_EVENT_DEFINITION_FIELDS = ['label', 'description'] as const;

/** The platform's words for the classic objects (`primaryObject`), by object type id. */
const PRIMARY_OBJECT_IDS: Readonly<Record<string, string>> = {
  CONTACT: '0-1',
  COMPANY: '0-2',
  DEAL: '0-3',
  TICKET: '0-5',
};

export function diffEvents(ctx: DiffContext): void {
  const names = new Set(eventsOf(ctx.desired.state).keys());
  for (const tombstone of tombstonesOfKind<EventPropertyTombstone>(ctx.desired, 'eventProperty'))
    names.add(tombstone.eventName);
  const notRead = ctx.live.notRead.get(EVENTS.family);
  for (const name of names) {
    if (notRead !== undefined) {
      diagnose(ctx, {
        level: 'info',
        code: 'EVENTS_NOT_READ',
        address: eventDefinitionAddress(name),
        message: `${eventDefinitionAddress(name)} was not read, so it is not planned here: the token lacks ${notRead.missingScopes.length === 0 ? 'the scope of event definitions' : notRead.missingScopes.join(', ')}, the platform's only scope for them, which also writes them (a read-only token holds none)`,
        hint: 'The apply of this plan reads and plans it with its own token, and shows that part of the plan before it applies it.',
      });
      continue;
    }
    diffEvent(ctx, name, eventsOf(ctx.desired.state).get(name), eventsOf(ctx.live).get(name));
  }
}

function diffEvent(
  ctx: DiffContext,
  eventName: string,
  desired: NormalizedEventDefinition | undefined,
  found: NormalizedEventDefinition | undefined,
): void {
  // the live side the properties are compared with: a definition the plan creates has none yet
  let live: Pick<NormalizedEventDefinition, 'properties' | 'propertyFlags'>;
  // the properties created with a new definition, in its own call
  let created = new Set<string>();
  if (found === undefined || !found.exists) {
    if (desired === undefined) return; // tombstones of an absent definition: nothing to delete
    if (desired.definition === undefined) {
      diagnose(ctx, {
        level: 'error',
        code: 'UNKNOWN_EVENT',
        address: eventDefinitionAddress(eventName),
        message: `The event definition '${eventName}' does not exist in the account, and no manifest gives its definition`,
        hint: `Add a definition: block (label, and optionally description and primaryObject) to the EventProperties manifest of '${eventName}' so that the plan creates it, or correct eventName.`,
      });
      return;
    }
    if (!ownsEventDefinition(ctx, eventName)) return;
    // created whole: the declared properties it owns go in the create's propertyDefinitions, and each is
    // still listed as its own change (with no request), so a reviewer sees every one
    const withIt = [...desired.properties.values()].filter((p) => ownsEventProperty(ctx, eventName, p.name));
    ctx.changes.push({
      type: 'eventDefinition.create',
      meta: {
        eventName,
        definition: desired.definition,
        ...(withIt.length > 0 ? { propertyDefinitions: withIt } : {}),
      },
    });
    for (const property of withIt) {
      ctx.changes.push({ type: 'eventProperty.create', meta: { eventName, property, withDefinition: true } });
    }
    live = { properties: new Map(), propertyFlags: new Map() };
    created = new Set(withIt.map((p) => p.name));
  } else {
    if (desired?.definition !== undefined && found.definition !== undefined)
      compareDefinition(ctx, eventName, desired.definition, found.definition);
    live = found;
  }

  for (const property of desired?.properties.values() ?? []) {
    if (created.has(property.name)) continue;
    const builtIn = isBuiltIn(live.propertyFlags.get(property.name));
    if (!builtIn && !ownsEventProperty(ctx, eventName, property.name)) continue;
    const address = eventPropertyAddress(eventName, property.name);
    const current = live.properties.get(property.name);
    if (current === undefined) {
      ctx.changes.push({ type: 'eventProperty.create', meta: { eventName, property } });
      continue;
    }
    if (builtIn) {
      diagnose(ctx, {
        level: 'warning',
        code: 'BUILTIN_EVENT_PROPERTY',
        address,
        message: `${address} is a built-in event property: crm-schema never changes it`,
        hint: 'Remove it from the manifest.',
      });
      continue;
    }
    if (current.type !== property.type) {
      ctx.changes.push({
        type: 'eventProperty.delete',
        meta: {
          eventName,
          name: property.name,
          cause: 'type-change',
          property: current,
          newType: property.type,
        },
      });
      ctx.changes.push({ type: 'eventProperty.create', meta: { eventName, property, replaces: true } });
      continue;
    }
    const fields = diffFields(current, property, UPDATABLE_EVENT_PROPERTY_FIELDS);
    if (fields.length > 0) {
      ctx.changes.push({ type: 'eventProperty.update', meta: { eventName, name: property.name, fields } });
    }
  }

  const tombstoned = new Set<string>();
  for (const tombstone of tombstonesOf<EventPropertyTombstone>(ctx, 'eventProperty').values()) {
    if (tombstone.eventName !== eventName) continue;
    tombstoned.add(tombstone.name);
    const address = eventPropertyAddress(eventName, tombstone.name);
    if (desired?.properties.has(tombstone.name) === true) {
      tombstoneConflict(ctx, address, tombstone, `${address} is both declared and marked deleted`);
      continue;
    }
    const current = live.properties.get(tombstone.name);
    if (current === undefined) continue;
    if (isBuiltIn(live.propertyFlags.get(tombstone.name))) {
      diagnose(ctx, {
        level: 'warning',
        code: 'BUILTIN_EVENT_PROPERTY',
        address,
        source: tombstone.source,
        message: `${address} is a built-in event property: crm-schema never deletes it`,
        hint: 'Remove the tombstone from the manifest.',
      });
      continue;
    }
    if (!ownsEventProperty(ctx, eventName, tombstone.name, tombstone)) continue;
    ctx.changes.push({
      type: 'eventProperty.delete',
      meta: { eventName, name: tombstone.name, cause: 'tombstone', property: current },
    });
  }

  if (desired === undefined || ctx.policy.unmanaged === 'ignore') return;
  const inScope = eventScope(ctx.policy);
  for (const current of live.properties.values()) {
    if (desired.properties.has(current.name) || tombstoned.has(current.name)) continue;
    if (isBuiltIn(live.propertyFlags.get(current.name))) continue;
    const scope = inScope.property(eventName, current.name);
    if (scope === undefined) continue;
    const address = eventPropertyAddress(eventName, current.name);
    if (ctx.policy.unmanaged === 'archive') {
      ctx.changes.push({
        type: 'eventProperty.delete',
        meta: { eventName, name: current.name, cause: 'unmanaged', property: current },
      });
    } else {
      diagnose(ctx, {
        level: 'warning',
        code: 'UNMANAGED_EVENT_PROPERTY',
        address,
        message: `${address} is in the managed scope (${scope}) but in no manifest`,
        hint: 'Declare it in the EventProperties manifest, mark it deleted there, or set policy.unmanaged to archive.',
      });
    }
  }
}

/** A `definition` block of an existing definition: differences are warnings (the API cannot change them). */
function compareDefinition(
  ctx: DiffContext,
  eventName: string,
  desired: NormalizedEventDefinitionInfo,
  live: NormalizedEventDefinitionInfo,
): void {
  // the label and description change in place (PATCH); the primary object never changes
  const fields = diffFields(live, desired, UPDATABLE_EVENT_DEFINITION_FIELDS);
  if (fields.length > 0 && ownsEventDefinition(ctx, eventName)) {
    ctx.changes.push({ type: 'eventDefinition.update', meta: { eventName, fields } });
  }
  const wantedId = primaryObjectId(desired.primaryObject ?? 'CONTACT');
  if (wantedId === undefined || live.objectTypeId === undefined || wantedId === live.objectTypeId) return;
  const address = eventDefinitionAddress(eventName);
  diagnose(ctx, {
    level: 'warning',
    code: 'EVENT_DEFINITION_DIFFERS',
    address,
    message: `The event definition ${address} has the primary object ${live.primaryObject ?? live.objectTypeId} (manifest: ${desired.primaryObject ?? 'CONTACT'}): the primary object of an event definition cannot change`,
    hint: 'Make the primary object of the definition: block match the account, or create a definition under another name.',
  });
}

/** `CONTACT` / `contacts` / `0-1` -> `0-1`; an id as written; undefined for a name the table does not know. */
function primaryObjectId(primaryObject: string): string | undefined {
  if (/^[0-9]+-[0-9]+$/.test(primaryObject)) return primaryObject;
  return PRIMARY_OBJECT_IDS[primaryObject] ?? objectTypeIdOf(primaryObject);
}
