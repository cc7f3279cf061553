/**
 * The event family's part of `pull`: the event definitions it reads (`--event`, else those the manifests
 * name and those `policy.manage.events` owns), and which custom event properties it adds: with `--event`,
 * every one of the definition; in a project, those in the managed scope (an unqualified prefix, or their
 * definition owned).
 */
import { CrmSchemaError } from '../../../core/errors.js';
import type { PullContext, PullPart } from '../../../engine/pull-part.js';
import { tombstonesOfKind } from '../../../engine/model/desired-state.js';
import type { SchemaState } from '../../../engine/model/schema-model.js';
import { NameNotes } from '../../../engine/pull/account-names.js';
import { scopePolicyOf } from '../../../engine/pull/scope-flags.js';
import type { EventsScope } from '../live/live-part.js';
import { eventScope } from '../manage-scope.js';
import { EVENT_PROPERTIES_KIND } from '../manifest/declarations.js';
import { eventPropertyAddress, eventsOf, type NormalizedEventDefinition } from '../model.js';
import type { EventPropertyTombstone } from '../tombstones.js';
import { type EventPull, mergeEvent } from './merge-events.js';
import { eventAdopt } from '../init/adopt-part.js';
import { EVENT_PROPERTY_NAME } from '../names.js';

function scopeOf(ctx: Parameters<PullPart['scope']>[0]): EventsScope {
  const events: EventsScope = new Set();
  if (ctx.mode === 'flags') {
    for (const event of ctx.flags.event ?? []) events.add(event.trim());
    return events;
  }
  for (const name of eventsOf(ctx.desired.state).keys()) events.add(name);
  for (const t of tombstonesOfKind<EventPropertyTombstone>(ctx.desired, 'eventProperty'))
    events.add(t.eventName);
  // an event definition the project owns (manage.events) is pulled whole, declared yet or not
  for (const name of ctx.policy.manage.events ?? []) events.add(name);
  return events;
}

function selectEvent(eventName: string, live: NormalizedEventDefinition, options: PullContext): EventPull {
  const { notes } = options;
  const declared = new Set(eventsOf(options.desired.state).get(eventName)?.properties.keys());
  for (const t of tombstonesOfKind<EventPropertyTombstone>(options.desired, 'eventProperty'))
    if (t.eventName === eventName) declared.add(t.name);
  // an event property: by an unqualified prefix, or its event definition in manage.events (as the plan sees it)
  const owned = eventScope(scopePolicyOf(options.manage));
  const within =
    options.within.prefixes === undefined && options.within.groups === undefined
      ? undefined
      : eventScope(scopePolicyOf(options.within));
  const inScope = (name: string) =>
    owned.property(eventName, name) !== undefined &&
    (within === undefined || within.property(eventName, name) !== undefined);
  const badNames = new NameNotes(notes);
  const addProperties = [...live.properties.values()]
    .filter((p) => !declared.has(p.name))
    .filter((p) =>
      live.propertyFlags.get(p.name)?.platformDefined === true
        ? options.includeBuiltIn
        : options.mode === 'flags' || inScope(p.name),
    )
    .filter((p) => !badNames.refuses(EVENT_PROPERTY_NAME, `event:${eventName}`, p.name))
    .sort((a, b) => compare(a.name, b.name));
  badNames.flush();
  return { eventName, live, addProperties };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export const eventPull: PullPart<EventsScope, EventsScope> = {
  flags: [
    {
      name: 'event',
      summary: 'Pull the custom properties of this event definition; repeatable.',
      helpValue: 'NAME',
    },
  ],
  scope: scopeOf,
  isEmpty: (scope) => scope.size === 0,
  liveScope: (scope, into) => {
    for (const name of scope) into.add(name);
  },
  select: (live: SchemaState, scope, ctx) => {
    const events: EventPull[] = [];
    for (const eventName of scope) {
      const definition = eventsOf(live).get(eventName);
      if (definition === undefined || !definition.exists) {
        if (ctx.mode === 'flags') {
          throw new CrmSchemaError('EVENT_NOT_FOUND', `The account has no event definition '${eventName}'.`, {
            hint: 'Check the name (the internal name, as in the event definition list of the CRM).',
          });
        }
        ctx.notes.push(
          `event:${eventName}: the account has no such event definition; its manifest was left as it is.`,
        );
        continue;
      }
      const event = selectEvent(eventName, definition, ctx);
      events.push({
        ...event,
        addProperties: event.addProperties.filter(
          (p) => !ctx.held.has(eventPropertyAddress(eventName, p.name)),
        ),
      });
    }
    return events;
  },
  adopt: eventAdopt,
  merge: (set, selection, rec, ctx) => {
    for (const event of selection as EventPull[]) {
      if (set.docs(EVENT_PROPERTIES_KIND, event.eventName).length === 0 && event.addProperties.length === 0)
        rec.note(`event:${event.eventName}: nothing to pull (no custom properties).`);
      mergeEvent(set, event, rec, ctx.held);
    }
  },
};
