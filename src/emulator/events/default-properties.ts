/**
 * Platform-defined properties a custom event definition gets with `includeDefaultProperties: true`
 * (a subset of the platform's: the visit context it records for every event occurrence). They cannot be
 * changed or deleted.
 */
import type { EventProperty, EventPropertyType } from '../../wire/api.js';
import { buildEventProperty } from './event-property.js';

const DEFAULTS: readonly [name: string, label: string, type: EventPropertyType][] = [
  ['hs_city', 'City', 'string'],
  ['hs_region', 'Region', 'string'],
  ['hs_country', 'Country', 'string'],
  ['hs_browser', 'Browser', 'string'],
  ['hs_device_type', 'Device type', 'string'],
  ['hs_operating_system', 'Operating system', 'string'],
  ['hs_language', 'Language', 'string'],
  ['hs_page_url', 'Page URL', 'string'],
  ['hs_referrer', 'Referrer', 'string'],
  ['hs_utm_source', 'UTM source', 'string'],
  ['hs_utm_medium', 'UTM medium', 'string'],
  ['hs_utm_campaign', 'UTM campaign', 'string'],
];

export function defaultEventProperties(now: string): EventProperty[] {
  return DEFAULTS.map(([name, label, type]) => ({
    ...buildEventProperty({ name, label, type, description: '', options: [] }, now),
    platformDefined: true,
    modificationMetadata: { archivable: false, readOnlyDefinition: true, readOnlyValue: false },
  }));
}
