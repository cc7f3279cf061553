/** The event family's part of the manifests: `EventProperties` documents, their definition and properties. */
import type { ManifestPart } from '../../../engine/manifest-part.js';
import { nameRule } from '../../../engine/manifest/schema/ajv-messages.js';
import {
  eventDefinitionRule,
  eventOptionReplacesRule,
  eventOptionsRule,
  eventPropertyLimitRule,
} from './rules-events.js';
import { EVENT_VALIDATION_CODES } from './codes.js';
import {
  declareEvents,
  desireEvents,
  EVENT_PROPERTIES_KIND,
  type EventDeclarations,
} from './declarations.js';
import {
  EventDefinitionDef,
  EventNameDef,
  EventPropertiesManifestDef,
  EventPropertyDef,
  EventPropertyNameDef,
} from './shapes.js';

export const eventManifest: ManifestPart<EventDeclarations> = {
  documents: [
    {
      kind: EVENT_PROPERTIES_KIND,
      summary: 'properties of one custom event',
      schema: EventPropertiesManifestDef,
      lists: [
        {
          key: 'properties',
          missingHint:
            'an event property needs name, label and type; to delete one, give only name and deleted: true',
          tombstone: { flag: 'deleted', keys: ['name', 'deleted'] },
        },
      ],
      blocks: ['definition'],
      about: (data) => (typeof data.eventName === 'string' ? data.eventName : undefined),
      keyOrder: ['kind', 'eventName', 'definition', 'properties'],
      newFile: { name: () => 'events.yaml', shared: true },
      header: (eventName) => ({ eventName }),
    },
  ],
  defs: [
    EventPropertiesManifestDef,
    EventDefinitionDef,
    EventPropertyDef,
    EventPropertyNameDef,
    EventNameDef,
  ],
  configDefs: [EventNameDef],
  patterns: {
    eventPropertyName: (value) => nameRule(value, 'event property name', 50),
    eventName: (value) => nameRule(value, 'event name', 100),
  },
  synonyms: { event: ['eventName'] },
  codes: EVENT_VALIDATION_CODES,
  declare: declareEvents,
  rules: [eventOptionsRule, eventOptionReplacesRule, eventPropertyLimitRule, eventDefinitionRule],
  desire: desireEvents,
};
