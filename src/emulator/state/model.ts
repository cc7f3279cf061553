/**
 * The emulator's whole state: one plain JSON-able value, persisted as is with `--data FILE`.
 * Properties, groups and event definitions are stored in their API shape so that reads return them
 * without conversion.
 */
import type { AssociationCategory, EventDefinition, Property, PropertyGroup } from '../../wire/api.js';

export const STATE_FORMAT_VERSION = 1;

export interface EmulatorState {
  formatVersion: typeof STATE_FORMAT_VERSION;
  accountId: number;
  counters: {
    /** last record id handed out (record ids are numeric strings, unique across object types) */
    record: number;
    /** last association type id handed out to a user label */
    associationType: number;
    /** last event definition id handed out */
    eventDefinition: number;
  };
  /** keyed by object type id, e.g. `0-5` */
  objectTypes: Record<string, ObjectTypeState>;
  /** keyed by association type id (as a string) */
  associationTypes: Record<string, AssociationTypeState>;
  /** one entry per direction: a tickets->orders link is stored along with its orders->tickets inverse */
  recordAssociations: RecordAssociation[];
  /** keyed by event definition name */
  eventDefinitions: Record<string, EventDefinition>;
}

export interface ObjectTypeState {
  objectTypeId: string;
  /** plural name used in paths, e.g. `tickets` */
  name: string;
  /** the property shown as a record's primary label (custom object types from a seed file) */
  primaryProperty?: string;
  /** keyed by property name; archived ones stay here with `archived: true` */
  properties: Record<string, Property>;
  /** keyed by group name; archived ones stay here with `archived: true` */
  groups: Record<string, PropertyGroup>;
  /** keyed by record id */
  records: Record<string, RecordState>;
}

export interface HistoryEntry {
  value: string;
  timestamp: string;
  sourceType: string;
}

export interface RecordState {
  id: string;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  archivedAt?: string;
  /** current values; a cleared value is removed from the map */
  properties: Record<string, string>;
  /** every value ever set, newest first */
  history: Record<string, HistoryEntry[]>;
}

export interface AssociationTypeState {
  typeId: number;
  category: AssociationCategory;
  fromObjectTypeId: string;
  toObjectTypeId: string;
  /** null for the unlabeled type of a pair */
  label: string | null;
  /** internal name of a user label (never returned by the label lists) */
  name?: string;
  /** the type id of the other direction */
  inverseTypeId?: number;
  /** the user-set cap (`userEnforcedMaxToObjectIds` on the wire); absent when no limit is set */
  maxToObjectIds?: number;
}

export interface RecordAssociation {
  fromObjectTypeId: string;
  fromId: string;
  toObjectTypeId: string;
  toId: string;
  typeId: number;
  category: AssociationCategory;
}
