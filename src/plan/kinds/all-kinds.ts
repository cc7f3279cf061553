/**
 * Every change kind, in the order the plan's JSON Schema lists them. Adding a kind is its module and
 * one line here: the registry, the list of change types (`CHANGE_TYPES`), the `Change` union and the
 * plan's JSON Schema all follow from this list.
 */
import { eventDefinitionCreate } from './event-definition-create.js';
import { eventDefinitionUpdate } from './event-definition-update.js';
import { eventPropertyCreate } from './event-property-create.js';
import { eventPropertyDelete } from './event-property-delete.js';
import { eventPropertyUpdate } from './event-property-update.js';
import { groupArchive } from './group-archive.js';
import { groupCreate } from './group-create.js';
import { groupUpdate } from './group-update.js';
import { labelCreate } from './label-create.js';
import { labelDelete } from './label-delete.js';
import { labelUpdate } from './label-update.js';
import { limitPurge } from './limit-purge.js';
import { limitSet } from './limit-set.js';
import { propertyArchive } from './property-archive.js';
import { propertyCreate } from './property-create.js';
import { propertyRemap } from './property-remap.js';
import { propertyRename } from './property-rename.js';
import { propertyReplace } from './property-replace.js';
import { propertyRestore } from './property-restore.js';
import { propertyUnremap } from './property-unremap.js';
import { propertyUpdate } from './property-update.js';

export const KINDS = [
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
  labelCreate,
  labelUpdate,
  labelDelete,
  limitSet,
  limitPurge,
  eventDefinitionCreate,
  eventDefinitionUpdate,
  eventPropertyCreate,
  eventPropertyUpdate,
  eventPropertyDelete,
] as const;
