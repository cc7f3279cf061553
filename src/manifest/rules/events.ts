/** Per event: at most 500 properties (the platform's limit); a `definition` block's primary object is one the API takes. */
import { at } from '../../core/must.js';
import { report } from './context.js';
import type { Rule } from './context.js';
import { MAX_EVENT_PROPERTIES } from '../../model/platform-limits.js';

export const eventPropertyLimitRule: Rule = ({ model, sink }) => {
  for (const [eventName, properties] of model.eventProperties) {
    const present = [...properties.values()].filter((p) => !p.deleted);
    if (present.length <= MAX_EVENT_PROPERTIES) continue;
    sink.at(at(present, MAX_EVENT_PROPERTIES).source, {
      code: 'TOO_MANY_EVENT_PROPERTIES',
      message: `${present.length} properties on event ${eventName}; the platform allows at most ${MAX_EVENT_PROPERTIES}`,
    });
  }
};

/** The platform's words for the four classic objects, or an object type name or id. */
const PRIMARY_OBJECT = /^(CONTACT|COMPANY|DEAL|TICKET|[a-z][a-z0-9_]*|[0-9]+-[0-9]+)$/;

export const eventDefinitionRule: Rule = ({ items, sink }) => {
  for (const { entry, ref } of items.eventDefinitions) {
    const primary = entry.primaryObject;
    if (primary === undefined || PRIMARY_OBJECT.test(primary)) continue;
    report(sink, ref, ['primaryObject'], {
      code: 'INVALID_VALUE',
      message: `'${primary}' is not a primary object: use CONTACT, COMPANY, DEAL or TICKET, or an object type name or id`,
      hint: `for example CONTACT, or 'tickets' / '0-5'`,
    });
  }
};
