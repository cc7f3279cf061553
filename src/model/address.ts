/**
 * Address forms: what users read and what `dependsOn`, record counts, diagnostics and policies refer to.
 *
 *   property        tickets.escalation_level
 *   group           tickets.group:escalation
 *   label / limit   tickets->orders:Primary order        (limit of a built-in type: tickets->orders:PLATFORM_DEFINED/27)
 *   event property  event:order_shipped.carrier
 *   event definition event:order_shipped
 *
 * A label and its limit share an address; the change type tells them apart (a change's id).
 */
import { limitKey, pairKey } from './normalize-association.js';
import type { NormalizedLimit } from './schema-model.js';

export function propertyAddress(objectType: string, name: string): string {
  return `${objectType}.${name}`;
}

export function groupAddress(objectType: string, name: string): string {
  return `${objectType}.group:${name}`;
}

export function labelAddress(from: string, to: string, label: string): string {
  return `${pairKey(from, to)}:${label}`;
}

export function limitAddress(
  from: string,
  to: string,
  limit: Pick<NormalizedLimit, 'category' | 'typeId' | 'label'>,
): string {
  return `${pairKey(from, to)}:${limitKey(limit)}`;
}

export function eventDefinitionAddress(eventName: string): string {
  return `event:${eventName}`;
}

export function eventPropertyAddress(eventName: string, name: string): string {
  return `event:${eventName}.${name}`;
}
