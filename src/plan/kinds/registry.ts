/**
 * The registry: change type -> its kind descriptor. Every derived value of a change (address, message,
 * base severity, phase, requests) comes from here, so a plan read back from JSON derives the same.
 */
import type { Change, ChangeType } from '../change-types.js';
import type { Phase } from '../phases.js';
import type { PlannedRequest } from '../requests/request-types.js';
import type { Assessment } from '../severity.js';
import type { ChangeAction, ChangeKind } from './change-kind.js';
import { eventDefinitionCreate } from './event-definition-kinds.js';
import { eventPropertyCreate, eventPropertyDelete, eventPropertyUpdate } from './event-property-kinds.js';
import { groupArchive, groupCreate, groupUpdate } from './group-kinds.js';
import { labelCreate, labelDelete, labelUpdate } from './label-kinds.js';
import { limitPurge, limitSet } from './limit-kinds.js';
import { propertyArchive, propertyCreate, propertyReplace, propertyUpdate } from './property-kinds.js';
import { changeId } from '../change-id.js';

const KINDS: { readonly [T in ChangeType]: ChangeKind<Extract<Change, { type: T }>> } = {
  'property.create': propertyCreate,
  'property.update': propertyUpdate,
  'property.archive': propertyArchive,
  'property.replace': propertyReplace,
  'group.create': groupCreate,
  'group.update': groupUpdate,
  'group.archive': groupArchive,
  'label.create': labelCreate,
  'label.update': labelUpdate,
  'label.delete': labelDelete,
  'limit.set': limitSet,
  'limit.purge': limitPurge,
  'eventDefinition.create': eventDefinitionCreate,
  'eventProperty.create': eventPropertyCreate,
  'eventProperty.update': eventPropertyUpdate,
  'eventProperty.delete': eventPropertyDelete,
};

function kindOf<C extends Change>(change: C): ChangeKind<C> {
  // the mapped type guarantees KINDS[change.type] handles exactly this change's meta
  return KINDS[change.type] as unknown as ChangeKind<C>;
}

export function addressOf(change: Change): string {
  return kindOf(change).address(change.meta);
}

export function messageOf(change: Change): string {
  return kindOf(change).message(change.meta);
}

export function baseSeverityOf(change: Change): Assessment {
  return kindOf(change).severity(change.meta);
}

export function phaseOf(change: Change): Phase {
  return kindOf(change).phase(change.meta);
}

export function requestsFor(change: Change): PlannedRequest[] {
  return kindOf(change).requests(change.meta);
}

export function actionOf(change: Change): ChangeAction {
  return kindOf(change).action(change.meta);
}

export function idOf(change: Change): string {
  return changeId(change.type, addressOf(change));
}
