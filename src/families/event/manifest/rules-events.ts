/** Per event: at most 500 properties (the platform's limit); a `definition` block's primary object is one the API takes. */
import { at } from '../../../core/must.js';
import { report } from '../../../engine/manifest/rules/context.js';
import { checkOptionList } from '../../property/manifest/rules-options.js';
import type { Rule } from '../../../engine/manifest/rules/context.js';
import { MAX_EVENT_PROPERTIES } from '../../../wire/platform-limits.js';
import { eventPropertyItems } from './declarations.js';
import { eventDefinitionItems } from './declarations.js';
import { declarationsOf } from '../../../engine/manifest/model/declarations.js';
import type { EventDeclarations } from './declarations.js';
import { EVENTS } from '../model.js';

export const eventPropertyLimitRule: Rule = ({ model, sink }) => {
  for (const [eventName, properties] of declarationsOf<EventDeclarations>(model, EVENTS.family)
    .eventProperties) {
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
  for (const { entry, ref } of eventDefinitionItems(items)) {
    const primary = entry.primaryObject;
    if (primary === undefined || PRIMARY_OBJECT.test(primary)) continue;
    report(sink, ref, ['primaryObject'], {
      code: 'INVALID_VALUE',
      message: `'${primary}' is not a primary object: use CONTACT, COMPANY, DEAL or TICKET, or an object type name or id`,
      hint: `for example CONTACT, or 'tickets' / '0-5'`,
    });
  }
};

export const eventOptionsRule: Rule = ({ items, sink }) => {
  for (const { entry, ref } of eventPropertyItems(items)) {
    if (entry.deleted || entry.type === undefined) continue;
    const options = entry.options ?? [];
    if (entry.type === 'enumeration' && options.length === 0) {
      report(sink, ref, entry.options === undefined ? ['type'] : ['options'], {
        code: 'OPTIONS_REQUIRED',
        message: `enumeration event property '${entry.name}' needs at least one option`,
        hint: 'add options: [{ label: ..., value: ... }]',
      });
    } else if (entry.type !== 'enumeration' && options.length > 0) {
      report(sink, ref, ['options'], {
        code: 'OPTIONS_NOT_ALLOWED',
        message: `a ${entry.type} event property takes no options (only enumeration does)`,
        hint: 'remove options, or change type to enumeration',
      });
    }
    checkOptionList(options, ref, sink);
  }
};

export const eventOptionReplacesRule: Rule = ({ items, sink }) => {
  for (const { entry, ref } of eventPropertyItems(items)) {
    (entry.options ?? []).forEach((option, index) => {
      if (option.replaces === undefined) return;
      report(sink, ref, ['options', index, 'replaces'], {
        code: 'REPLACES_INVALID',
        message: 'replaces is for the options of object properties: events already sent cannot be rewritten',
        hint: 'remove replaces',
      });
    });
  }
};
