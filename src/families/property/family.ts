/**
 * The property family: the property definitions of object types and the property groups that hold them.
 */
import type { Family } from '../../engine/family.js';
import { propertyManifest } from './manifest/part.js';
import { PROPERTY_PLAN_CODES } from './plan-codes.js';
import { Type, ref } from '../../core/json-schema.js';
import { QualifiedNameDef } from './manifest/config-shapes.js';
import { diffObjectTypes } from './family-diff.js';
import { groupArchive } from './kinds/group-archive.js';
import { groupCreate } from './kinds/group-create.js';
import { groupUpdate } from './kinds/group-update.js';
import { propertyArchive } from './kinds/property-archive.js';
import { propertyCreate } from './kinds/property-create.js';
import { propertyRemap } from './kinds/property-remap.js';
import { propertyRename } from './kinds/property-rename.js';
import { propertyReplace } from './kinds/property-replace.js';
import { propertyRestore } from './kinds/property-restore.js';
import { propertyUnremap } from './kinds/property-unremap.js';
import { propertyUpdate } from './kinds/property-update.js';
import { propertyLive } from './live/live-part.js';
import { liveProperty, objectsOf, propertyAddress } from './model.js';
import { groupAddress } from './group-model.js';
import { parseEntry, propertyPull } from './pull/pull-part.js';
import type { PullPart } from '../../engine/pull-part.js';
import type { ObjectTypesScope } from './live/scope.js';
import { canonicalEntry } from './policy-scope.js';
import { propertyResources } from './resources.js';
import { propertyTombstones } from './tombstones.js';

/** Its change kinds, in the order the plan's JSON Schema lists them. */
export const PROPERTY_KINDS = [
  propertyCreate,
  propertyUpdate,
  propertyArchive,
  propertyReplace,
  propertyRename,
  propertyRemap,
  propertyRestore,
  propertyUnremap,
  groupCreate,
  groupUpdate,
  groupArchive,
] as const;

export const propertyFamily: Family<ObjectTypesScope> = {
  name: 'property',
  description: 'property definitions of object types, and the property groups that hold them',
  kinds: PROPERTY_KINDS,
  resources: propertyResources,
  tombstones: propertyTombstones,
  phases: {
    build: ['groups.create', 'properties.create', 'properties.update', 'groups.update', 'properties.migrate'],
    tearDown: ['properties.archive', 'groups.archive'],
  },
  planCodes: PROPERTY_PLAN_CODES,
  live: propertyLive,
  addresses: (state) =>
    [...objectsOf(state)].flatMap(([objectType, schema]) => [
      ...[...schema.properties.keys()].map((name) => propertyAddress(objectType, name)),
      ...[...schema.groups.keys()].map((name) => groupAddress(objectType, name)),
    ]),
  pull: propertyPull as PullPart,
  diff: diffObjectTypes,
  manifest: propertyManifest,
  fieldSensitivity: (state, objectType, name) => liveProperty(state, objectType, name)?.dataSensitivity,
  manage: [
    {
      key: 'groups',
      together: 'properties',
      prompt: {
        heading: 'The account holds custom properties in these groups:',
        ask: 'Groups to adopt (numbers or names, separated by commas; Enter: none): ',
        askOwn: 'Groups to own (e.g. tickets.support; separated by commas; Enter: none): ',
        noun: 'group',
        intro:
          'crm-schema manages only what the project owns: the custom properties in some groups or with some name ' +
          'prefixes (policy.manage in crm-schema.yaml). A group or prefix may be qualified by its object type ' +
          '(tickets.support_) to count for that object type only.',
      },
      flag: {
        name: 'group',
        summary:
          'Add only the custom properties in this group (support, or tickets.support for one object type); repeatable. Default: policy.manage of the project.',
        helpValue: 'GROUP',
        rank: 1,
        owns: 'The project owns the custom properties in this group (support, or deals.finance for one object type); repeatable.',
        parse: parseEntry('group'),
      },
      note: { given: ['the custom properties in these groups (tickets.support: of tickets only)'] },
      schema: Type.Array(
        ref(
          QualifiedNameDef,
          'A group name, optionally qualified by its object type (`tickets.escalation`).',
        ),
        {
          description: 'Property groups: `escalation` (in every object type) or `tickets.escalation`.',
          uniqueItems: true,
        },
      ),
      canonical: canonicalEntry,
    },
    {
      key: 'prefixes',
      together: 'properties',
      prompt: {
        heading: 'and with these name prefixes:',
        ask: 'Name prefixes to adopt (numbers or prefixes, separated by commas; Enter: none): ',
        askOwn:
          'Name prefixes to own (e.g. support_ or tickets.support_; separated by commas; Enter: none): ',
        noun: 'prefix',
      },
      flag: {
        name: 'prefix',
        summary:
          'Add only the custom properties with this name prefix (support_, or tickets.support_ for one object type); repeatable. Default: policy.manage of the project.',
        helpValue: 'PREFIX',
        rank: 0,
        owns: 'The project owns the custom properties with this name prefix (support_, or tickets.support_ for one object type); repeatable.',
        guide: 'qualify one with an object type: --prefix tickets.support_, --group deals.finance',
        parse: parseEntry('prefix'),
      },
      note: {
        given: ['the custom properties with these name prefixes (tickets.support_: of tickets only)'],
      },
      schema: Type.Array(
        ref(QualifiedNameDef, 'A name prefix, optionally qualified by its object type (`tickets.support_`).'),
        {
          description:
            'Name prefixes of properties and groups: `support_` (in every object type, and event definitions and event properties too) or `tickets.support_`.',
          uniqueItems: true,
        },
      ),
      canonical: canonicalEntry,
    },
  ],
};
