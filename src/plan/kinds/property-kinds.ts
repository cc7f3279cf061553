/** property.create / update / archive / replace */
import type {
  PropertyArchiveChange,
  PropertyCreateChange,
  PropertyReplaceChange,
  PropertyUpdateChange,
} from '../change-types.js';
import { propertyAddress } from '../../model/address.js';
import { patchBody, propertyCreateBody } from '../requests/bodies.js';
import { propertiesBatchPath, propertiesPath, propertyPath } from '../requests/paths.js';
import type { PlannedRequest } from '../requests/request-types.js';
import { fieldNames, type ChangeKind } from './change-kind.js';

function createRequest(objectType: string, body: ReturnType<typeof propertyCreateBody>): PlannedRequest {
  return { method: 'POST', path: propertiesPath(objectType), body };
}

function archiveRequest(objectType: string, name: string): PlannedRequest {
  return { method: 'DELETE', path: propertyPath(objectType, name) };
}

export const propertyCreate: ChangeKind<PropertyCreateChange> = {
  action: () => 'create',
  address: (m) => propertyAddress(m.objectType, m.property.name),
  message: (m) => {
    const p = m.property;
    const options =
      p.options.length > 0 ? `, ${p.options.length} option${p.options.length === 1 ? '' : 's'}` : '';
    return `Create property ${propertyAddress(m.objectType, p.name)} "${p.label}" (${p.type}/${p.fieldType}${options})`;
  },
  severity: () => ({ severity: 'safe', reason: 'adds a new property' }),
  phase: () => 'properties.create',
  requests: (m) => {
    const body = propertyCreateBody(m.property);
    // batch create is beyond the spec (reference §1)
    return [
      {
        ...createRequest(m.objectType, body),
        batch: { path: propertiesBatchPath(m.objectType, 'create'), item: body },
      },
    ];
  },
};

export const propertyUpdate: ChangeKind<PropertyUpdateChange> = {
  action: () => 'update',
  address: (m) => propertyAddress(m.objectType, m.name),
  message: (m) => `Update property ${propertyAddress(m.objectType, m.name)}: ${fieldNames(m.fields)}`,
  severity: () => ({ severity: 'safe', reason: 'changes editable fields in place' }),
  phase: () => 'properties.update',
  requests: (m) => [{ method: 'PATCH', path: propertyPath(m.objectType, m.name), body: patchBody(m.fields) }],
};

export const propertyArchive: ChangeKind<PropertyArchiveChange> = {
  action: () => 'remove',
  address: (m) => propertyAddress(m.objectType, m.name),
  message: (m) =>
    `Archive property ${propertyAddress(m.objectType, m.name)}` +
    (m.cause === 'unmanaged' ? ' (in no manifest; policy unmanaged: archive)' : ''),
  severity: () => ({
    severity: 'destructive',
    reason: 'archives the property: its values are no longer readable on records',
  }),
  phase: () => 'properties.archive',
  requests: (m) => [
    {
      ...archiveRequest(m.objectType, m.name),
      // batch archive is beyond the spec (reference §1)
      batch: { path: propertiesBatchPath(m.objectType, 'archive'), item: { name: m.name } },
    },
  ],
};

export const propertyReplace: ChangeKind<PropertyReplaceChange> = {
  action: () => 'replace',
  address: (m) => propertyAddress(m.objectType, m.name),
  message: (m) =>
    `Replace property ${propertyAddress(m.objectType, m.name)} (archive + create): ` +
    `${fieldNames(m.immutable)} cannot be changed in place`,
  severity: (m) => ({
    severity: 'destructive',
    reason:
      `${m.immutable.map((f) => `${f.field} ${JSON.stringify(f.old)} -> ${JSON.stringify(f.new)}`).join(', ')} ` +
      'cannot be changed in place: the property is archived and created again, and values on records may be lost',
  }),
  phase: () => 'properties.create',
  // sequential, never merged: the create must follow the archive of the same name
  requests: (m) => [
    archiveRequest(m.objectType, m.name),
    createRequest(m.objectType, propertyCreateBody(m.property)),
  ],
};
