/**
 * A property's group: declared in some manifest or a built-in group of its object type (else a warning:
 * it must exist in the account), and not archived by the manifests.
 */
import { isBuiltInGroup } from '../built-in-groups.js';
import { canonicalObjectType } from '../../../engine/model/object-types.js';
import { report } from '../../../engine/manifest/rules/context.js';
import type { Rule } from '../../../engine/manifest/rules/context.js';
import { propertyItems } from './declarations.js';
import { declarationsOf } from '../../../engine/manifest/model/declarations.js';
import type { PropertyDeclarations } from './declarations.js';
import { OBJECTS } from '../model.js';

export const propertyGroupRule: Rule = ({ items, model, sink }) => {
  for (const { objectType, entry, ref } of propertyItems(items)) {
    if (entry.archived || entry.groupName === undefined) continue;
    const key = canonicalObjectType(objectType);
    const group = declarationsOf<PropertyDeclarations>(model, OBJECTS.family)
      .groups.get(key)
      ?.get(entry.groupName);
    if (group?.archived) {
      report(sink, ref, ['groupName'], {
        code: 'GROUP_ARCHIVED',
        message: `'${entry.name}' is in group '${entry.groupName}', which the manifests archive`,
        hint: 'move the property to another group, or keep the group',
      });
    } else if (!group && !isBuiltInGroup(key, entry.groupName)) {
      report(sink, ref, ['groupName'], {
        code: 'GROUP_UNDECLARED',
        message: `group '${entry.groupName}' of ${key} is declared in no manifest; it must exist in the account`,
        hint: `declare it under groups: in a Properties manifest for ${objectType}, unless it is a built-in group`,
      });
    }
  }
};
