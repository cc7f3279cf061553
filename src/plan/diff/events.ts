/**
 * Properties of custom event definitions. crm-schema manages the properties of event definitions that
 * exist; a manifest naming a definition the account lacks is an error (create the definition in the CRM
 * first). A type change is delete + create (PATCH takes only label, description and options). Built-in
 * (default) event properties are never changed. The `unmanaged` policy applies to the declared
 * definitions' custom properties whose names match a managed prefix.
 */
import type { NormalizedEventDefinition } from '../../model/schema-model.js';
import { eventPropertyAddress } from '../address.js';
import { diffFields } from './field-diff.js';
import { diagnose, isBuiltIn, managedScope, tombstonesOf, type DiffContext } from './diff-context.js';

const UPDATABLE_EVENT_PROPERTY_FIELDS = ['label', 'description', 'options'] as const;

export function diffEvents(ctx: DiffContext): void {
  const names = new Set(ctx.desired.state.events.keys());
  for (const tombstone of ctx.desired.tombstones)
    if (tombstone.kind === 'eventProperty') names.add(tombstone.eventName);
  for (const name of names)
    diffEvent(ctx, name, ctx.desired.state.events.get(name), ctx.live.events.get(name));
}

function diffEvent(
  ctx: DiffContext,
  eventName: string,
  desired: NormalizedEventDefinition | undefined,
  live: NormalizedEventDefinition | undefined,
): void {
  if (live === undefined || !live.exists) {
    if (desired !== undefined) {
      diagnose(ctx, {
        level: 'error',
        code: 'unknown-event',
        address: `event:${eventName}`,
        message: `The event definition '${eventName}' does not exist in the account: crm-schema manages the properties of existing event definitions`,
        hint: 'Create the event definition in the CRM first, or correct eventName in the manifest.',
      });
    }
    return; // tombstones of an absent definition: nothing to delete
  }

  for (const property of desired?.properties.values() ?? []) {
    const address = eventPropertyAddress(eventName, property.name);
    const current = live.properties.get(property.name);
    if (current === undefined) {
      ctx.changes.push({ type: 'eventProperty.create', meta: { eventName, property } });
      continue;
    }
    if (isBuiltIn(live.propertyFlags.get(property.name))) {
      diagnose(ctx, {
        level: 'warning',
        code: 'builtin-event-property',
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
  for (const tombstone of tombstonesOf(ctx, 'eventProperty').values()) {
    if (tombstone.kind !== 'eventProperty' || tombstone.eventName !== eventName) continue;
    tombstoned.add(tombstone.name);
    const address = eventPropertyAddress(eventName, tombstone.name);
    if (desired?.properties.has(tombstone.name) === true) {
      diagnose(ctx, {
        level: 'error',
        code: 'tombstone-conflict',
        address,
        source: tombstone.source,
        message: `${address} is both declared and marked deleted`,
        hint: 'Keep one of the two.',
      });
      continue;
    }
    const current = live.properties.get(tombstone.name);
    if (current === undefined) continue;
    if (isBuiltIn(live.propertyFlags.get(tombstone.name))) {
      diagnose(ctx, {
        level: 'warning',
        code: 'builtin-event-property',
        address,
        source: tombstone.source,
        message: `${address} is a built-in event property: crm-schema never deletes it`,
        hint: 'Remove the tombstone from the manifest.',
      });
      continue;
    }
    ctx.changes.push({
      type: 'eventProperty.delete',
      meta: { eventName, name: tombstone.name, cause: 'tombstone', property: current },
    });
  }

  if (desired === undefined || ctx.policy.unmanaged === 'ignore') return;
  const inScope = managedScope(ctx.policy);
  for (const current of live.properties.values()) {
    if (desired.properties.has(current.name) || tombstoned.has(current.name)) continue;
    if (isBuiltIn(live.propertyFlags.get(current.name))) continue;
    const scope = inScope(current.name);
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
        code: 'unmanaged-event-property',
        address,
        message: `${address} is in the managed scope (${scope}) but in no manifest`,
        hint: 'Declare it in the EventProperties manifest, mark it deleted there, or set policy.unmanaged to archive.',
      });
    }
  }
}
