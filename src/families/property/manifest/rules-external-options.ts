/** `externalOptions` only for enumerations, and only with `referencedObjectType: OWNER`. */
import { report } from '../../../engine/manifest/rules/context.js';
import type { Rule } from '../../../engine/manifest/rules/context.js';
import { propertyItems } from './declarations.js';

export const externalOptionsRule: Rule = ({ items, sink }) => {
  for (const { entry, ref } of propertyItems(items)) {
    if (entry.archived) continue;
    const external = entry.externalOptions === true;
    if (external && entry.type !== 'enumeration') {
      report(sink, ref, ['externalOptions'], {
        code: 'EXTERNAL_OPTIONS_INVALID',
        message: `externalOptions is only for enumeration properties ('${entry.name}' is ${entry.type ?? 'untyped'})`,
        hint: 'remove externalOptions, or make the property type: enumeration',
      });
    }
    if (external && entry.referencedObjectType !== 'OWNER') {
      report(
        sink,
        ref,
        entry.referencedObjectType === undefined ? ['externalOptions'] : ['referencedObjectType'],
        {
          code: 'EXTERNAL_OPTIONS_INVALID',
          message: 'externalOptions: true needs referencedObjectType: OWNER',
          hint: 'set referencedObjectType: OWNER (the options are then the account users)',
        },
      );
    }
    if (!external && entry.referencedObjectType === 'OWNER') {
      report(sink, ref, ['referencedObjectType'], {
        code: 'EXTERNAL_OPTIONS_INVALID',
        message: 'referencedObjectType: OWNER needs externalOptions: true',
        hint: 'add externalOptions: true, or remove referencedObjectType',
      });
    }
  }
};
