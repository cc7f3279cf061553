/**
 * Custom event definitions: list, read, create, update (PATCH: label and description) and delete
 * definitions; create, update (PATCH) and delete their properties.
 * Every endpoint needs the event definitions scope.
 */
import type { FastifyInstance } from 'fastify';
import { requireScopes, scopes } from '../auth.js';
import { changed, type EmulatorContext } from '../context.js';
import { isDated, type RouteFamily } from './families.js';
import { alreadyExists } from '../errors.js';
import {
  assertCustomProperty,
  assertRoomForProperties,
  createEventDefinition,
  findEventDefinition,
  findEventProperty,
  patchEventDefinition,
} from '../events/event-definition.js';
import { listEventDefinitions, type EventListQuery } from '../events/event-list.js';
import {
  buildEventProperty,
  checkEventPropertyCreate,
  patchEventProperty,
} from '../events/event-property.js';

interface EventParams {
  eventName: string;
}
interface PropertyParams extends EventParams {
  propertyName: string;
}

export function registerEventsRoutes(app: FastifyInstance, ctx: EmulatorContext, family: RouteFamily): void {
  const BASE = family.events;
  // a definition's PATCH answers 201 on the date-versioned paths
  const patchStatus = isDated(family) ? 201 : 200;
  app.get<{ Querystring: EventListQuery }>(BASE, (request) => {
    requireScopes(request, scopes.events);
    return listEventDefinitions(Object.values(ctx.state.eventDefinitions), request.query);
  });

  app.post(BASE, async (request, reply) => {
    requireScopes(request, scopes.events);
    const definition = createEventDefinition(ctx.state, request.body, ctx.now());
    ctx.markDirty(changed.counters(), changed.eventDefinition(definition.name));
    return reply.status(201).send(definition);
  });

  // always with its properties
  app.get<{ Params: EventParams }>(`${BASE}/:eventName`, (request) => {
    requireScopes(request, scopes.events);
    return findEventDefinition(ctx.state, request.params.eventName);
  });

  // the label and description; the name and primary object never change
  app.patch<{ Params: EventParams }>(`${BASE}/:eventName`, async (request, reply) => {
    requireScopes(request, scopes.events);
    const definition = findEventDefinition(ctx.state, request.params.eventName);
    patchEventDefinition(definition, request.body, ctx.now());
    ctx.markDirty(changed.eventDefinition(definition.name));
    return reply.status(patchStatus).send(definition);
  });

  app.delete<{ Params: EventParams }>(`${BASE}/:eventName`, async (request, reply) => {
    requireScopes(request, scopes.events);
    const definition = findEventDefinition(ctx.state, request.params.eventName);
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- the emulator state is a JSON document (saved as is to the data file), not a Map
    delete ctx.state.eventDefinitions[definition.name];
    ctx.markDirty(changed.eventDefinition(definition.name));
    return reply.status(204).send();
  });

  // create a property
  app.post<{ Params: EventParams }>(`${BASE}/:eventName/property`, async (request, reply) => {
    requireScopes(request, scopes.events);
    const definition = findEventDefinition(ctx.state, request.params.eventName);
    const input = checkEventPropertyCreate(request.body);
    if (definition.properties.some((p) => p.name === input.name)) {
      throw alreadyExists(`The event '${definition.name}' already has a property named '${input.name}'.`);
    }
    assertRoomForProperties(definition.properties.length, 1, definition.name);
    const now = ctx.now();
    const property = buildEventProperty(input, now);
    definition.properties.push(property);
    definition.updatedAt = now;
    ctx.markDirty(changed.eventDefinition(definition.name));
    return reply.status(201).send(property);
  });

  // update a property: 201, as the platform answers
  app.patch<{ Params: PropertyParams }>(
    `${BASE}/:eventName/property/:propertyName`,
    async (request, reply) => {
      requireScopes(request, scopes.events);
      const definition = findEventDefinition(ctx.state, request.params.eventName);
      const property = findEventProperty(definition, request.params.propertyName);
      assertCustomProperty(definition, property, 'changed');
      const now = ctx.now();
      patchEventProperty(property, request.body, now);
      definition.updatedAt = now;
      ctx.markDirty(changed.eventDefinition(definition.name));
      return reply.status(201).send(property);
    },
  );

  // delete a property
  app.delete<{ Params: PropertyParams }>(
    `${BASE}/:eventName/property/:propertyName`,
    async (request, reply) => {
      requireScopes(request, scopes.events);
      const definition = findEventDefinition(ctx.state, request.params.eventName);
      const property = findEventProperty(definition, request.params.propertyName);
      assertCustomProperty(definition, property, 'deleted');
      definition.properties = definition.properties.filter((p) => p !== property);
      definition.updatedAt = ctx.now();
      ctx.markDirty(changed.eventDefinition(definition.name));
      return reply.status(204).send();
    },
  );
}
