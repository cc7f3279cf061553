/** Per event: at most 500 properties (reference §1). */
import type { Rule } from './context.js';

export const MAX_EVENT_PROPERTIES = 500;

export const eventPropertyLimitRule: Rule = ({ model, sink }) => {
  for (const [eventName, properties] of model.eventProperties) {
    const present = [...properties.values()].filter((p) => !p.deleted);
    if (present.length <= MAX_EVENT_PROPERTIES) continue;
    sink.at(present[MAX_EVENT_PROPERTIES].source, {
      code: 'TOO_MANY_EVENT_PROPERTIES',
      message: `${present.length} properties on event ${eventName}; the platform allows at most ${MAX_EVENT_PROPERTIES}`,
    });
  }
};
