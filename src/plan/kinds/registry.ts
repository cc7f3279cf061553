/**
 * The registry: change type -> its kind. Every derived value of a change (target, address, message,
 * base severity, phase, requests, end state, dependencies, details) comes from here, so a plan read back
 * from JSON derives the same, and generic code never switches on change types.
 */
import type { WriteRequest } from '../../api/writes.js';
import type { SchemaState } from '../../model/schema-model.js';
import type { Change, ChangeType, FieldChange, RemovalCause } from '../change-types.js';
import { changeId } from '../change-id.js';
import type { Phase } from '../phases.js';
import type { Assessment } from '../severity.js';
import type { ChangeAction, ChangeDetail, ChangeKind, DependencyKeys, Migration } from './change-kind.js';
import type { EndState } from './end-state.js';
import { eventDefinitionCreate } from './event-definition-create.js';
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
import { propertyUpdate } from './property-update.js';
import { liveResourceOf, type ResourceRef } from './resource.js';

const KINDS: { readonly [T in ChangeType]: ChangeKind<Extract<Change, { type: T }>> } = {
  'property.create': propertyCreate,
  'property.update': propertyUpdate,
  'property.archive': propertyArchive,
  'property.replace': propertyReplace,
  'property.rename': propertyRename,
  'property.remap': propertyRemap,
  'property.restore': propertyRestore,
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

export function targetOf(change: Change): ResourceRef {
  return kindOf(change).target(change.meta);
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

export function requestsFor(change: Change): WriteRequest[] {
  return kindOf(change).requests(change.meta);
}

export function actionOf(change: Change): ChangeAction {
  return kindOf(change).action(change.meta);
}

export function idOf(change: Change): string {
  return changeId(change.type, addressOf(change));
}

/** Whether a change's write is a create: sent with the `unsafe` retry class, never twice blindly. */
export function isCreate(change: Change): boolean {
  return kindOf(change).creates(change.meta);
}

/** Whether a change removes something: a 404 means its end state (absent) already holds. */
export function isRemoval(change: Change): boolean {
  return kindOf(change).removes;
}

/** The live resource a change acts on, or undefined when there is none. */
export function liveResourceFor(change: Change, live: SchemaState): unknown {
  return liveResourceOf(targetOf(change), live);
}

/** Whether the live state holds what the change wants (see end-state.ts). */
export function endStateOf(
  change: Change,
  live: SchemaState,
  typeIds: ReadonlyMap<string, number> = new Map(),
): EndState {
  const found = liveResourceOf(targetOf(change), live, typeIds);
  return kindOf(change).endState(change.meta, found, { live, typeIds });
}

export function dependencyKeysOf(change: Change): Partial<DependencyKeys> {
  return kindOf(change).dependencies?.(change.meta) ?? {};
}

export function detailsOf(change: Change): ChangeDetail[] {
  return kindOf(change).details?.(change.meta) ?? [];
}

/** The fields an update or replace changes (live -> declared); none for other kinds. */
export function changedFieldsOf(change: Change): readonly FieldChange[] {
  return kindOf(change).fields?.(change.meta) ?? [];
}

/** Why a removal removes; undefined for changes that remove nothing. */
export function causeOf(change: Change): RemovalCause | 'type-change' | undefined {
  return kindOf(change).cause?.(change.meta);
}

/** The data work a change does on records, if any. */
export function migrationOf(change: Change): Migration | undefined {
  return kindOf(change).migration?.(change.meta);
}
