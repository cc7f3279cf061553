/**
 * Every object type a manifest names is one the platform has (by name, any case), an object type id
 * (`0-5`, `2-123`), a custom object's fully qualified name (`p123456_cars`), or a custom object type the
 * project file declares (`objectTypes:`). Anything else is a typo that would otherwise fail only at plan
 * time, with a 400 and no place: an error here, at the name, with the closest known name.
 */
import { isKnownObjectType, PLATFORM_OBJECT_TYPE_NAMES } from '../../model/object-types.js';
import { closest } from '../schema/suggest.js';
import type { Rule } from './context.js';

export const objectTypeRule: Rule = ({ items, sink, objectTypes }) => {
  for (const { name, key, at } of items.objectTypes) {
    if (isKnownObjectType(name, objectTypes)) continue;
    const suggestion = closest(name, [...PLATFORM_OBJECT_TYPE_NAMES, ...objectTypes]);
    sink.at(at, {
      code: 'OBJECT_TYPE_UNKNOWN',
      path: key,
      message: `'${name}' is not an object type: not one of the platform's, not an id such as 0-5 or 2-123, and not in objectTypes: of the project file`,
      hint:
        (suggestion === undefined ? '' : `did you mean '${suggestion}'? Or, `) +
        `for a custom object type, use its id (2-...) or add '${name}' to objectTypes: in crm-schema.yaml`,
    });
  }
};
