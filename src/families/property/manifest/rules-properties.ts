/** Rules on single properties: the type/fieldType pair, formulas present where needed, reserved names. */
import { VALID_FIELD_TYPES } from '../../../wire/api.js';
import { report } from '../../../engine/manifest/rules/context.js';
import type { Rule } from '../../../engine/manifest/rules/context.js';
import { propertyItems } from './declarations.js';

export const fieldTypeRule: Rule = ({ items, sink }) => {
  for (const { entry, ref } of propertyItems(items)) {
    if (entry.archived || entry.type === undefined || entry.fieldType === undefined) continue;
    const valid = VALID_FIELD_TYPES[entry.type];
    if (valid.includes(entry.fieldType)) continue;
    report(sink, ref, ['fieldType'], {
      code: 'FIELD_TYPE_MISMATCH',
      message: `fieldType '${entry.fieldType}' does not go with type '${entry.type}'`,
      hint: `type '${entry.type}' takes fieldType ${valid.map((f) => `'${f}'`).join(', ')}`,
    });
  }
};

export const formulaPresenceRule: Rule = ({ items, sink }) => {
  for (const { entry, ref } of propertyItems(items)) {
    if (entry.archived) continue;
    const calculated = entry.fieldType === 'calculation_equation';
    if (calculated && entry.calculationFormula === undefined) {
      report(sink, ref, ['fieldType'], {
        code: 'FORMULA_MISSING',
        message: `property '${entry.name}' is calculated (fieldType calculation_equation) but has no calculationFormula`,
        hint: 'add calculationFormula, e.g. calculationFormula: amount * 2',
      });
    } else if (!calculated && entry.calculationFormula !== undefined) {
      report(sink, ref, ['calculationFormula'], {
        code: 'FORMULA_NOT_ALLOWED',
        message: `calculationFormula needs fieldType calculation_equation (property '${entry.name}' has '${entry.fieldType ?? ''}')`,
        hint: 'set fieldType: calculation_equation, or remove calculationFormula',
      });
    }
  }
};

export const reservedNameRule: Rule = ({ items, sink }) => {
  for (const { entry, ref } of propertyItems(items)) {
    if (!entry.name.startsWith('hs_')) continue;
    report(sink, ref, ['name'], {
      code: 'RESERVED_NAME',
      message: `'${entry.name}' starts with 'hs_', which the platform keeps for built-in properties`,
      hint: 'crm-schema never creates or changes built-in properties; give a custom property another name',
    });
  }
};
